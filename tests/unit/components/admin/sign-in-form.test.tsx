/** @jest-environment jsdom */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SignInForm } from '@/components/admin/sign-in/sign-in-form';
import { getSession, logout } from '@/lib/admin-client/session';
import { callsTo, on, resetFakeApi } from './fake-api';
import { fakeToken, renderAdmin, t, validation } from './render-admin';

jest.mock('@/lib/client/api', () => jest.requireActual('./fake-api'));

const TOKEN = fakeToken('u-1');
const PRINCIPAL = {
  uuid: 'u-1',
  username: 'ana',
  role: { name: 'ADMIN', permissions: [{ authority: 'USER_READ' }] },
  mustChangePassword: false,
};

const username = () => screen.getByLabelText(t.signIn.username);
const password = () => screen.getByLabelText(t.signIn.password);
const submit = () => fireEvent.click(screen.getByRole('button', { name: t.signIn.submit }));

/** The form's alert region is always there (so that it is announced); wait for its text. */
const alerts = (text: string) => waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(text));

async function fill(user: string, pass: string) {
  await userEvent.type(username(), user);
  await userEvent.type(password(), pass);
}

beforeEach(() => {
  resetFakeApi();
  localStorage.clear();
  logout();
});

describe('SignInForm', () => {
  it('says next to each empty field that it is required, and sends nothing', async () => {
    renderAdmin(<SignInForm />);
    submit();
    await waitFor(() => expect(username()).toHaveAttribute('aria-invalid', 'true'));
    expect(username()).toHaveAccessibleDescription(validation.required);
    expect(password()).toHaveAccessibleDescription(validation.required);
    expect(callsTo('POST', '/api/login')).toHaveLength(0);
  });

  it('signs in: the session holds the user, the token and the permissions', async () => {
    on('POST', '/api/login', {
      body: { username: 'ana', mustChangePassword: false },
      headers: { Authorization: TOKEN },
    });
    on('GET', '/api/users/user', { body: PRINCIPAL });
    renderAdmin(<SignInForm />);
    await fill(' ana ', 'correct horse battery');
    submit();
    await waitFor(() => expect(getSession().status).toBe('signedIn'));
    expect(callsTo('POST', '/api/login')[0]!.json).toEqual({
      username: 'ana',
      password: 'correct horse battery',
    });
    expect(JSON.parse(localStorage.getItem('currentUser')!)).toEqual({ username: 'ana', token: TOKEN });
    expect(JSON.parse(localStorage.getItem('principal')!)).toEqual(PRINCIPAL);
  });

  it('answers a wrong pair with one message, clears the password and puts the cursor back in it', async () => {
    on('POST', '/api/login', {
      status: 401,
      body: { error: { code: 'UNAUTHORIZED', message: 'Wrong username or password' } },
    });
    renderAdmin(<SignInForm />);
    await fill('ana', 'wrong password');
    submit();
    await alerts(t.signIn.wrongCredentials);
    expect(password()).toHaveValue('');
    expect(password()).toHaveFocus();
    expect(localStorage.getItem('currentUser')).toBeNull();
  });

  it('tells a locked account to come back later, in minutes when the server says how long', async () => {
    on('POST', '/api/login', {
      status: 429,
      body: { error: { code: 'TOO_MANY_REQUESTS', message: 'later' } },
      headers: { 'Retry-After': '1740' },
    });
    renderAdmin(<SignInForm />);
    await fill('ana', 'any password');
    submit();
    await alerts(t.signIn.lockedFor.replace('{minutes}', '29'));
  });

  it('tells a locked account to try again later when no Retry-After came', async () => {
    on('POST', '/api/login', {
      status: 429,
      body: { error: { code: 'TOO_MANY_REQUESTS', message: 'later' } },
    });
    renderAdmin(<SignInForm />);
    await fill('ana', 'any password');
    submit();
    await alerts(t.signIn.locked);
  });

  it('says the server could not be reached when no answer came', async () => {
    on('POST', '/api/login', () => {
      throw new (jest.requireActual('./fake-api').ApiRequestError)('/api/login', 0, 'Unknown Error');
    });
    renderAdmin(<SignInForm />);
    await fill('ana', 'any password');
    submit();
    await alerts(t.errors.network);
  });
});

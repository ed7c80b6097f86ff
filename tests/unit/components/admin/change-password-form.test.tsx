/** @jest-environment jsdom */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ChangePasswordForm } from '@/components/admin/password/change-password-form';
import { getSession, logout } from '@/lib/admin-client/session';
import { callsTo, on, resetFakeApi } from './fake-api';
import { fakeToken, renderAdmin, signInAs, t, validation } from './render-admin';

jest.mock('@/lib/client/api', () => jest.requireActual('./fake-api'));

const router = { replace: jest.fn(), push: jest.fn() };
jest.mock('next/navigation', () => ({ useRouter: () => router, usePathname: () => '/admin/password' }));

const NEW_TOKEN = fakeToken('u-1', Math.floor(Date.now() / 1000) + 7200);
const PRINCIPAL = {
  uuid: 'u-1',
  username: 'ana',
  role: { name: 'OPERATOR', permissions: [{ authority: 'PAYMENT_READ' }] },
};

const p = t.password;
async function type(current: string, next: string, again = next) {
  for (const [label, text] of [
    [p.current, current],
    [p.new, next],
    [p.confirm, again],
  ] as const) {
    await userEvent.clear(screen.getByLabelText(label));
    await userEvent.type(screen.getByLabelText(label), text);
  }
  fireEvent.click(screen.getByRole('button', { name: p.submit }));
}

beforeEach(() => {
  resetFakeApi();
  localStorage.clear();
  logout();
  router.replace.mockClear();
  on('POST', '/api/users/change-pass', { headers: { Authorization: NEW_TOKEN } });
  on('GET', '/api/users/user', { body: { ...PRINCIPAL, mustChangePassword: false } });
});

describe('ChangePasswordForm', () => {
  it('checks the rules before sending: length, a different password, the same one twice', async () => {
    signInAs(['PAYMENT_READ']);
    renderAdmin(<ChangePasswordForm />);
    await type('old password here', 'short', 'other');
    expect(await screen.findByText(validation.passwordTooShort)).toBeInTheDocument();
    await type('same password 123', 'same password 123', 'same password 124');
    expect(await screen.findByText(validation.passwordSameAsOld)).toBeInTheDocument();
    expect(screen.getByText(p.mismatch)).toBeInTheDocument();
    expect(callsTo('POST', '/api/users/change-pass')).toHaveLength(0);
  });

  it('puts a wrong current password next to its field', async () => {
    signInAs(['PAYMENT_READ']);
    on('POST', '/api/users/change-pass', {
      status: 422,
      body: {
        error: {
          code: 'VALIDATION',
          message: 'bad',
          issues: [{ path: 'oldPass', code: 'passwordWrong', message: 'wrong' }],
        },
      },
    });
    renderAdmin(<ChangePasswordForm />);
    await type('not my password', 'a brand new password');
    await waitFor(() =>
      expect(screen.getByLabelText(p.current)).toHaveAccessibleDescription(validation.passwordWrong),
    );
  });

  it('replaces the stored token, and after a forced change goes on to the first screen', async () => {
    signInAs(['PAYMENT_READ'], { mustChangePassword: true });
    renderAdmin(<ChangePasswordForm />);
    expect(screen.getByRole('heading', { name: p.forcedTitle })).toBeInTheDocument();
    await type('temporary-pass-1', 'my own new password');
    await waitFor(() => expect(router.replace).toHaveBeenCalledWith('/admin/transactions'));
    expect(callsTo('POST', '/api/users/change-pass')[0]!.json).toEqual({
      oldPass: 'temporary-pass-1',
      newPass: 'my own new password',
      uuid: 'u-1',
    });
    expect(JSON.parse(localStorage.getItem('currentUser')!).token).toBe(NEW_TOKEN);
    expect(getSession()).toMatchObject({ status: 'signedIn', mustChangePassword: false });
  });

  it('says it is done when the change was not forced', async () => {
    signInAs(['PAYMENT_READ']);
    renderAdmin(<ChangePasswordForm />);
    await type('my current password', 'my own new password');
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(p.done));
    expect(router.replace).not.toHaveBeenCalled();
    expect(screen.getByLabelText(p.current)).toHaveValue('');
  });
});

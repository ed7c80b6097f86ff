/** @jest-environment jsdom */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { UsersScreen } from '@/components/admin/users/users-screen';
import { logout } from '@/lib/admin-client/session';
import { callsTo, on, resetFakeApi } from './fake-api';
import { renderAdmin, signInAs, t } from './render-admin';

jest.mock('@/lib/client/api', () => jest.requireActual('./fake-api'));

const USERS = [
  {
    uuid: 'u-1',
    username: 'ana',
    role: { name: 'ADMIN', permissions: [] },
    mustChangePassword: false,
    lockedUntil: null,
    createdAt: '2026-11-01T08:00:00.000Z',
  },
  {
    uuid: 'u-2',
    username: 'bogdan',
    role: { name: 'OPERATOR', permissions: [] },
    mustChangePassword: true,
    lockedUntil: null,
    createdAt: '2026-11-02T08:00:00.000Z',
  },
];

beforeEach(() => {
  resetFakeApi();
  localStorage.clear();
  logout();
  on('GET', '/api/users', { body: USERS });
  on('GET', '/api/users/roles', {
    body: [
      { name: 'ADMIN', permissions: [] },
      { name: 'OPERATOR', permissions: [] },
    ],
  });
});

describe('users screen', () => {
  it('without USER_WRITE lists the users but offers no creation, removal or reset', async () => {
    signInAs(['USER_READ']);
    renderAdmin(<UsersScreen />);
    expect(await screen.findByRole('rowheader', { name: 'bogdan' })).toBeInTheDocument();
    expect(screen.getByText(t.users.mustChange)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: t.users.create.title })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Șterge|Resetează/ })).not.toBeInTheDocument();
    expect(callsTo('GET', '/api/users/roles')).toHaveLength(0);
  });

  it('with USER_WRITE offers removal and reset for others, never for oneself', async () => {
    signInAs(['USER_READ', 'USER_WRITE'], { username: 'ana', uuid: 'u-1' });
    renderAdmin(<UsersScreen />);
    expect(await screen.findByRole('heading', { name: t.users.create.title })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Șterge utilizatorul bogdan' })).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: 'Resetează parola utilizatorului bogdan' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Șterge utilizatorul ana' })).not.toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: 'Resetează parola utilizatorului ana' }),
    ).not.toBeInTheDocument();
  });

  it('shows a reset’s temporary password once, and says it must be changed at the next sign-in', async () => {
    signInAs(['USER_READ', 'USER_WRITE'], { username: 'ana', uuid: 'u-1' });
    on('POST', '/api/users/reset', { body: { temporaryPassword: 'Tmp-pass-4711-xyz' } });
    renderAdmin(<UsersScreen />);
    fireEvent.click(await screen.findByRole('button', { name: 'Resetează parola utilizatorului bogdan' }));
    const confirm = within(
      await screen.findByRole('dialog', { name: 'Resetați parola utilizatorului bogdan?' }),
    );
    fireEvent.click(confirm.getByRole('button', { name: t.users.reset.confirm }));

    const result = within(await screen.findByRole('dialog', { name: 'Parola temporară pentru bogdan' }));
    expect(result.getByLabelText(t.users.reset.passwordLabel)).toHaveValue('Tmp-pass-4711-xyz');
    expect(result.getByText(/va trebui să o schimbe la următoarea autentificare/)).toBeInTheDocument();
    expect(callsTo('POST', '/api/users/reset')[0]!.params).toEqual({ uuid: 'u-2' });

    fireEvent.click(result.getByRole('button', { name: t.users.reset.close }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByDisplayValue('Tmp-pass-4711-xyz')).not.toBeInTheDocument();
  });

  it('asks before removing a user, and explains the server’s refusal of the last admin', async () => {
    signInAs(['USER_READ', 'USER_WRITE'], { username: 'ana', uuid: 'u-1' });
    on('DELETE', '/api/users/user', {
      status: 409,
      body: { error: { code: 'CONFLICT', message: 'The last admin cannot be removed' } },
    });
    renderAdmin(<UsersScreen />);
    fireEvent.click(await screen.findByRole('button', { name: 'Șterge utilizatorul bogdan' }));
    expect(callsTo('DELETE', '/api/users/user')).toHaveLength(0);
    const confirm = within(await screen.findByRole('dialog', { name: 'Ștergeți utilizatorul bogdan?' }));
    fireEvent.click(confirm.getByRole('button', { name: t.users.remove.confirm }));
    await waitFor(() => expect(confirm.getByRole('alert')).toHaveTextContent(t.users.remove.conflict));
    expect(callsTo('DELETE', '/api/users/user')[0]!.params).toEqual({ uuid: 'u-2' });
  });
});

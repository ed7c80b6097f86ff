/** @jest-environment jsdom */
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { AdminApp } from '@/components/admin/admin-app';
import { logout } from '@/lib/admin-client/session';
import { on, resetFakeApi } from './fake-api';
import { catalog, signInAs, t } from './render-admin';

jest.mock('@/lib/client/api', () => jest.requireActual('./fake-api'));

const navigation = { pathname: '/admin/transactions', replace: jest.fn(), push: jest.fn() };
jest.mock('next/navigation', () => ({
  usePathname: () => navigation.pathname,
  useRouter: () => ({ replace: navigation.replace, push: navigation.push, prefetch: jest.fn() }),
}));

const ALL = ['PAYMENT_READ', 'PAYMENT_WRITE', 'PAYMENT_EXPORT', 'INVOICE_READ', 'USER_READ', 'USER_WRITE'];
const OPERATOR = ['PAYMENT_READ', 'INVOICE_READ'];

beforeEach(() => {
  resetFakeApi();
  localStorage.clear();
  logout();
  navigation.pathname = '/admin/transactions';
  navigation.replace.mockClear();
});

describe('the back-office shell', () => {
  const renderShell = () =>
    render(
      <AdminApp catalog={catalog}>
        <p>screen content</p>
      </AdminApp>,
    );

  it('lists only the screens of the user’s role, with the user’s name and sign-out', () => {
    signInAs(OPERATOR, { username: 'bogdan' });
    renderShell();
    const menu = within(screen.getByRole('navigation', { name: t.shell.navLabel }));
    expect(menu.getAllByRole('link').map((link) => link.textContent)).toEqual([
      t.nav.transactions,
      t.nav.invoices,
      t.nav.password,
    ]);
    expect(menu.getByRole('link', { name: t.nav.transactions })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByTestId('signed-in-user')).toHaveTextContent('bogdan');
    expect(screen.getByText('screen content')).toBeInTheDocument();
  });

  it('shows a screen outside the role as not available, not its content', () => {
    signInAs(OPERATOR);
    navigation.pathname = '/admin/users';
    renderShell();
    expect(screen.getByText(t.shell.noAccess)).toBeInTheDocument();
    expect(screen.queryByText('screen content')).not.toBeInTheDocument();
  });

  it('sends a signed-out visitor to the sign-in page, and a temporary password to the password change', async () => {
    const signedOut = renderShell();
    await waitFor(() => expect(navigation.replace).toHaveBeenCalledWith('/admin'));
    signedOut.unmount();

    signInAs(ALL, { mustChangePassword: true });
    navigation.replace.mockClear();
    renderShell();
    await waitFor(() => expect(navigation.replace).toHaveBeenCalledWith('/admin/password'));
    const menu = within(screen.getByRole('navigation', { name: t.shell.navLabel }));
    expect(menu.getAllByRole('link').map((link) => link.textContent)).toEqual([t.nav.password]);
  });

  it('signs out: the server revokes the token first, then both stored entries go, and the sign-in page comes', async () => {
    signInAs(ALL);
    let storedWhenRevoked: string | null = null;
    on('POST', '/api/logout', () => {
      storedWhenRevoked = localStorage.getItem('currentUser');
      return { status: 204 };
    });
    renderShell();
    fireEvent.click(screen.getByRole('button', { name: t.shell.signOut }));
    await waitFor(() => expect(navigation.replace).toHaveBeenCalledWith('/admin'));
    expect(storedWhenRevoked).not.toBeNull();
    expect(localStorage.getItem('currentUser')).toBeNull();
    expect(localStorage.getItem('principal')).toBeNull();
  });

  it('signs out here even when the server cannot be reached', async () => {
    signInAs(ALL);
    on('POST', '/api/logout', { status: 503 });
    renderShell();
    fireEvent.click(screen.getByRole('button', { name: t.shell.signOut }));
    await waitFor(() => expect(navigation.replace).toHaveBeenCalledWith('/admin'));
    expect(localStorage.getItem('currentUser')).toBeNull();
  });
});

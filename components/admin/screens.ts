import type { Authority } from '@/lib/admin-client/admin-api';
import type { Session } from '@/lib/admin-client/session';

/** The sign-in page; a secured call answered 401 also lands here (lib/client/api.ts). */
export const SIGN_IN_PATH = '/admin';
export const PASSWORD_PATH = '/admin/password';

export type ScreenKey = 'transactions' | 'exports' | 'invoices' | 'catalog' | 'users' | 'audit' | 'password';

/** The back-office's screens in menu order, each with the authority that shows it (none: every signed-in user). */
export const SCREENS: readonly { key: ScreenKey; path: string; authority: Authority | null }[] = [
  { key: 'transactions', path: '/admin/transactions', authority: 'PAYMENT_READ' },
  { key: 'exports', path: '/admin/exports', authority: 'PAYMENT_EXPORT' },
  { key: 'invoices', path: '/admin/invoices', authority: 'INVOICE_READ' },
  { key: 'catalog', path: '/admin/catalog', authority: 'CATALOG_READ' },
  { key: 'users', path: '/admin/users', authority: 'USER_READ' },
  { key: 'audit', path: '/admin/audit', authority: 'AUDIT_READ' },
  { key: 'password', path: PASSWORD_PATH, authority: null },
];

export const screenOf = (pathname: string) =>
  SCREENS.find((screen) => screen.path === pathname.replace(/\/+$/, ''));

export function mayOpen(screen: (typeof SCREENS)[number], session: Session): boolean {
  return (
    session.status === 'signedIn' &&
    (screen.authority === null || session.permissions.includes(screen.authority))
  );
}

/** Where a signed-in user starts: the first screen their role shows, else their own password. */
export function homePath(session: Session): string {
  return SCREENS.find((screen) => mayOpen(screen, session))?.path ?? PASSWORD_PATH;
}

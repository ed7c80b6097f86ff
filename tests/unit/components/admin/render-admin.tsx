import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { SWRConfig } from 'swr';
import { AdminI18nProvider, type AdminCatalog } from '@/components/admin/admin-i18n';
import { restoreSession } from '@/lib/admin-client/session';
import { adminSwrOptions } from '@/lib/admin-client/swr-options';
import de from '@/messages/de.json';
import en from '@/messages/en.json';
import hu from '@/messages/hu.json';
import ro from '@/messages/ro.json';

/** The Romanian texts the tests read their expectations from. */
export const t = ro.Admin;
export const validation = ro.Validation;

const texts = (messages: typeof ro) => ({
  Admin: messages.Admin,
  Validation: messages.Validation,
  Billing: messages.Billing,
  EmailSuggestion: messages.EmailSuggestion,
});
export const catalog: AdminCatalog = { ro: texts(ro), en: texts(en), de: texts(de), hu: texts(hu) };

/** A screen with the back-office's texts (Romanian unless `adminLocale` says otherwise) and its SWR settings, with a fresh cache. */
export function renderAdmin(ui: ReactElement) {
  return render(
    <AdminI18nProvider catalog={catalog}>
      <SWRConfig
        value={{
          ...adminSwrOptions,
          provider: () => new Map(),
          dedupingInterval: 0,
          shouldRetryOnError: false,
        }}
      >
        {ui}
      </SWRConfig>
    </AdminI18nProvider>,
  );
}

/** A token whose payload the client can read: subject and an expiry an hour away. */
export function fakeToken(sub = 'u-1', exp = Math.floor(Date.now() / 1000) + 3600) {
  const part = (value: object) =>
    btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `Bearer ${part({ alg: 'HS256' })}.${part({ sub, exp })}.signature`;
}

/** Stores a signed-in user with these authorities, as a sign-in would, and restores the session from storage. */
export function signInAs(
  authorities: string[],
  { username = 'ana', uuid = 'u-1', mustChangePassword = false } = {},
) {
  localStorage.setItem('currentUser', JSON.stringify({ username, token: fakeToken(uuid) }));
  localStorage.setItem(
    'principal',
    JSON.stringify({
      uuid,
      username,
      role: { name: 'CUSTOM', permissions: authorities.map((authority) => ({ authority })) },
      mustChangePassword,
    }),
  );
  return restoreSession();
}

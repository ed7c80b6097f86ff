'use client';

import { useTranslations } from 'next-intl';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { signOut as endSession, type Session } from '@/lib/admin-client/session';
import { LanguageSelect } from './language-select';
import { mayOpen, SCREENS, SIGN_IN_PATH } from './screens';

/**
 * The brand, the language, the signed-in user's name and "sign out"; below, the screens the user's role shows
 * (only the password change while a temporary password is in use).
 */
export function AdminHeader({ session, pathname }: { session: Session; pathname: string }) {
  const t = useTranslations('Admin');
  const router = useRouter();
  const signedIn = session.status === 'signedIn' ? session : null;
  const screens = signedIn
    ? SCREENS.filter(
        (screen) => mayOpen(screen, signedIn) && (!signedIn.mustChangePassword || screen.authority === null),
      )
    : [];

  const signOut = async () => {
    await endSession();
    router.replace(SIGN_IN_PATH);
  };

  return (
    <header className="bg-brand text-white">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-4 gap-y-2 px-3 py-2 sm:px-6">
        <p className="mr-auto text-lg font-bold">
          {t('meta.brand')} <span className="font-normal text-white/90">· {t('meta.area')}</span>
        </p>
        <LanguageSelect />
        {signedIn && (
          <div className="flex items-center gap-3">
            <p className="text-sm" data-testid="signed-in-user">
              <span className="sr-only">{t('shell.signedInAs')} </span>
              <svg
                aria-hidden="true"
                viewBox="0 0 20 20"
                fill="currentColor"
                className="mr-1 inline size-4 align-[-2px]"
              >
                <path d="M10 10a4 4 0 1 0 0-8 4 4 0 0 0 0 8zm-7 8a7 7 0 0 1 14 0z" />
              </svg>
              <strong>{signedIn.currentUser.username}</strong>
            </p>
            <button
              type="button"
              onClick={() => void signOut()}
              className="inline-flex min-h-11 items-center rounded-md border border-white/60 px-3 text-sm font-semibold hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-white"
            >
              {t('shell.signOut')}
            </button>
          </div>
        )}
      </div>
      {screens.length > 0 && (
        <nav aria-label={t('shell.navLabel')} className="bg-brand-dark">
          <ul className="mx-auto flex max-w-7xl flex-wrap gap-1 px-2 sm:px-5">
            {screens.map((screen) => (
              <li key={screen.key}>
                <Link
                  href={screen.path}
                  aria-current={pathname === screen.path ? 'page' : undefined}
                  className="aria-[current=page]:border-accent inline-flex min-h-11 items-center border-b-4 border-transparent px-3 text-sm font-semibold text-white/90 hover:text-white focus-visible:outline-2 focus-visible:outline-white aria-[current=page]:text-white"
                >
                  {t(`nav.${screen.key}`)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
    </header>
  );
}

'use client';

import { usePathname, useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useEffect, useState, type ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { resumeSession, useSession, type Session } from '@/lib/admin-client/session';
import { adminSwrOptions } from '@/lib/admin-client/swr-options';
import { AdminHeader } from './admin-header';
import { AdminI18nProvider, type AdminCatalog } from './admin-i18n';
import { AdminLoadingBar } from './admin-loading-bar';
import { ShopStatusBanner } from './shop-status-banner';
import { homePath, mayOpen, PASSWORD_PATH, screenOf, SIGN_IN_PATH } from './screens';
import { NoAccess } from './ui/no-access';
import { Notice } from './ui/notice';
import { secondaryButton } from './ui/styles';

/** Where the session says this address must not be shown, the address to go to instead. */
function redirectFor(session: Session, pathname: string): string | null {
  if (session.status === 'unknown') return null;
  if (session.status === 'signedOut') return pathname === SIGN_IN_PATH ? null : SIGN_IN_PATH;
  if (!session.principal) return null;
  if (session.mustChangePassword) return pathname === PASSWORD_PATH ? null : PASSWORD_PATH;
  if (pathname === SIGN_IN_PATH || !screenOf(pathname)) return homePath(session);
  return null;
}

/**
 * The back-office (docs/architecture.md, The back-office): its texts in the chosen language, the session restored from
 * storage (docs/screens.md, Back-office session), the way in (sign-in, then a forced password change when the password
 * is temporary), the header and menu, and each screen shown only to a role that has its authority. The server checks
 * every call anyway.
 */
export function AdminApp({ catalog, children }: { catalog: AdminCatalog; children: ReactNode }) {
  return (
    <AdminI18nProvider catalog={catalog}>
      <AdminShell>{children}</AdminShell>
    </AdminI18nProvider>
  );
}

function AdminShell({ children }: { children: ReactNode }) {
  const t = useTranslations('Admin');
  const session = useSession();
  const pathname = usePathname() ?? SIGN_IN_PATH;
  const router = useRouter();
  const redirect = redirectFor(session, pathname);
  const screen = screenOf(pathname);
  const username = session.status === 'signedIn' ? session.currentUser.username : '';

  useEffect(() => {
    if (redirect) router.replace(redirect);
  }, [redirect, router]);

  const title = session.status === 'signedIn' && screen ? t(`nav.${screen.key}`) : t('signIn.title');
  let content: ReactNode;
  if (session.status === 'unknown' || redirect) {
    content = <Loading />;
  } else if (session.status === 'signedIn' && !session.principal) {
    content = <ResumeSession />;
  } else if (session.status === 'signedIn' && screen && !mayOpen(screen, session)) {
    content = <NoAccess />;
  } else {
    content = children;
  }

  return (
    <>
      <title>{`${title} · ${t('meta.title')}`}</title>
      <a
        href="#main"
        className="text-brand sr-only z-[80] rounded bg-white px-4 py-2 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        {t('shell.skipToContent')}
      </a>
      <AdminLoadingBar />
      <AdminHeader session={session} pathname={pathname} />
      {/* A fresh cache for each user: nothing of one user's screens is ever shown to the next. */}
      <SWRConfig key={username} value={adminSwrOptions}>
        <main
          id="main"
          tabIndex={-1}
          className="mx-auto w-full max-w-7xl flex-1 px-3 py-6 focus:outline-none sm:px-6"
        >
          {session.status === 'signedIn' && session.principal && !session.mustChangePassword && (
            <ShopStatusBanner />
          )}
          {content}
        </main>
      </SWRConfig>
    </>
  );
}

function Loading() {
  const t = useTranslations('Admin.shell');
  return (
    <div role="status" className="flex justify-center py-16">
      <span className="sr-only">{t('loading')}</span>
      <span
        aria-hidden="true"
        className="border-brand size-10 animate-spin rounded-full border-4 border-t-transparent"
      />
    </div>
  );
}

/** The user record of a stored sign-in is missing: load it again, or say why it could not be. */
function ResumeSession() {
  const t = useTranslations('Admin.shell');
  const [attempt, setAttempt] = useState(0);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    void resumeSession().then((resumed) => {
      if (live && !resumed) setFailed(true);
    });
    return () => {
      live = false;
    };
  }, [attempt]);
  if (!failed) return <Loading />;
  return (
    <div className="space-y-4">
      <Notice tone="error" urgent>
        {t('sessionError')}
      </Notice>
      <button
        type="button"
        className={secondaryButton}
        onClick={() => {
          setFailed(false);
          setAttempt((value) => value + 1);
        }}
      >
        {t('retry')}
      </button>
    </div>
  );
}

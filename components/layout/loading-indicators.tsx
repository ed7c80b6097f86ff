'use client';

import { useEffect } from 'react';
import { loading, useLoading } from '@/lib/client/loading';
import { usePathname } from '@/lib/i18n/navigation';

/**
 * The loading bar (docs/screens.md, Shell): shown while a navigation or an API request is pending, hidden 500 ms after
 * the last one; and the full-screen overlay for long operations.
 */
export function LoadingIndicators({ label }: { label: string }) {
  const { barVisible, overlayVisible } = useLoading();
  const pathname = usePathname();

  // A click on an internal link starts the bar; the new pathname ends it.
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey)
        return;
      const anchor = (event.target as Element | null)?.closest?.('a[href]');
      if (!(anchor instanceof HTMLAnchorElement) || anchor.target || anchor.origin !== location.origin)
        return;
      if (anchor.pathname === location.pathname) return;
      loading.navigationStarted();
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, []);
  useEffect(() => loading.navigationEnded(), [pathname]);

  return (
    <>
      <div
        aria-hidden="true"
        data-testid="loading-bar"
        data-visible={barVisible || undefined}
        className="bg-accent pointer-events-none fixed inset-x-0 top-0 z-[60] h-1 origin-left scale-x-0 opacity-0 transition-[transform,opacity] duration-500 data-visible:scale-x-90 data-visible:opacity-100"
      />
      {overlayVisible && (
        <div
          role="alert"
          aria-busy="true"
          className="fixed inset-0 z-[70] flex items-center justify-center bg-white/70"
        >
          <span className="sr-only">{label}</span>
          <span
            aria-hidden="true"
            className="border-brand size-12 animate-spin rounded-full border-4 border-t-transparent"
          />
        </div>
      )}
    </>
  );
}

'use client';

import { useLoading } from '@/lib/client/loading';

/**
 * The shop's loading bar (docs/screens.md, Shell) for the back-office's API calls: shown while one is pending, hidden
 * 500 ms after.
 */
export function AdminLoadingBar() {
  const { barVisible } = useLoading();
  return (
    <div
      aria-hidden="true"
      data-visible={barVisible || undefined}
      className="bg-accent pointer-events-none fixed inset-x-0 top-0 z-[60] h-1 origin-left scale-x-0 opacity-0 transition-[transform,opacity] duration-500 data-visible:scale-x-90 data-visible:opacity-100"
    />
  );
}

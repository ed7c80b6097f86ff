import type { ReactNode } from 'react';

/**
 * A data table that keeps its columns on a narrow screen and scrolls sideways inside its own region instead; the
 * region is focusable (so that a keyboard can scroll it) and named like the table. It is positioned, so that the
 * visually hidden caption (absolutely placed) stays inside it rather than widening the page. `minWidth` is a
 * Tailwind class.
 */
export function ScrollTable({
  caption,
  minWidth,
  children,
}: {
  caption: string;
  minWidth: string;
  children: ReactNode;
}) {
  return (
    <div
      role="region"
      aria-label={caption}
      tabIndex={0}
      className="focus-visible:outline-brand relative overflow-x-auto rounded-lg bg-white shadow-sm ring-1 ring-slate-200 focus-visible:outline-2"
    >
      <table className={`w-full ${minWidth} border-collapse text-left text-sm`}>
        <caption className="sr-only">{caption}</caption>
        {children}
      </table>
    </div>
  );
}

'use client';

import { useEffect, useEffectEvent, useState, type ReactNode } from 'react';

/** How long typing pauses before the search runs. */
export const SEARCH_DELAY_MS = 400;

/**
 * A search box's text, applied once typing pauses rather than at every key, so that the list is not asked for
 * again per letter. `applied` is the text the list was last asked for; `apply` asks for another.
 */
export function useSearchText(applied: string, apply: (text: string) => void) {
  const [text, setText] = useState(applied);
  const applyLater = useEffectEvent(apply);

  useEffect(() => {
    if (text.trim() === applied.trim()) return;
    const timer = setTimeout(() => applyLater(text), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, applied]);

  return [text, setText] as const;
}

/**
 * A list's filters as a search landmark named by `label`. The browser's own checks are off (the screen says what is
 * wrong in the admin's language), and Enter applies the search at once instead of reloading the page.
 */
export function SearchForm({
  label,
  onSubmit,
  className,
  children,
}: {
  label: string;
  onSubmit: () => void;
  className: string;
  children: ReactNode;
}) {
  return (
    <form
      role="search"
      aria-label={label}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
      className={className}
    >
      {children}
    </form>
  );
}

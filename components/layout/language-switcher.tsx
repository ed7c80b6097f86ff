'use client';

import { useEffect, useRef, useState } from 'react';
import { Link, useLocale, usePathname } from '@/lib/i18n/navigation';
import { LOCALE_INFO } from '@/lib/i18n/locales';
import { locales, type Locale } from '@/lib/i18n/routing';

/**
 * Switches the language and keeps the visitor on the same page: a disclosure button and a list of links (the
 * pattern for navigation menus; Escape or a click elsewhere closes it).
 */
export function LanguageSwitcher({ label }: { label: string }) {
  const current: Locale = useLocale();
  const pathname = usePathname();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <div ref={root} className="relative">
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls="language-list"
        onClick={() => setOpen((value) => !value)}
        className="inline-flex h-11 items-center gap-1 rounded px-3 text-sm font-semibold text-white uppercase hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-white"
      >
        {/* The visible code is part of the button's name, as WCAG's label-in-name asks. */}
        <span className="sr-only normal-case">{label} </span>
        {current}
        <svg
          aria-hidden="true"
          viewBox="0 0 20 20"
          className={`size-4 transition-transform ${open ? 'rotate-180' : ''}`}
          fill="currentColor"
        >
          <path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4z" />
        </svg>
      </button>
      <ul
        id="language-list"
        hidden={!open}
        className="absolute right-0 z-50 mt-1 w-40 rounded-md bg-white py-1 shadow-lg ring-1 ring-black/10"
      >
        {locales.map((locale) => (
          <li key={locale}>
            <Link
              href={pathname}
              locale={locale}
              lang={locale}
              hrefLang={locale}
              prefetch={false}
              aria-current={locale === current ? 'true' : undefined}
              onClick={() => setOpen(false)}
              className="block px-4 py-2 text-slate-800 hover:bg-slate-100 focus-visible:bg-slate-100 aria-[current]:font-semibold"
            >
              {LOCALE_INFO[locale].name}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

'use client';

import dynamic from 'next/dynamic';
import { useEffect, useRef, useState } from 'react';
import { Link } from '@/lib/i18n/navigation';
import { LanguageSwitcher } from './language-switcher';
import { MainNavigation } from './main-navigation';
import { MenuIcon } from './menu-icon';
import { type NavigationLabels } from './navigation-items';

function Logo() {
  return (
    <span className="flex items-center gap-2 text-lg font-bold tracking-tight text-white">
      <svg aria-hidden="true" viewBox="0 0 64 64" className="size-8">
        <rect width="64" height="64" rx="12" fill="#fff" />
        <path d="M22 54 30 10h4l8 44h-6l-1.2-8h-5.6L28 54z" fill="#0b4f8a" />
        <path d="M31.5 16h1v6h-1zm0 10h1v6h-1zm0 10h1v6h-1z" fill="#f5b700" />
      </svg>
      Road Partners
    </span>
  );
}

const MobileMenu = dynamic(() => import('./mobile-menu'), { ssr: false });

export function SiteHeader({ labels, languageLabel }: { labels: NavigationLabels; languageLabel: string }) {
  const t = (key: keyof NavigationLabels) => labels[key];
  const [menuOpen, setMenuOpen] = useState(false);
  // Mounted, closed, as soon as the visitor reaches for the toggle (press or focus), so its code is fetched only by
  // visitors who use it. Opening then changes a Dialog already there: a Dialog mounted already open, once Headless
  // UI has started on the page (a new header after a change of language), leaves the page behind it reachable.
  const [menuUsed, setMenuUsed] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);

  // However the menu closed (its button, Escape, a click outside, a link), focus left with it: it goes back to the
  // toggle, unless the visitor has put it somewhere already. The Dialog's own restoring misses when the focus was
  // on a button inside it; this effect runs after the page behind stopped being inert, so the toggle can take it.
  useEffect(() => {
    if (wasOpen.current && !menuOpen) {
      const active = document.activeElement;
      if (active === null || active === document.body) toggle.current?.focus();
    }
    wasOpen.current = menuOpen;
  }, [menuOpen]);

  return (
    <header data-chrome className="bg-brand sticky top-0 z-30 shadow-md">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4">
        <Link
          href="/"
          aria-label={t('homeLabel')}
          className="rounded focus-visible:outline-2 focus-visible:outline-white"
        >
          <Logo />
        </Link>
        <MainNavigation
          labels={labels}
          className="nav:flex hidden h-full items-stretch"
          linkClassName="flex items-center border-b-4 border-transparent px-4 font-medium text-white/90 hover:text-white aria-[current=page]:border-accent aria-[current=page]:text-white"
        />
        <div className="flex items-center gap-2">
          <LanguageSwitcher label={languageLabel} />
          {/* While the menu is open this button is inert under it, and the menu's own close button covers it. */}
          <button
            ref={toggle}
            type="button"
            className="nav:hidden inline-flex size-11 items-center justify-center rounded text-white hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-white"
            aria-expanded={menuOpen}
            aria-controls={menuOpen ? 'mobile-menu' : undefined}
            aria-label={menuOpen ? t('closeMenu') : t('openMenu')}
            onPointerDown={() => setMenuUsed(true)}
            onFocus={() => setMenuUsed(true)}
            onClick={() => {
              setMenuUsed(true);
              setMenuOpen((open) => !open);
            }}
          >
            <MenuIcon open={menuOpen} />
          </button>
        </div>
      </div>
      {menuUsed && (
        <MobileMenu open={menuOpen} onClose={() => setMenuOpen(false)} labels={labels} toggle={toggle} />
      )}
    </header>
  );
}

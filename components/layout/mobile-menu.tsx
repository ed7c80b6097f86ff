'use client';

import { Dialog, DialogPanel } from '@headlessui/react';
import { useLayoutEffect, useState, type CSSProperties, type RefObject } from 'react';
import { Link } from '@/lib/i18n/navigation';
import { MainNavigation } from './main-navigation';
import { MenuIcon } from './menu-icon';
import { LEGAL_NAVIGATION, type NavigationLabels } from './navigation-items';

interface Props {
  open: boolean;
  onClose: () => void;
  labels: NavigationLabels;
  /** The header's toggle: the menu's one close button is drawn exactly over it. */
  toggle: RefObject<HTMLButtonElement | null>;
}

/**
 * Where the header's toggle is on the screen, followed across resizes and turns of the phone. The header keeps its
 * place while the menu locks the page's scrolling (the lock pads the page for the scrollbar it hides), so the box
 * read here is where the toggle is seen.
 */
function useToggleBox(toggle: RefObject<HTMLButtonElement | null>, open: boolean) {
  const [box, setBox] = useState<CSSProperties | null>(null);
  useLayoutEffect(() => {
    if (!open) return;
    const measure = () => {
      const rect = toggle.current?.getBoundingClientRect();
      setBox(rect ? { top: rect.top, left: rect.left, right: 'auto' } : null);
    };
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, [open, toggle]);
  return box;
}

/**
 * The side menu of screens up to 850 px (Headless UI's Dialog: focus kept inside, Escape and a click outside
 * close it; the header puts the focus back on its toggle). Loaded only when a visitor first reaches for the toggle,
 * so the pages carry none of its code until then.
 *
 * The panel opens below the header, which stays in view (logo, language) but inert while the menu is open, the
 * header's toggle included. So the menu has one close button of its own, drawn over the toggle: to the eye the
 * burger turns into a cross in place, and to the keyboard and screen readers it is the only close control.
 */
export default function MobileMenu({ open, onClose, labels, toggle }: Props) {
  const t = (key: keyof NavigationLabels) => labels[key];
  const toggleBox = useToggleBox(toggle, open);

  return (
    <Dialog open={open} onClose={onClose} aria-label={t('mainLabel')} className="nav:hidden relative z-40">
      <div className="fixed inset-0 top-16 bg-black/40" aria-hidden="true" />
      <DialogPanel
        id="mobile-menu"
        className="fixed top-16 bottom-0 left-0 flex w-72 max-w-[85vw] flex-col bg-white shadow-xl"
      >
        {/* First in the panel, the keyboard's first stop; fixed, so it stands where the toggle is. */}
        <button
          type="button"
          onClick={onClose}
          aria-label={t('closeMenu')}
          style={toggleBox ?? undefined}
          className="bg-brand fixed top-2.5 right-4 inline-flex size-11 items-center justify-center rounded text-white hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-white"
        >
          <MenuIcon open />
        </button>
        <div className="overflow-y-auto p-4">
          <MainNavigation
            labels={labels}
            onNavigate={onClose}
            className="flex flex-col"
            linkClassName="rounded px-3 py-3 text-lg font-medium text-slate-800 hover:bg-slate-100 aria-[current=page]:bg-brand/10 aria-[current=page]:text-brand"
          />
          <hr className="my-3 border-slate-200" />
          <nav aria-label={t('legalLabel')} className="flex flex-col">
            {LEGAL_NAVIGATION.map((item) => (
              <Link
                key={item.key}
                href={item.href}
                onClick={onClose}
                className="rounded px-3 py-2 text-slate-700 hover:bg-slate-100"
              >
                {t(item.key)}
              </Link>
            ))}
          </nav>
        </div>
      </DialogPanel>
    </Dialog>
  );
}

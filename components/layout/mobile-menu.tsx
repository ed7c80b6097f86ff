'use client';

import { Dialog, DialogPanel } from '@headlessui/react';
import { Link } from '@/lib/i18n/navigation';
import { MainNavigation } from './main-navigation';
import { MenuIcon } from './menu-icon';
import { LEGAL_NAVIGATION, type NavigationLabels } from './navigation-items';

interface Props {
  open: boolean;
  onClose: () => void;
  labels: NavigationLabels;
}

/**
 * The side menu of screens up to 850 px (Headless UI's Dialog: focus kept inside, Escape and a click outside
 * close it). Loaded only when a visitor first opens it, so the pages carry none of its code until then.
 */
export default function MobileMenu({ open, onClose, labels }: Props) {
  const t = (key: keyof NavigationLabels) => labels[key];

  return (
    <Dialog open={open} onClose={onClose} aria-label={t('mainLabel')} className="nav:hidden relative z-40">
      <div className="fixed inset-0 top-16 bg-black/40" aria-hidden="true" />
      <DialogPanel
        id="mobile-menu"
        className="fixed inset-y-0 left-0 flex w-72 max-w-[85vw] flex-col bg-white shadow-xl"
      >
        {/* The cross stands where the burger was: the same toggle, now closing the menu. */}
        <div className="bg-brand flex h-16 shrink-0 items-center justify-end px-4">
          <button
            type="button"
            onClick={onClose}
            aria-label={t('closeMenu')}
            className="inline-flex size-11 items-center justify-center rounded text-white hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-white"
          >
            <MenuIcon open />
          </button>
        </div>
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

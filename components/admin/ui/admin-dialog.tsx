'use client';

import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import type { ReactNode } from 'react';

const widths = { sm: 'max-w-md', lg: 'max-w-4xl' };

/**
 * A modal dialog: focus kept inside, Escape and a click outside close it, focus goes back to what opened it, and
 * its title names it. On a phone it takes the whole width.
 */
export function AdminDialog({
  open,
  onClose,
  title,
  size = 'sm',
  children,
}: {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  size?: keyof typeof widths;
  children: ReactNode;
}) {
  return (
    // The dialog element itself covers the screen, so that it has a box of its own (tools and tests see it shown).
    <Dialog open={open} onClose={onClose} className="fixed inset-0 z-50 overflow-y-auto">
      <div aria-hidden="true" className="fixed inset-0 bg-slate-900/50" />
      <div className="relative flex min-h-full items-start justify-center p-2 sm:items-center sm:p-6">
        <DialogPanel className={`w-full ${widths[size]} rounded-lg bg-white p-4 shadow-xl sm:p-6`}>
          <DialogTitle className="text-lg font-bold break-words text-slate-900">{title}</DialogTitle>
          <div className="mt-4">{children}</div>
        </DialogPanel>
      </div>
    </Dialog>
  );
}

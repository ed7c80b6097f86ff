import type { ReactNode } from 'react';

const tones = {
  info: 'border-brand/30 bg-blue-50 text-slate-900',
  success: 'border-green-700/30 bg-green-50 text-green-900',
  error: 'border-red-700/30 bg-red-50 text-red-800',
};

/**
 * A message about what just happened. The live region is always rendered, so that a screen reader announces the
 * text when it appears (a region added together with its text is often missed).
 */
export function Notice({
  tone = 'info',
  urgent = false,
  children,
  className = '',
}: {
  tone?: keyof typeof tones;
  urgent?: boolean;
  children?: ReactNode;
  className?: string;
}) {
  return (
    <div role={urgent ? 'alert' : 'status'} className={className}>
      {children ? (
        <p className={`rounded-md border px-4 py-3 text-sm font-medium ${tones[tone]}`}>{children}</p>
      ) : null}
    </div>
  );
}

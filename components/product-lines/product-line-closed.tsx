import { getTranslations } from 'next-intl/server';
import { COMPANY, phoneHref } from '@/lib/company';
import { pageClosedLines } from '@/lib/catalog/page-data';
import type { ProductLine } from '@/lib/config/live-mode';

/** The call centre's hours as the contact page writes them (`08:00-16:00`). */
const HOURS = `${COMPANY.openingHours.opens}-${COMPANY.openingHours.closes}`;

/**
 * What a visitor reads where a product line is closed (lib/config/live-mode.ts): that it is not sold online at the
 * moment, and how to buy it from the call centre instead. Nothing when the line is sold.
 */
export async function ProductLineClosedNotice({ line, id }: { line: ProductLine; id?: string }) {
  const [closed, t] = await Promise.all([pageClosedLines(), getTranslations('ProductLineClosed')]);
  if (!closed.includes(line)) return null;
  return (
    <section
      id={id}
      role="note"
      aria-label={t('badge')}
      data-testid="product-line-closed"
      data-line={line}
      className="max-w-3xl rounded-lg border-2 border-amber-400 bg-amber-50 p-4 text-slate-900"
    >
      <p className="font-bold">{t('badge')}</p>
      <p className="mt-1">{t(line)}</p>
      <p className="mt-2">
        {t.rich('contact', {
          phoneNumber: COMPANY.phone,
          hours: HOURS,
          address: COMPANY.email,
          phone: (chunks) => (
            <a href={phoneHref} className="text-brand font-semibold whitespace-nowrap underline">
              {chunks}
            </a>
          ),
          email: (chunks) => (
            <a href={`mailto:${COMPANY.email}`} className="text-brand font-semibold underline">
              {chunks}
            </a>
          ),
        })}
      </p>
    </section>
  );
}

/**
 * A closed line's form: shown with its prices, every control disabled (a disabled fieldset disables what it holds,
 * whatever the form's own code does after hydration), and described by the notice.
 */
export async function ClosedWhenNotSold({
  line,
  noticeId,
  children,
}: {
  line: ProductLine;
  noticeId: string;
  children: React.ReactNode;
}) {
  if (!(await pageClosedLines()).includes(line)) return children;
  return (
    <fieldset disabled aria-describedby={noticeId} className="contents" data-testid="closed-form">
      {children}
    </fieldset>
  );
}

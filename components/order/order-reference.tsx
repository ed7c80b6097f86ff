import { getTranslations } from 'next-intl/server';
import type { Locale } from '@/lib/i18n/routing';

/**
 * The order's short reference (`RP-7K3-9QX`), the one to read out on the phone, with the long id below it for the
 * rare question that needs it. An order older than references shows its id alone.
 */
export async function OrderReference({
  reference,
  orderId,
  locale,
}: {
  reference: string | null;
  orderId: string;
  locale: Locale;
}) {
  const t = await getTranslations({ locale, namespace: 'OrderReference' });
  return (
    <div className="mt-1 text-slate-700">
      {reference && (
        <p>
          {t('label')}{' '}
          <strong
            className="font-mono text-lg tracking-wider whitespace-nowrap text-slate-900"
            data-testid="order-reference"
          >
            {reference}
          </strong>{' '}
          <span className="text-sm">{t('readOut')}</span>
        </p>
      )}
      <p className="text-sm break-all text-slate-600" data-testid="order-id">
        {t('orderId', { orderId })}
      </p>
    </div>
  );
}

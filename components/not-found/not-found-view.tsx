import { useTranslations } from 'next-intl';
import { Link } from '@/lib/i18n/navigation';
import { SvgImage } from '@/components/ui/svg-image';

/**
 * The localized not-found page: rendered on the server by /{lang}/404, and by not-found.tsx in the browser.
 *
 * `priority` only where it is the page (/{lang}/404): there the picture is the largest element, fetched at once
 * (lazily, the browser would ask for it only after the page's scripts). Nowhere else: the not-found boundary carries
 * this view, unrendered, in every page's tree, and a high-priority picture there would be preloaded by every page.
 */
export function NotFoundView({ priority = false }: { priority?: boolean }) {
  const t = useTranslations('NotFoundPage');
  return (
    <div className="mx-auto flex max-w-3xl flex-col items-center px-4 py-12 text-center">
      <SvgImage
        src="/images/not-found.svg"
        alt={t('imageAlt')}
        width={320}
        height={240}
        priority={priority}
      />
      <h1 className="mt-6 text-3xl font-bold text-slate-900">{t('heading')}</h1>
      <p className="mt-3 text-lg text-slate-700">{t('text')}</p>
      <Link
        href="/"
        className="bg-brand hover:bg-brand-dark mt-8 inline-flex min-h-11 items-center rounded px-6 font-semibold text-white"
      >
        {t('backHome')}
      </Link>
    </div>
  );
}

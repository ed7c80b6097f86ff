import { getTranslations } from 'next-intl/server';
import { COMPANY, officeHours } from '@/lib/company';
import { clientTexts, type ClientTexts } from '@/lib/i18n/client-texts';
import type { FOOTER_NAVIGATION } from './navigation-items';
import { SiteFooterView } from './site-footer-view';

/**
 * The footer, its texts made here: the two with placeholders are filled on the server, so that the browser's code
 * needs neither the formatter nor the opening hours (./site-footer-view.tsx lays them out).
 */
export async function SiteFooter({
  navigation,
}: {
  navigation: Pick<ClientTexts<'Navigation'>, (typeof FOOTER_NAVIGATION)[number]['key']>;
}) {
  const [texts, t] = await Promise.all([clientTexts('Footer'), getTranslations('Footer')]);
  const labels = {
    ...texts,
    hours: t('hours', { hours: officeHours }),
    copyright: t('copyright', { year: COMPANY.foundingYear, company: COMPANY.name }),
  };
  return <SiteFooterView labels={labels} navigation={navigation} />;
}

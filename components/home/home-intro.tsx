import { useTranslations } from 'next-intl';

/**
 * The top of the home page and its only h1: what the shop sells, in one heading and one line. On a phone it stays
 * a short band so that the products that can be bought are on the first screen; from `sm` on it grows into the
 * hero with the tagline and the longer description.
 */
export function HomeIntro() {
  const t = useTranslations('HomeIntro');
  const home = useTranslations('HomePage');

  return (
    <section className="from-brand to-brand-dark bg-gradient-to-br text-white">
      <div className="mx-auto max-w-6xl px-4 py-4 sm:py-14">
        <p className="text-accent hidden text-xl font-medium sm:block">{home('tagline')}</p>
        <h1 className="text-2xl font-bold tracking-tight sm:mt-2 sm:text-4xl">{t('heading')}</h1>
        <p className="mt-1 text-white/90 sm:mt-3 sm:text-xl">{t('subtitle')}</p>
        <p className="mt-4 hidden max-w-2xl text-lg text-white/90 sm:block">{home('description')}</p>
      </div>
    </section>
  );
}

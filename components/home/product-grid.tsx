import { useTranslations } from 'next-intl';
import { Link } from '@/lib/i18n/navigation';
import { SvgImage } from '@/components/ui/svg-image';

type TileKey = 'vignette' | 'prepay' | 'parking' | 'insurance' | 'roVignette' | 'comingSoon';

interface ProductTile {
  key: TileKey;
  image: `/images/${string}.svg`;
  cardClass: 'yellow' | 'pink';
  /** Rows of 4rem the tile spans (docs/screens.md, Home: row height 4rem, gutter 10px). */
  rowSpan: number;
  href?: '/vignette' | '/prepay';
}

/** The home page's products (docs/screens.md, Home); a tile without a link is dimmed and marked 'soon'. */
const PRODUCT_TILES: ProductTile[] = [
  { key: 'vignette', image: '/images/vignette.svg', cardClass: 'yellow', rowSpan: 4, href: '/vignette' },
  { key: 'prepay', image: '/images/sim-card.svg', cardClass: 'pink', rowSpan: 4, href: '/prepay' },
  { key: 'parking', image: '/images/parking.svg', cardClass: 'yellow', rowSpan: 4 },
  { key: 'insurance', image: '/images/insurance.svg', cardClass: 'pink', rowSpan: 4 },
  { key: 'roVignette', image: '/images/ro-vignette.svg', cardClass: 'yellow', rowSpan: 4 },
  { key: 'comingSoon', image: '/images/coming-soon.svg', cardClass: 'pink', rowSpan: 4 },
];

const ROW_SPAN: Record<number, string> = { 3: 'row-span-3', 4: 'row-span-4' };

export function ProductGrid() {
  const t = useTranslations('HomePage');

  return (
    <section aria-labelledby="products-heading" className="mx-auto max-w-[110rem] px-4 py-10">
      <h2 id="products-heading" className="text-2xl font-bold text-slate-900">
        {t('productsHeading')}
      </h2>
      <p className="mt-1 text-slate-700">{t('productsPrompt')}</p>
      <ul className="grid2:grid-cols-2 grid3:grid-cols-3 mt-6 grid auto-rows-[4rem] grid-cols-1 gap-[10px]">
        {PRODUCT_TILES.map((tile) => {
          const available = tile.href !== undefined;
          const body = (
            <>
              <SvgImage
                src={tile.image}
                alt=""
                width={96}
                height={96}
                className="size-20 shrink-0 sm:size-24"
              />
              <span className="flex flex-col">
                <span className="text-xl font-bold text-slate-900">{t(`products.${tile.key}.name`)}</span>
                <span className="mt-1 text-slate-700">{t(`products.${tile.key}.description`)}</span>
                {!available && (
                  <span className="mt-2 w-fit rounded-full bg-slate-700 px-3 py-0.5 text-sm font-semibold text-white">
                    {t('soon')}
                  </span>
                )}
              </span>
            </>
          );
          const tileClass = `flex h-full items-center gap-4 rounded-xl p-5 ${
            tile.cardClass === 'yellow' ? 'bg-tile-yellow' : 'bg-tile-pink'
          }`;
          return (
            <li key={tile.key} className={ROW_SPAN[tile.rowSpan]} data-available={available}>
              {available ? (
                <Link
                  href={tile.href!}
                  className={`${tileClass} ring-brand shadow-sm transition hover:shadow-md hover:ring-2 focus-visible:ring-4 focus-visible:outline-none`}
                >
                  {body}
                </Link>
              ) : (
                <div aria-disabled="true" className={`${tileClass} opacity-60 grayscale`}>
                  {body}
                </div>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

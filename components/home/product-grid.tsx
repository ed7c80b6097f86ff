import { useTranslations } from 'next-intl';
import { Link } from '@/lib/i18n/navigation';
import { SvgImage } from '@/components/ui/svg-image';
import type { ProductLine } from '@/lib/config/live-mode';

type TileKey = 'vignette' | 'prepay' | 'parking' | 'insurance' | 'roVignette' | 'comingSoon';

interface ProductTile {
  key: TileKey;
  image: `/images/${string}.svg`;
  cardClass: 'yellow' | 'pink';
  /** Rows of 4rem the tile spans where the grid has columns (docs/screens.md, Home: row height 4rem, gutter 10px). */
  rowSpan: number;
  href?: '/vignette' | '/prepay';
  /** The product line the tile sells: a closed one keeps its tile and link (prices, how to buy by phone), marked. */
  line?: ProductLine;
  /** A 'soon' tile whose name only repeats the badge: its one-line row on a phone shows the description instead. */
  rowShowsDescription?: boolean;
}

/** The home page's products (docs/screens.md, Home); a tile without a link is dimmed and marked 'soon'. */
const PRODUCT_TILES: ProductTile[] = [
  {
    key: 'vignette',
    image: '/images/vignette.svg',
    cardClass: 'yellow',
    rowSpan: 4,
    href: '/vignette',
    line: 'vignettes',
  },
  {
    key: 'prepay',
    image: '/images/sim-card.svg',
    cardClass: 'pink',
    rowSpan: 4,
    href: '/prepay',
    line: 'topUps',
  },
  { key: 'parking', image: '/images/parking.svg', cardClass: 'yellow', rowSpan: 4 },
  { key: 'insurance', image: '/images/insurance.svg', cardClass: 'pink', rowSpan: 4 },
  { key: 'roVignette', image: '/images/ro-vignette.svg', cardClass: 'yellow', rowSpan: 4 },
  {
    key: 'comingSoon',
    image: '/images/coming-soon.svg',
    cardClass: 'pink',
    rowSpan: 4,
    rowShowsDescription: true,
  },
];

const isAvailable = (tile: ProductTile) => tile.href !== undefined;

/** What can be bought first, then the products to come, each group in the order above. */
const ORDERED_TILES = [
  ...PRODUCT_TILES.filter(isAvailable),
  ...PRODUCT_TILES.filter((tile) => !isAvailable(tile)),
];

/** A 'soon' tile is dimmed by a paler background, never by paler text. */
const TILE_BACKGROUND: Record<ProductTile['cardClass'], { available: string; soon: string }> = {
  yellow: { available: 'bg-tile-yellow', soon: 'bg-tile-yellow/50' },
  pink: { available: 'bg-tile-pink', soon: 'bg-tile-pink/50' },
};

// In one column (phones, narrow windows) a tile is as tall as its content, so that a 'soon' tile is one short row.
const ROW_SPAN: Record<number, string> = { 3: 'grid2:row-span-3', 4: 'grid2:row-span-4' };

/** `closedLines`: the product lines not sold online at the moment (lib/catalog/page-data.ts, pageClosedLines). */
export function ProductGrid({ closedLines }: { closedLines: readonly ProductLine[] }) {
  const t = useTranslations('HomePage');
  const closed = useTranslations('ProductLineClosed');

  return (
    <section aria-labelledby="products-heading" className="mx-auto max-w-[110rem] px-4 py-6 sm:py-10">
      <h2 id="products-heading" className="text-xl font-bold text-slate-900 sm:text-2xl">
        {t('productsHeading')}
      </h2>
      <p className="mt-1 text-slate-700">{t('productsPrompt')}</p>
      <ul className="grid2:grid-cols-2 grid3:grid-cols-3 grid2:auto-rows-[4rem] mt-4 grid grid-cols-1 gap-[10px] sm:mt-6">
        {ORDERED_TILES.map((tile) => {
          const available = isAvailable(tile);
          return (
            <li key={tile.key} className={ROW_SPAN[tile.rowSpan]} data-available={available}>
              {available ? (
                <Link
                  href={tile.href!}
                  className={`flex h-full items-center gap-4 rounded-xl p-5 ${TILE_BACKGROUND[tile.cardClass].available} ring-brand shadow-sm transition hover:shadow-md hover:ring-2 focus-visible:ring-4 focus-visible:outline-none`}
                >
                  <SvgImage
                    src={tile.image}
                    alt=""
                    width={96}
                    height={96}
                    className="size-16 shrink-0 sm:size-24"
                  />
                  <span className="flex flex-col">
                    <span className="text-xl font-bold text-slate-900">{t(`products.${tile.key}.name`)}</span>
                    <span className="mt-1 text-slate-700">{t(`products.${tile.key}.description`)}</span>
                    {tile.line && closedLines.includes(tile.line) && (
                      <span
                        className="mt-2 w-fit rounded-full bg-slate-700 px-3 py-0.5 text-sm font-semibold text-white"
                        data-testid="line-closed-badge"
                      >
                        {closed('badge')}
                      </span>
                    )}
                  </span>
                </Link>
              ) : (
                <SoonTile
                  tile={tile}
                  name={t(`products.${tile.key}.name`)}
                  description={t(`products.${tile.key}.description`)}
                  badge={t('soon')}
                />
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/**
 * A product to come: inert (no link, nothing to focus), dimmed by a paler background and a faded picture while its
 * text keeps full contrast. In one column it is a single row (picture, name, badge); where the grid has columns it
 * is a tile like the others, with its description.
 */
function SoonTile({
  tile,
  name,
  description,
  badge,
}: {
  tile: ProductTile;
  name: string;
  description: string;
  badge: string;
}) {
  const compactDescription = tile.rowShowsDescription === true;
  return (
    <div
      aria-disabled="true"
      className={`grid2:gap-4 grid2:p-5 flex h-full items-center gap-3 rounded-xl px-4 py-2 ${TILE_BACKGROUND[tile.cardClass].soon}`}
    >
      <SvgImage
        src={tile.image}
        alt=""
        width={96}
        height={96}
        className="grid2:size-24 size-10 shrink-0 opacity-50 grayscale"
      />
      <span className="grid2:flex-col grid2:items-start grid2:justify-center grid2:gap-2 flex min-w-0 flex-1 items-center justify-between gap-3">
        <span className="grid2:flex grid2:flex-col min-w-0">
          <span
            className={`grid2:text-xl font-bold text-slate-900 ${compactDescription ? 'grid2:inline hidden' : ''}`}
          >
            {name}
          </span>
          <span
            className={`grid2:mt-1 grid2:text-base text-slate-700 ${compactDescription ? 'text-sm' : 'grid2:block hidden'}`}
          >
            {description}
          </span>
        </span>
        <span className="w-fit shrink-0 rounded-full bg-slate-700 px-3 py-0.5 text-sm font-semibold text-white">
          {badge}
        </span>
      </span>
    </div>
  );
}

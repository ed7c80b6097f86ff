import { NextResponse } from 'next/server';
import { CATEGORY_DESCRIPTIONS_RO } from '@/lib/catalog/seed-data';
import { VIGNETTE_CATEGORIES } from '@/lib/vignettes/categories';

export const dynamic = 'force-static';

/** `GET /assets/vignette-categories.json` (docs/api.md, Catalogue): the static list of vehicle categories. */
export function GET() {
  return NextResponse.json(
    VIGNETTE_CATEGORIES.map((category) => ({
      title: category.title,
      categoryCode: category.code,
      desc: CATEGORY_DESCRIPTIONS_RO[category.code],
      sellable: category.sellable,
      notSoldReason: category.notSoldReason,
    })),
    { headers: { 'Cache-Control': 'public, max-age=3600' } },
  );
}

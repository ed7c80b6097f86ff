/**
 * The five vehicle categories (docs/domain.md, Vehicle categories), in the official order: the seed writes them to the
 * database in this order, the API and the price table list them so, and the section page is prerendered from this list.
 * What is on sale today and at what price comes from the catalog.
 */
export const VIGNETTE_CATEGORIES = [
  { code: 'CAR', title: 'D1', slug: 'car', sellable: true, notSoldReason: null },
  { code: 'VAN', title: 'D2', slug: 'van', sellable: true, notSoldReason: null },
  // Buses pay the HU-GO distance toll since 1 February 2024: shown, not buyable.
  { code: 'BUS', title: 'B2', slug: 'bus', sellable: false, notSoldReason: 'HU_GO' },
  { code: 'MOTOR', title: 'D1M', slug: 'motor', sellable: true, notSoldReason: null },
  { code: 'TRAIL', title: 'U', slug: 'trail', sellable: true, notSoldReason: null },
] as const;

export type VignetteCategory = (typeof VIGNETTE_CATEGORIES)[number];
export type CategoryCode = VignetteCategory['code'];
export type SellableCategory = Extract<VignetteCategory, { sellable: true }>;
export type SellableCode = SellableCategory['code'];
export type ProductSlug = SellableCategory['slug'];

export const CATEGORY_CODES: readonly CategoryCode[] = VIGNETTE_CATEGORIES.map((category) => category.code);

export const SELLABLE_CATEGORIES = VIGNETTE_CATEGORIES.filter(
  (category): category is SellableCategory => category.sellable,
);

/** `/{lang}/vignette/{product}`: the category code in lower case. */
export const PRODUCT_SLUGS: readonly ProductSlug[] = SELLABLE_CATEGORIES.map((category) => category.slug);

export const categoryBySlug = (slug: string) =>
  SELLABLE_CATEGORIES.find((category) => category.slug === slug);
export const categoryByCode = (code: string) =>
  VIGNETTE_CATEGORIES.find((category) => category.code === code);

/** Who issues the Hungarian e-vignettes the shop sells (the brand of the product, for search engines). */
export const VIGNETTE_ISSUER = 'Nemzeti Mobilfizetési Zrt.';

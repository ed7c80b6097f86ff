/**
 * The periods a vignette is sold for, in the order the shop offers them: the form, the price table and the catalog
 * list them so. The API, the database (`vignette_type`) and the code call a vignette's period its type.
 */
export const VIGNETTE_TYPES = ['DAY', 'WEEK', 'MONTH', 'YEAR', 'COUNTY_YEAR'] as const;

export type VignetteType = (typeof VIGNETTE_TYPES)[number];

/** The yearly vignettes (national and county): bought for a year rather than from a chosen day. */
export const isYearly = (type: VignetteType) => type === 'YEAR' || type === 'COUNTY_YEAR';

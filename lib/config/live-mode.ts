import { getConfig, type Config } from './env';

/**
 * Live mode: the shop takes real money (PAYMENT_PROVIDER=netopia). Then no built-in sandbox answers (payments,
 * e-Factura, the issuer, the top-up provider: their routes and pages are 404), the start-up refuses an e-Factura
 * provider that reports nothing to ANAF (lib/config/env.ts), and a product line is sold only when a real provider
 * delivers it: taking money for a vignette that only our sandbox registered would leave a driver fined on the road.
 */
export const isLiveMode = (config: Config = getConfig()) => config.PAYMENT_PROVIDER === 'netopia';

/** What the shop sells, each delivered by its own provider. */
export const PRODUCT_LINES = ['vignettes', 'topUps'] as const;
export type ProductLine = (typeof PRODUCT_LINES)[number];

/** The variable that chooses each line's provider, and the value of the built-in sandbox. */
const PROVIDER_VARIABLE = {
  vignettes: 'VIGNETTE_ISSUER',
  topUps: 'TOPUP_PROVIDER',
} as const satisfies Record<ProductLine, keyof Config>;

export type ProductLineState =
  | { line: ProductLine; sold: true }
  /** Closed: live mode, and the line's provider is the built-in sandbox (`variable` names what to set). */
  | { line: ProductLine; sold: false; variable: (typeof PROVIDER_VARIABLE)[ProductLine] };

/** Whether each line is sold, and why not. In sandbox mode everything is sold (with the sandboxes). */
export function productLineState(line: ProductLine, config: Config = getConfig()): ProductLineState {
  const variable = PROVIDER_VARIABLE[line];
  if (!isLiveMode(config) || config[variable] !== 'sandbox') return { line, sold: true };
  return { line, sold: false, variable };
}

export const isProductLineSold = (line: ProductLine, config: Config = getConfig()) =>
  productLineState(line, config).sold;

/**
 * Whether a built-in sandbox may answer: only when it is the configured provider, and never in live mode, whatever
 * else is configured.
 */
export const sandboxIsServed = (configured: boolean, config: Config = getConfig()) =>
  configured && !isLiveMode(config);

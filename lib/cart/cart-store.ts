import { useSyncExternalStore } from 'react';
import type { VignetteOrderInput } from '@/lib/validations/vignette-order';
import type { VignetteType } from '@/lib/vignettes/periods';
import { plateKey } from '@/lib/vignettes/plate';
import type { SellableCode } from '@/lib/vignettes/categories';

/**
 * The vignette cart: up to 10 vignettes of any sellable category, shared by the product pages of one tab and kept in
 * sessionStorage, so that it survives a reload and a move between /vignette/car and /vignette/van but not the tab.
 */
export interface CartItem {
  id: string;
  categoryCode: SellableCode;
  type: VignetteType;
  /** As sent to the API: the start day, for yearly vignettes the day that stands for their year. */
  startDate?: string;
  county?: string;
  /** Normalized (normalizePlate). */
  plate: string;
  country: string;
  /** The validity the buyer saw when adding it; the quote has the last word. */
  firstDay: string;
  lastDay: string;
  /** The catalog's prices when it was added, for the cart list; the quote has the last word. */
  priceHuf: number;
  priceRon: number;
}

export const CART_STORAGE_KEY = 'vignetteCart';
/** docs/domain.md, Orders, and the quote schema: at most 10 vignettes in one order. */
export const MAX_CART_ITEMS = 10;

const EMPTY: CartItem[] = [];
const listeners = new Set<() => void>();
let memory: string | null = null;
let snapshot: { raw: string | null; items: CartItem[] } = { raw: null, items: EMPTY };

function readRaw(): string | null {
  try {
    return sessionStorage.getItem(CART_STORAGE_KEY);
  } catch {
    // Storage refused (privacy settings): the cart lives as long as the page.
    return memory;
  }
}

function writeRaw(raw: string) {
  memory = raw;
  try {
    sessionStorage.setItem(CART_STORAGE_KEY, raw);
  } catch {
    // kept in memory only
  }
}

const isItem = (value: unknown): value is CartItem => {
  if (typeof value !== 'object' || value === null) return false;
  const item = value as Record<string, unknown>;
  return (
    typeof item.id === 'string' &&
    typeof item.categoryCode === 'string' &&
    typeof item.type === 'string' &&
    typeof item.plate === 'string' &&
    typeof item.country === 'string' &&
    typeof item.firstDay === 'string' &&
    typeof item.lastDay === 'string' &&
    typeof item.priceHuf === 'number' &&
    typeof item.priceRon === 'number'
  );
};

function parse(raw: string | null): CartItem[] {
  if (!raw) return EMPTY;
  try {
    const value: unknown = JSON.parse(raw);
    return Array.isArray(value) ? value.filter(isItem).slice(0, MAX_CART_ITEMS) : EMPTY;
  } catch {
    return EMPTY;
  }
}

/** The same array for the same stored text, as useSyncExternalStore requires. */
function getSnapshot(): CartItem[] {
  const raw = readRaw();
  if (raw !== snapshot.raw) snapshot = { raw, items: parse(raw) };
  return snapshot.items;
}

const getServerSnapshot = () => EMPTY;

function publish(items: CartItem[]) {
  writeRaw(JSON.stringify(items));
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab's change does not concern this tab's sessionStorage, but a restored tab's does.
  const onStorage = (event: StorageEvent) => {
    if (event.key === CART_STORAGE_KEY || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The cart's items; empty on the server and during hydration, then what this tab stored. */
export const useCart = () => useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);

export const readCart = getSnapshot;

/** Adds a vignette; false when the cart already holds the maximum. */
export function addToCart(item: CartItem): boolean {
  const items = getSnapshot();
  if (items.length >= MAX_CART_ITEMS) return false;
  publish([...items, item]);
  return true;
}

/**
 * Puts vignettes chosen before (an order's, a reminder's) in this tab's cart, after what it holds or, with `replace`,
 * in its place; as many as it still takes ({@link MAX_CART_ITEMS}).
 */
export function fillCart(items: readonly CartItem[], { replace = false }: { replace?: boolean } = {}): void {
  if (replace) clearCart();
  for (const item of items) if (!addToCart(item)) break;
}

/** A vignette as the server priced it for the cart again ("buy the same again"): the cart gives it its id. */
export type PricedCartLine = Omit<CartItem, 'id' | 'categoryCode'> & { categoryCode: string };

/** The cart line of a {@link PricedCartLine}: a new id, and the category the form knows. */
export const cartLineOf = (line: PricedCartLine): CartItem => ({
  ...line,
  id: randomId(),
  categoryCode: line.categoryCode as CartItem['categoryCode'],
});

export function removeFromCart(id: string) {
  publish(getSnapshot().filter((item) => item.id !== id));
}

export function clearCart() {
  publish([]);
}

type Candidate = Pick<CartItem, 'plate' | 'country' | 'type' | 'county' | 'firstDay' | 'lastDay'>;

/**
 * The cart's vignettes that a new one would duplicate: the same vehicle (plateKey, which also folds O/0 and I/1) on
 * overlapping days. County vignettes of different counties do not duplicate each other: one vehicle may need several.
 */
export function findOverlaps(items: readonly CartItem[], candidate: Candidate): CartItem[] {
  const key = plateKey(candidate.plate, candidate.country);
  return items.filter(
    (item) =>
      plateKey(item.plate, item.country) === key &&
      item.firstDay <= candidate.lastDay &&
      candidate.firstDay <= item.lastDay &&
      !(item.type === 'COUNTY_YEAR' && candidate.type === 'COUNTY_YEAR' && item.county !== candidate.county),
  );
}

/** A random id; crypto.randomUUID exists only in secure contexts (https, localhost). */
export function randomId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The quote and order item of a cart line (docs/api.md, Vignette orders). */
export const requestItem = (item: CartItem): VignetteOrderInput['items'][number] => ({
  categoryCode: item.categoryCode,
  type: item.type,
  ...(item.startDate ? { startDate: item.startDate } : {}),
  ...(item.county ? { county: item.county } : {}),
  plate: item.plate,
  country: item.country,
});

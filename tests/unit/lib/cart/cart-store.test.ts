/** @jest-environment jsdom */
import { act, renderHook } from '@testing-library/react';
import {
  addToCart,
  CART_STORAGE_KEY,
  clearCart,
  findOverlaps,
  MAX_CART_ITEMS,
  readCart,
  removeFromCart,
  useCart,
  type CartItem,
} from '@/lib/cart/cart-store';

const item = (overrides: Partial<CartItem> = {}): CartItem => ({
  id: Math.random().toString(36).slice(2),
  categoryCode: 'CAR',
  type: 'WEEK',
  startDate: '2026-11-23',
  plate: 'HD12ABC',
  country: 'RO',
  firstDay: '2026-11-23',
  lastDay: '2026-12-02',
  priceHuf: 6900,
  priceRon: 8976,
  ...overrides,
});

beforeEach(() => {
  sessionStorage.clear();
  clearCart();
});

describe('the vignette cart', () => {
  it('keeps its vignettes in sessionStorage, shared by every page of the tab', () => {
    const { result } = renderHook(() => useCart());
    expect(result.current).toEqual([]);
    const first = item();
    act(() => void addToCart(first));
    expect(result.current).toEqual([first]);
    expect(JSON.parse(sessionStorage.getItem(CART_STORAGE_KEY)!)).toEqual([first]);
    act(() => removeFromCart(first.id));
    expect(result.current).toEqual([]);
  });

  it('holds at most 10 vignettes', () => {
    for (let index = 0; index < MAX_CART_ITEMS; index++) expect(addToCart(item())).toBe(true);
    expect(addToCart(item())).toBe(false);
    expect(readCart()).toHaveLength(MAX_CART_ITEMS);
  });

  it('ignores stored data that is not a cart', () => {
    sessionStorage.setItem(CART_STORAGE_KEY, '{"not": "a cart"}');
    expect(readCart()).toEqual([]);
    sessionStorage.setItem(CART_STORAGE_KEY, JSON.stringify([item(), { id: 'x' }]));
    expect(readCart()).toHaveLength(1);
  });
});

describe('findOverlaps', () => {
  const cart = [item({ id: 'week' })];

  it('finds the same vehicle on overlapping days, however its plate was spelt', () => {
    const candidate = {
      plate: 'HD-12-ABC',
      country: 'ro',
      type: 'MONTH' as const,
      firstDay: '2026-12-02',
      lastDay: '2027-01-02',
    };
    expect(findOverlaps(cart, candidate).map((found) => found.id)).toEqual(['week']);
    // O for 0 and I for 1 are most likely the same car typed twice.
    expect(findOverlaps(cart, { ...candidate, plate: 'HDI2ABC' })).toHaveLength(1);
  });

  it('ignores other vehicles and days that do not overlap', () => {
    const candidate = {
      plate: 'HD12ABC',
      country: 'RO',
      type: 'DAY' as const,
      firstDay: '2026-12-03',
      lastDay: '2026-12-03',
    };
    expect(findOverlaps(cart, candidate)).toEqual([]);
    expect(
      findOverlaps(cart, { ...candidate, firstDay: '2026-11-25', lastDay: '2026-11-25', plate: 'CJ22XYZ' }),
    ).toEqual([]);
    expect(
      findOverlaps(cart, { ...candidate, firstDay: '2026-11-25', lastDay: '2026-11-25', country: 'HU' }),
    ).toEqual([]);
  });

  it('lets one vehicle have county vignettes for several counties', () => {
    const county = item({
      id: 'pest',
      type: 'COUNTY_YEAR',
      county: 'pest',
      firstDay: '2026-11-22',
      lastDay: '2027-01-31',
    });
    const candidate = {
      plate: 'HD12ABC',
      country: 'RO',
      type: 'COUNTY_YEAR' as const,
      firstDay: '2026-11-22',
      lastDay: '2027-01-31',
    };
    expect(findOverlaps([county], { ...candidate, county: 'fejer' })).toEqual([]);
    expect(findOverlaps([county], { ...candidate, county: 'pest' })).toHaveLength(1);
  });
});

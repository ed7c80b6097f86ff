import { useReducer } from 'react';
import type { PaymentFilters, PaymentQuery, PaymentSort } from './admin-api';
import { lastDays } from './format';

/** The transactions screen's query: its filters, sort and page, changed only through these actions. */
export type PaymentQueryAction =
  | { type: 'filter'; filters: Partial<PaymentFilters> }
  | { type: 'sort'; sort: PaymentSort }
  | { type: 'page'; page: number }
  | { type: 'size'; size: number };

/** A column's first direction: the newest, the largest first; names and states A to Z. */
const FIRST_DIRECTION: Record<PaymentSort, 'asc' | 'desc'> = {
  createdAt: 'desc',
  amount: 'desc',
  status: 'asc',
  email: 'asc',
};

export const DEFAULT_PAGE_SIZE = 20;

/** The last 30 days, every state and product: what staff look at first. */
export const defaultFilters = (now = new Date()): PaymentFilters => ({
  ...lastDays(30, now),
  status: '',
  product: '',
  active: '',
  q: '',
  attention: '',
});

export const initialPaymentQuery = (now = new Date()): PaymentQuery => ({
  ...defaultFilters(now),
  page: 0,
  size: DEFAULT_PAGE_SIZE,
  sort: 'createdAt',
  dir: 'desc',
});

/** Any change but a page turn goes back to the first page: the old page number means nothing in another list. */
export function paymentQueryReducer(query: PaymentQuery, action: PaymentQueryAction): PaymentQuery {
  switch (action.type) {
    case 'filter':
      return { ...query, ...action.filters, page: 0 };
    case 'sort':
      return query.sort === action.sort
        ? { ...query, dir: query.dir === 'asc' ? 'desc' : 'asc', page: 0 }
        : { ...query, sort: action.sort, dir: FIRST_DIRECTION[action.sort], page: 0 };
    case 'page':
      return { ...query, page: Math.max(action.page, 0) };
    case 'size':
      return { ...query, size: action.size, page: 0 };
  }
}

export const usePaymentQuery = () => useReducer(paymentQueryReducer, undefined, () => initialPaymentQuery());

import type { Executor } from '@/lib/db/client';
import type { InvoicedOrder } from './invoiced-order';

/**
 * How lib/invoices reads the order a document states, when it must: only for a document issued before snapshots
 * existed, frozen at its first rendering (lib/invoices/frozen.ts). lib/orders owns the read and gives it at start
 * (lib/startup/startup.ts), as the jobs are registered: lib/invoices sits below lib/orders and imports nothing of it.
 */
export type OrderFactsReader = (executor: Executor, orderId: string) => Promise<InvoicedOrder>;

// Route handlers and instrumentation are bundled apart: the reader lives on globalThis, one per process.
const registry = globalThis as unknown as { roadOrderFactsReader?: OrderFactsReader };

/** Gives lib/invoices the read of an order's facts (lib/orders/order-document.ts `invoicedOrderOf`). */
export function readOrderFactsWith(reader: OrderFactsReader): void {
  registry.roadOrderFactsReader = reader;
}

/** The order a document states, read with the reader given at start. */
export function readOrderFacts(executor: Executor, orderId: string): Promise<InvoicedOrder> {
  const reader = registry.roadOrderFactsReader;
  if (!reader) throw new Error('no reader of orders was given to lib/invoices (readOrderFactsWith) at start');
  return reader(executor, orderId);
}

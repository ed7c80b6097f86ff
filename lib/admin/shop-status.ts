import 'server-only';

import { count, eq } from 'drizzle-orm';
import { getConfig, type Config } from '@/lib/config/env';
import { isLiveMode, PRODUCT_LINES, productLineState, type ProductLineState } from '@/lib/config/live-mode';
import { queryRows, type Db } from '@/lib/db/client';
import { orders, outbox } from '@/lib/db/schema';
import { COUNT_EFACTURA_DEAD_LETTERS } from '@/lib/efactura/submissions-attention';
import { DEAD_LETTER } from '@/lib/mail/dead-letters';

/**
 * What the back-office says of the shop's set-up: live or sandbox, each product line sold or closed and why, and the
 * dead letters: e-mails, deliveries and e-Factura uploads given up after every retry, which wait for staff.
 */
export interface ShopStatus {
  live: boolean;
  lines: ProductLineState[];
  /** `off`: invoices and credit notes wait and are not reported to ANAF. */
  efactura: Config['EFACTURA_PROVIDER'];
  /**
   * Outbox rows never sent after their last attempt (lib/mail/dead-letters.ts), staff alerts included: shown here
   * because the alert that tells of them may be one of them, or STAFF_ALERT_EMAIL unset.
   */
  deadLetters: number;
  /**
   * Paid orders whose delivery failed every try or was refused (FULFILLMENT_FAILED): staff deliver them again
   * (`POST /api/admin/payment/retry`) or refund them. Counted here as the e-mails are, whatever became of the alert.
   */
  failedDeliveries: number;
  /**
   * Invoices and credit notes whose upload to RO e-Factura was given up after its last try, or whose answer was lost
   * (lib/efactura/submissions-attention.ts): neither is tried again until staff send it again.
   */
  efacturaStuck: number;
}

export async function shopStatus(db: Db, config: Config = getConfig()): Promise<ShopStatus> {
  // Unsent rows only, through the outbox_pending index (sent_at first): few, whatever the outbox's history.
  // The other two read an index's range too: orders by status, unsettled submissions by status.
  const [[dead], [failed], [stuck]] = await Promise.all([
    db.select({ n: count() }).from(outbox).where(DEAD_LETTER),
    db.select({ n: count() }).from(orders).where(eq(orders.status, 'FULFILLMENT_FAILED')),
    queryRows<{ n: number }>(db, COUNT_EFACTURA_DEAD_LETTERS),
  ]);
  return {
    live: isLiveMode(config),
    lines: PRODUCT_LINES.map((line) => productLineState(line, config)),
    efactura: config.EFACTURA_PROVIDER,
    deadLetters: dead?.n ?? 0,
    failedDeliveries: failed?.n ?? 0,
    efacturaStuck: stuck?.n ?? 0,
  };
}

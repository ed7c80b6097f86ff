import 'server-only';

import { count } from 'drizzle-orm';
import { getConfig, type Config } from '@/lib/config/env';
import { isLiveMode, PRODUCT_LINES, productLineState, type ProductLineState } from '@/lib/config/live-mode';
import type { Db } from '@/lib/db/client';
import { outbox } from '@/lib/db/schema';
import { DEAD_LETTER } from '@/lib/mail/dead-letters';

/**
 * What the back-office says of the shop's set-up: live or sandbox, each product line sold or closed and why, and the
 * e-mails given up after every retry.
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
}

export async function shopStatus(db: Db, config: Config = getConfig()): Promise<ShopStatus> {
  // Unsent rows only, through the outbox_pending index (sent_at first): few, whatever the outbox's history.
  const [dead] = await db.select({ n: count() }).from(outbox).where(DEAD_LETTER);
  return {
    live: isLiveMode(config),
    lines: PRODUCT_LINES.map((line) => productLineState(line, config)),
    efactura: config.EFACTURA_PROVIDER,
    deadLetters: dead?.n ?? 0,
  };
}

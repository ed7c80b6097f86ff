import 'server-only';

import { getConfig } from '@/lib/config/env';
import { outbox } from '@/lib/db/schema';
import type { Executor } from '@/lib/db/client';
import type { MailKind } from './mail-kinds';
import type { StaffAlertReason } from './staff-alert';

/**
 * Tells staff by e-mail (STAFF_ALERT_EMAIL) that an order needs a hand, in the transaction that made it so: the
 * alert goes out exactly when the state it reports was committed. Without STAFF_ALERT_EMAIL, nothing is sent; the
 * transactions screen's "needs attention" filter shows the order either way.
 */
export async function queueStaffAlert(
  executor: Executor,
  orderId: string,
  reason: StaffAlertReason,
  detail?: string,
): Promise<void> {
  const recipient = getConfig().STAFF_ALERT_EMAIL;
  if (!recipient) return;
  await executor.insert(outbox).values({
    kind: 'STAFF_ALERT' satisfies MailKind,
    orderId,
    recipient,
    details: detail ? { reason, detail: detail.slice(0, 500) } : { reason },
  });
}

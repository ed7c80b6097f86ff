import 'server-only';

import type { Principal } from '@/lib/auth/guard';
import type { Db } from '@/lib/db/client';
import { requeuedNames, requeueDeadLetters } from '@/lib/mail/dead-letters';
import { kick } from '@/lib/server/jobs';
import { recordAudit } from '@/lib/auth/audit';

/**
 * Every e-mail given up after its last try, sent again (`POST /api/admin/mail/retry`, from the back-office banner):
 * once the mail server works again, staff need not open each order, and the e-mails of no order (the daily e-Factura
 * digest) have no order to be re-sent from. Audited with the messages requeued.
 */
export async function retryDeadMail(
  db: Db,
  staff: Pick<Principal, 'id' | 'username'>,
): Promise<{ requeued: number }> {
  const requeued = await db.transaction(async (tx) => {
    const rows = await requeueDeadLetters(tx);
    if (rows.length)
      await recordAudit(tx, staff, { action: 'mail.retryAll', details: { messages: requeuedNames(rows) } });
    return rows.length;
  });
  if (requeued) kick('mail');
  return { requeued };
}

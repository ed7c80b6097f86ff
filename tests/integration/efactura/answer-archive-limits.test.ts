import { eq } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { efacturaSubmissions } from '@/lib/db/schema';
import type { EfacturaApi } from '@/lib/efactura/anaf/client';
import { writeZip } from '@/lib/efactura/anaf/zip';
import { processEfacturaSubmissions } from '@/lib/efactura/submissions';
import { describeOnProcessDrivers } from '../admin/admin-fixtures';
import { sandboxAnswersAtOnce } from '../../support/efactura-sandbox';
import { paidVignetteOrder } from '../../support/purchases';

/*
 * ANAF's answer archive is read before it is kept: one that inflates beyond the cap (a zip bomb, from ANAF or from
 * whoever answers in its place) is refused, the document is not marked accepted, and the reason stays on the
 * submission for staff.
 */
describeOnProcessDrivers('an e-Factura answer that is a zip bomb', (db) => {
  sandboxAnswersAtOnce();

  const submissionOf = async (database: Db, orderId: string) =>
    (await database.select().from(efacturaSubmissions).where(eq(efacturaSubmissions.orderId, orderId)))[0]!;
  const pass = (seconds: number, api: EfacturaApi) =>
    processEfacturaSubmissions(db(), api, { now: () => new Date(Date.now() + seconds * 1000) });

  it('is refused with a clear error kept on the submission, and asked again later', async () => {
    const orderId = await paidVignetteOrder(db(), { plates: ['B777ZIP'] });
    const bomb = writeZip([
      { name: '5000000777.xml', content: Buffer.alloc(64 * 1024 * 1024) },
      { name: 'semnatura_5000000777.xml', content: '<ds:Signature/>' },
    ]);
    const api: EfacturaApi = {
      upload: async () => ({ kind: 'UPLOADED', uploadId: '5000000777' }),
      messageState: async () => ({ kind: 'ok', downloadId: '3000000777' }),
      download: async () => ({ kind: 'ZIP', bytes: bomb }),
      messages: async () => ({ kind: 'MESSAGES', messages: [] }),
    };
    await pass(0, api);
    await pass(11, api);
    const row = await submissionOf(db(), orderId);
    expect(row).toMatchObject({
      status: 'UPLOADED',
      answerZip: null,
      lastError: expect.stringMatching(
        /^download 3000000777: zip archive refused: its files inflate to more than/,
      ),
    });
    expect(row.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 11_000);
  });
});

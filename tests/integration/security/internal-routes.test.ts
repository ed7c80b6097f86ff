import { POST as revalidate } from '@/app/api/internal/catalog-revalidation/route';
import { REVALIDATION_TOKEN_HEADER } from '@/lib/catalog/page-revalidation';
import { PEER_ADDRESS_HEADER, stampPeerAddress } from '@/lib/security/peer-address';
import { noParams } from '../../support/process-database';

const TOKEN = 'the-process-own-revalidation-token';

describe('the internal catalog revalidation route', () => {
  beforeAll(() => {
    (globalThis as { roadRevalidationToken?: string }).roadRevalidationToken = TOKEN;
  });

  const ask = (headers: Record<string, string>) =>
    revalidate(
      new Request('http://localhost/api/internal/catalog-revalidation', { method: 'POST', headers }),
      noParams,
    );

  it("refuses a caller that is not on the server's loopback address, even with the process's secret", async () => {
    for (const peer of ['203.0.113.4', '10.0.0.1', '2001:db8::1']) {
      const answer = await ask({
        [PEER_ADDRESS_HEADER]: stampPeerAddress(peer),
        [REVALIDATION_TOKEN_HEADER]: TOKEN,
      });
      expect(answer.status).toBe(404);
    }
    // Nor one whose address the server did not stamp, or that forwarded a loopback address.
    expect(
      (await ask({ [PEER_ADDRESS_HEADER]: '127.0.0.1', [REVALIDATION_TOKEN_HEADER]: TOKEN })).status,
    ).toBe(404);
    expect(
      (
        await ask({
          [PEER_ADDRESS_HEADER]: stampPeerAddress('203.0.113.4'),
          'x-forwarded-for': '127.0.0.1',
          [REVALIDATION_TOKEN_HEADER]: TOKEN,
        })
      ).status,
    ).toBe(404);
  });

  it('refuses a loopback caller without the secret', async () => {
    const answer = await ask({
      [PEER_ADDRESS_HEADER]: stampPeerAddress('127.0.0.1'),
      [REVALIDATION_TOKEN_HEADER]: 'guess',
    });
    expect(answer.status).toBe(404);
  });
});

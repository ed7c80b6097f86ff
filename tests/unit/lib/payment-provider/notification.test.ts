import { createHash, createHmac, generateKeyPairSync, sign } from 'node:crypto';
import {
  bodyDigest,
  buildNotificationBody,
  decimalToMinorUnits,
  NETOPIA_IPN_ERROR_CODE,
  notificationAnswer,
  outcomeOfStatus,
  rejectionErrorCode,
  signNotification,
  verifyNotification,
} from '@/lib/payment-provider/netopia/notification';
import { NETOPIA_STATUS } from '@/lib/db/netopia-status';

function rsaPair() {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  };
}

const provider = rsaPair();
const attacker = rsaPair();
const POS = 'AAAA-BBBB-CCCC-DDDD-EEEE';
const NOW = new Date('2026-03-01T10:00:00Z');
const NOW_S = Math.floor(NOW.getTime() / 1000);

const BODY = buildNotificationBody({
  orderId: 'RP-2026-000123',
  ntpId: '1234567',
  status: NETOPIA_STATUS.PAID,
  amountBani: 12345,
  currency: 'RON',
  code: '00',
  message: 'Tranzacție aprobată',
});

const b64url = (data: string | Buffer) => Buffer.from(data).toString('base64url');

/** A token made by hand, to try what `signNotification` would never produce. */
function handToken(
  claims: Record<string, unknown>,
  { alg = 'RS512', signer }: { alg?: string; signer?: (signingInput: string) => Buffer } = {},
): string {
  const header = b64url(JSON.stringify({ alg, typ: 'JWT' }));
  const payload = b64url(JSON.stringify(claims));
  const signingInput = `${header}.${payload}`;
  const signature = signer
    ? signer(signingInput)
    : sign('sha512', Buffer.from(signingInput), provider.privateKeyPem);
  return `${signingInput}.${b64url(signature)}`;
}

function claimsFor(body: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    iss: 'NETOPIA Payments',
    aud: [POS],
    sub: createHash('sha512').update(body).digest('base64'),
    iat: NOW_S,
    nbf: NOW_S,
    exp: NOW_S + 300,
    ...overrides,
  };
}

async function tokenFor(body: string, overrides: Partial<Parameters<typeof signNotification>[0]> = {}) {
  return signNotification({
    body,
    privateKeyPem: provider.privateKeyPem,
    posSignature: POS,
    now: NOW,
    ...overrides,
  });
}

function verify(
  rawBody: string | Uint8Array,
  token: string | null,
  overrides: { now?: Date; posSignature?: string } = {},
) {
  return verifyNotification({
    rawBody,
    token,
    publicKeyPem: provider.publicKeyPem,
    posSignature: POS,
    now: NOW,
    ...overrides,
  });
}

async function reasonOf(
  rawBody: string,
  token: string | null,
  overrides: { now?: Date; posSignature?: string } = {},
) {
  const result = await verify(rawBody, token, overrides);
  return result.ok ? 'ACCEPTED' : result.reason;
}

describe('verifyNotification: a genuine notification', () => {
  it('is accepted, with its fields and the amount in bani', async () => {
    const result = await verify(BODY, await tokenFor(BODY));
    expect(result).toEqual({
      ok: true,
      notification: {
        orderId: 'RP-2026-000123',
        ntpId: '1234567',
        status: 3,
        amountBani: 12345,
        currency: 'RON',
        code: '00',
        message: 'Tranzacție aprobată',
      },
    });
  });

  it('is accepted from the body bytes as well as from its text', async () => {
    const result = await verify(Buffer.from(BODY, 'utf8'), await tokenFor(BODY));
    expect(result.ok).toBe(true);
  });

  it('signs the claims Netopia sends: RS512, iss, aud, sub = base64(SHA-512(body)), iat, nbf, exp', async () => {
    const token = await tokenFor(BODY, { ttlSeconds: 120 });
    const [header, payload] = token.split('.') as [string, string, string];
    expect(JSON.parse(Buffer.from(header, 'base64url').toString())).toEqual({ alg: 'RS512', typ: 'JWT' });
    expect(JSON.parse(Buffer.from(payload, 'base64url').toString())).toEqual({
      iss: 'NETOPIA Payments',
      aud: [POS],
      sub: createHash('sha512').update(BODY, 'utf8').digest('base64'),
      iat: NOW_S,
      nbf: NOW_S,
      exp: NOW_S + 120,
    });
    expect(bodyDigest(BODY)).toBe(createHash('sha512').update(BODY, 'utf8').digest('base64'));
  });

  it('accepts a hand-made RS512 token (the control for the hand-made attacks below)', async () => {
    expect(await reasonOf(BODY, handToken(claimsFor(BODY)))).toBe('ACCEPTED');
  });

  it('accepts aud as a string, or as an array that contains the POS signature', async () => {
    expect(await reasonOf(BODY, handToken(claimsFor(BODY, { aud: POS })))).toBe('ACCEPTED');
    expect(await reasonOf(BODY, handToken(claimsFor(BODY, { aud: ['ZZZZ-YYYY', POS] })))).toBe('ACCEPTED');
  });

  it('accepts a token without nbf (checked whenever present)', async () => {
    const claims = claimsFor(BODY);
    delete claims.nbf;
    expect(await reasonOf(BODY, handToken(claims))).toBe('ACCEPTED');
  });

  it('reads the time claims in milliseconds too, as the official PHP SDK expects Netopia to send them', async () => {
    const inMs = { iat: NOW_S * 1000, nbf: NOW_S * 1000, exp: (NOW_S + 300) * 1000 };
    expect(await reasonOf(BODY, handToken(claimsFor(BODY, inMs)))).toBe('ACCEPTED');
    expect(await reasonOf(BODY, handToken(claimsFor(BODY, { ...inMs, exp: (NOW_S - 61) * 1000 })))).toBe(
      'EXPIRED',
    );
    expect(await reasonOf(BODY, handToken(claimsFor(BODY, { ...inMs, nbf: (NOW_S + 120) * 1000 })))).toBe(
      'NOT_YET_VALID',
    );
  });

  it('tolerates up to 60 s of clock skew on exp and nbf', async () => {
    expect(await reasonOf(BODY, handToken(claimsFor(BODY, { exp: NOW_S - 50 })))).toBe('ACCEPTED');
    expect(await reasonOf(BODY, handToken(claimsFor(BODY, { nbf: NOW_S + 50 })))).toBe('ACCEPTED');
  });
});

describe('verifyNotification: rejections', () => {
  it('MISSING_TOKEN without a Verification-token', async () => {
    expect(await reasonOf(BODY, null)).toBe('MISSING_TOKEN');
    expect(await reasonOf(BODY, '')).toBe('MISSING_TOKEN');
    expect(await reasonOf(BODY, '   ')).toBe('MISSING_TOKEN');
  });

  it.each(['garbage', 'a.b.c', 'a.b', '....', `${'x'.repeat(20_000)}.y.z`, 'eyJhbGciOiJSUzUxMiJ9.%%%.%%%'])(
    'MALFORMED_TOKEN for %#',
    async (token) => {
      expect(await reasonOf(BODY, token)).toBe('MALFORMED_TOKEN');
    },
  );

  it('BAD_SIGNATURE for a token signed by another key (forged)', async () => {
    const forged = await tokenFor(BODY, { privateKeyPem: attacker.privateKeyPem });
    expect(await reasonOf(BODY, forged)).toBe('BAD_SIGNATURE');
  });

  it('BAD_SIGNATURE when the claims of a genuine token are swapped', async () => {
    const [header, , signature] = (await tokenFor(BODY)).split('.') as [string, string, string];
    const otherBody = BODY.replace('RP-2026-000123', 'RP-2026-000999');
    const payload = b64url(JSON.stringify(claimsFor(otherBody)));
    expect(await reasonOf(otherBody, `${header}.${payload}.${signature}`)).toBe('BAD_SIGNATURE');
  });

  it('BAD_ALGORITHM for alg "none"', async () => {
    const header = b64url(JSON.stringify({ alg: 'none', typ: 'JWT' }));
    const payload = b64url(JSON.stringify(claimsFor(BODY)));
    expect(await reasonOf(BODY, `${header}.${payload}.`)).toBe('BAD_ALGORITHM');
  });

  it('BAD_ALGORITHM for HS512 keyed with the public key PEM (algorithm confusion)', async () => {
    const token = handToken(claimsFor(BODY), {
      alg: 'HS512',
      signer: (input) => createHmac('sha512', provider.publicKeyPem).update(input).digest(),
    });
    expect(await reasonOf(BODY, token)).toBe('BAD_ALGORITHM');
  });

  it('BAD_ALGORITHM for RS256 signed with the right key', async () => {
    const token = handToken(claimsFor(BODY), {
      alg: 'RS256',
      signer: (input) => sign('sha256', Buffer.from(input), provider.privateKeyPem),
    });
    expect(await reasonOf(BODY, token)).toBe('BAD_ALGORITHM');
  });

  it('BAD_ALGORITHM for ES512 and for an RS512 signature relabelled PS512', async () => {
    const ec = generateKeyPairSync('ec', { namedCurve: 'P-521' });
    const es512 = handToken(claimsFor(BODY), {
      alg: 'ES512',
      signer: (input) =>
        sign('sha512', Buffer.from(input), { key: ec.privateKey, dsaEncoding: 'ieee-p1363' }),
    });
    expect(await reasonOf(BODY, es512)).toBe('BAD_ALGORITHM');
    expect(await reasonOf(BODY, handToken(claimsFor(BODY), { alg: 'PS512' }))).toBe('BAD_ALGORITHM');
  });

  it('BAD_AUDIENCE for another POS signature', async () => {
    expect(await reasonOf(BODY, await tokenFor(BODY, { posSignature: 'ZZZZ-YYYY-XXXX-WWWW-VVVV' }))).toBe(
      'BAD_AUDIENCE',
    );
    expect(await reasonOf(BODY, handToken(claimsFor(BODY, { aud: ['ZZZZ', 'YYYY'] })))).toBe('BAD_AUDIENCE');
    expect(await reasonOf(BODY, handToken(claimsFor(BODY, { aud: [] })))).toBe('BAD_AUDIENCE');
    const claims = claimsFor(BODY);
    delete claims.aud;
    expect(await reasonOf(BODY, handToken(claims))).toBe('BAD_AUDIENCE');
  });

  it('BAD_ISSUER for another or a missing issuer', async () => {
    expect(await reasonOf(BODY, await tokenFor(BODY, { issuer: 'NETOPIA Payments Sandbox' }))).toBe(
      'BAD_ISSUER',
    );
    expect(await reasonOf(BODY, handToken(claimsFor(BODY, { iss: 'netopia payments' })))).toBe('BAD_ISSUER');
    const claims = claimsFor(BODY);
    delete claims.iss;
    expect(await reasonOf(BODY, handToken(claims))).toBe('BAD_ISSUER');
  });

  it('EXPIRED past exp plus 60 s', async () => {
    const old = await tokenFor(BODY, { now: new Date(NOW.getTime() - 10 * 60_000), ttlSeconds: 300 });
    expect(await reasonOf(BODY, old)).toBe('EXPIRED');
    expect(await reasonOf(BODY, handToken(claimsFor(BODY, { exp: NOW_S - 61 })))).toBe('EXPIRED');
  });

  it('MISSING_TIME_CLAIMS without exp or without iat, or with one that is not a number', async () => {
    for (const claim of ['exp', 'iat']) {
      const claims = claimsFor(BODY);
      delete claims[claim];
      expect(await reasonOf(BODY, handToken(claims))).toBe('MISSING_TIME_CLAIMS');
      expect(await reasonOf(BODY, handToken(claimsFor(BODY, { [claim]: String(NOW_S) })))).toBe(
        'MISSING_TIME_CLAIMS',
      );
    }
  });

  it('TOO_OLD when issued over an hour ago, even with an exp still ahead', async () => {
    const old = handToken(claimsFor(BODY, { iat: NOW_S - 3600 - 61, nbf: NOW_S - 3700, exp: NOW_S + 300 }));
    expect(await reasonOf(BODY, old)).toBe('TOO_OLD');
    const justInTime = handToken(claimsFor(BODY, { iat: NOW_S - 3600, exp: NOW_S + 300 }));
    expect(await reasonOf(BODY, justInTime)).toBe('ACCEPTED');
  });

  it('NOT_YET_VALID before nbf minus 60 s, or issued more than 60 s ahead', async () => {
    expect(await reasonOf(BODY, handToken(claimsFor(BODY, { iat: NOW_S + 120, nbf: undefined })))).toBe(
      'NOT_YET_VALID',
    );
    const early = await tokenFor(BODY, { now: new Date(NOW.getTime() + 5 * 60_000) });
    expect(await reasonOf(BODY, early)).toBe('NOT_YET_VALID');
    expect(await reasonOf(BODY, handToken(claimsFor(BODY, { nbf: NOW_S + 120 })))).toBe('NOT_YET_VALID');
  });

  it('BODY_MISMATCH when one byte of the body changes (same length)', async () => {
    const token = await tokenFor(BODY);
    const tampered = BODY.replace('123.45', '123.46');
    expect(tampered).not.toBe(BODY);
    expect(tampered).toHaveLength(BODY.length);
    expect(await reasonOf(tampered, token)).toBe('BODY_MISMATCH');
  });

  it('BODY_MISMATCH when the body gains whitespace (the raw bytes are signed, not the JSON value)', async () => {
    const token = await tokenFor(BODY);
    expect(await reasonOf(`${BODY}\n`, token)).toBe('BODY_MISMATCH');
    expect(await reasonOf(JSON.stringify(JSON.parse(BODY), null, 2), token)).toBe('BODY_MISMATCH');
  });

  it('BODY_MISMATCH without sub, or with sub in another encoding', async () => {
    const claims = claimsFor(BODY);
    delete claims.sub;
    expect(await reasonOf(BODY, handToken(claims))).toBe('BODY_MISMATCH');
    const hex = createHash('sha512').update(BODY).digest('hex');
    expect(await reasonOf(BODY, handToken(claimsFor(BODY, { sub: hex })))).toBe('BODY_MISMATCH');
  });

  const body = (payment: Record<string, unknown>, order: Record<string, unknown> = { orderID: 'RP-1' }) =>
    JSON.stringify({ payment: { ntpID: '1', status: 3, amount: 10, currency: 'RON', ...payment }, order });

  it.each([
    ['not JSON', '{"payment":'],
    ['a JSON array', '[]'],
    ['no order', JSON.stringify({ payment: { ntpID: '1', status: 3, amount: 10, currency: 'RON' } })],
    ['no order id', body({}, {})],
    ['an empty order id', body({}, { orderID: '' })],
    ['no ntpID', body({ ntpID: undefined })],
    ['a non-numeric status', body({ status: 'paid' })],
    ['a fractional status', body({ status: 3.5 })],
    ['no amount', body({ amount: undefined })],
    ['a negative amount', body({ amount: -1 })],
    ['an amount with three decimals', body({ amount: 12.345 })],
    ['an amount as text', body({ amount: 'ten' })],
    ['a lowercase currency', body({ currency: 'ron' })],
    ['no currency', body({ currency: undefined })],
  ])('MALFORMED_BODY for %s, even when properly signed', async (_label, malformed) => {
    expect(await reasonOf(malformed, await tokenFor(malformed))).toBe('MALFORMED_BODY');
  });

  it('MALFORMED_BODY for bytes that are not UTF-8', async () => {
    const bytes = Uint8Array.from([0x7b, 0xff, 0x7d]);
    const token = await signNotification({
      body: bytes,
      privateKeyPem: provider.privateKeyPem,
      posSignature: POS,
      now: NOW,
    });
    const result = await verify(bytes, token);
    expect(result).toEqual({ ok: false, reason: 'MALFORMED_BODY' });
  });

  it('throws only for our own unusable configuration, never for what the request carries', async () => {
    await expect(
      verifyNotification({ rawBody: BODY, token: 'x', publicKeyPem: 'not a key', posSignature: POS }),
    ).rejects.toThrow(/public key/);
    await expect(
      verifyNotification({
        rawBody: BODY,
        token: 'x',
        publicKeyPem: provider.publicKeyPem,
        posSignature: '',
      }),
    ).rejects.toThrow(/POS signature/);
  });
});

describe('amounts', () => {
  async function amountOf(rawAmount: string) {
    const raw = `{"payment":{"ntpID":"1","status":3,"amount":${rawAmount},"currency":"RON"},"order":{"orderID":"RP-1"}}`;
    const result = await verify(raw, await tokenFor(raw));
    return result.ok ? result.notification.amountBani : result.reason;
  }

  it.each([
    ['123.45', 12345],
    ['10', 1000],
    ['10.00', 1000],
    ['10.5', 1050],
    ['0.3', 30],
    ['0.1', 10],
    ['1.15', 115], // 1.15 * 100 = 114.99999999999999
    ['4.35', 435], // 4.35 * 100 = 434.99999999999994
    ['8.2', 820], // 8.2 * 100 = 819.9999999999999
    ['99999.99', 9999999],
    ['0', 0],
    ['"123.45"', 12345],
  ])('reads %s as %i bani', async (raw, bani) => {
    expect(await amountOf(raw)).toBe(bani);
  });

  it('refuses a sum that went through floating point (0.1 + 0.2)', async () => {
    expect(await amountOf(JSON.stringify(0.1 + 0.2))).toBe('MALFORMED_BODY');
    expect(await amountOf('1e3')).toBe(100000); // JSON 1e3 is 1000
    expect(await amountOf('1e-7')).toBe('MALFORMED_BODY');
  });

  it('converts every amount up to 2,000.00 exactly, and back through buildNotificationBody', () => {
    const wrong: number[] = [];
    for (let bani = 0; bani <= 200_000; bani += 1) {
      if (decimalToMinorUnits(bani / 100) !== bani) wrong.push(bani);
    }
    expect(wrong).toEqual([]);
    for (const bani of [9_999_999, 12_345, 30, 1, 99]) {
      const parsed = JSON.parse(
        buildNotificationBody({ orderId: 'o', ntpId: 'n', status: 3, amountBani: bani, currency: 'RON' }),
      );
      expect(decimalToMinorUnits(parsed.payment.amount)).toBe(bani);
    }
  });

  it('builds bodies in the v2 shape with decimal RON amounts', () => {
    const raw = buildNotificationBody({
      orderId: 'RP-9',
      ntpId: '42',
      status: 12,
      amountBani: 1000,
      currency: 'RON',
      code: '19',
      message: 'Expired card',
    });
    expect(JSON.parse(raw)).toEqual({
      payment: {
        method: 'card',
        ntpID: '42',
        status: 12,
        amount: 10,
        currency: 'RON',
        code: '19',
        message: 'Expired card',
      },
      order: { orderID: 'RP-9' },
    });
    expect(
      buildNotificationBody({ orderId: 'a', ntpId: 'b', status: 3, amountBani: 12345, currency: 'RON' }),
    ).toContain('"amount":123.45');
    expect(() =>
      buildNotificationBody({ orderId: 'a', ntpId: 'b', status: 3, amountBani: 1.5, currency: 'RON' }),
    ).toThrow(RangeError);
  });
});

describe('statuses and answers', () => {
  it('maps provider statuses to order outcomes (docs/domain.md, Order statuses)', () => {
    expect(outcomeOfStatus(NETOPIA_STATUS.PAID)).toBe('PAID');
    expect(outcomeOfStatus(NETOPIA_STATUS.CONFIRMED)).toBe('PAID');
    expect(outcomeOfStatus(NETOPIA_STATUS.DECLINED)).toBe('FAILED');
    expect(outcomeOfStatus(NETOPIA_STATUS.ERROR)).toBe('FAILED');
    expect(outcomeOfStatus(NETOPIA_STATUS.FRAUD)).toBe('FAILED');
    expect(outcomeOfStatus(NETOPIA_STATUS.CANCELED)).toBe('CANCELED');
    expect(outcomeOfStatus(NETOPIA_STATUS.EXPIRED)).toBe('EXPIRED');
    const decided = new Set<number>([3, 5, 11, 12, 13, 4, 23]);
    for (let status = 0; status <= 30; status += 1) {
      if (!decided.has(status)) expect(outcomeOfStatus(status)).toBe('PENDING');
    }
    expect(outcomeOfStatus(NETOPIA_STATUS.THREE_D_AUTH)).toBe('PENDING');
    expect(outcomeOfStatus(-1)).toBe('PENDING');
  });

  it('answers {errorType, errorCode, errorMessage}', () => {
    expect(notificationAnswer('DONE', 'ok')).toEqual({ errorType: 0, errorCode: 0, errorMessage: 'ok' });
    expect(notificationAnswer('TEMPORARY', 'database busy')).toEqual({
      errorType: 1,
      errorCode: NETOPIA_IPN_ERROR_CODE.VERIFICATION_FAILED_GENERAL,
      errorMessage: 'database busy',
    });
    expect(notificationAnswer('PERMANENT', 'tainted', rejectionErrorCode('BODY_MISMATCH'))).toEqual({
      errorType: 2,
      errorCode: 0x10000106,
      errorMessage: 'tainted',
    });
  });
});

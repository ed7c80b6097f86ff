import { randomBytes } from 'node:crypto';
import {
  hashSecret,
  newSecretToken,
  parseSecretToken,
  sealToken,
  secretMatches,
  unsealToken,
} from '@/lib/security/secret-tokens';

describe('the sign-in and session tokens', () => {
  it('are `{uuid}.{secret}`, and the row keeps only the secret’s hash', () => {
    const { id, token, hash } = newSecretToken();
    const parsed = parseSecretToken(token);
    expect(parsed?.id).toBe(id);
    expect(hash).toBe(hashSecret(parsed!.secret));
    expect(token).not.toContain(hash);
    expect(hash).not.toBe(parsed!.secret);
  });

  it('are random', () => {
    const tokens = new Set(Array.from({ length: 50 }, () => newSecretToken().token));
    expect(tokens.size).toBe(50);
  });

  it('match their own hash only', () => {
    const one = newSecretToken();
    const other = newSecretToken();
    const secret = parseSecretToken(one.token)!.secret;
    expect(secretMatches(secret, one.hash)).toBe(true);
    expect(secretMatches(secret, other.hash)).toBe(false);
    expect(secretMatches(secret, '')).toBe(false);
  });

  it('refuse any other shape before a row is looked up', () => {
    const { token } = newSecretToken();
    for (const bad of ['', 'abc', `${token}.x`, token.replace('.', ''), `not-a-uuid.${token.split('.')[1]}`])
      expect(parseSecretToken(bad)).toBeNull();
  });
});

describe('sealing a token for the outbox', () => {
  const secret = randomBytes(48);

  it('opens under the same secret only, and never shows the token', () => {
    const { token } = newSecretToken();
    const sealed = sealToken(token, secret);
    expect(sealed).not.toContain(token.split('.')[1]);
    expect(unsealToken(sealed, secret)).toBe(token);
    expect(unsealToken(sealed, randomBytes(48))).toBeNull();
  });

  it('refuses a value altered or not sealed at all', () => {
    const sealed = sealToken(newSecretToken().token, secret);
    const [iv, tag, body] = sealed.split('.');
    const flipped = `${body!.startsWith('A') ? 'B' : 'A'}${body!.slice(1)}`;
    expect(unsealToken(`${iv}.${tag}.${flipped}`, secret)).toBeNull();
    expect(unsealToken('garbage', secret)).toBeNull();
  });
});

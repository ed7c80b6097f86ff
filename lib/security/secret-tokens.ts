import {
  createCipheriv,
  createDecipheriv,
  createHash,
  randomBytes,
  randomUUID,
  timingSafeEqual,
} from 'node:crypto';

/*
 * The secrets of a buyer's sign-in link and session. Each is `{id}.{secret}`: the id finds the row, the secret proves
 * the holder got it from the shop. Only the secret's SHA-256 is stored, so a copy of the database opens nothing, and
 * the stored hash is compared with the given one in constant time, so the answer's timing tells nothing of how much
 * of a guess was right.
 */

/** A new `{id}.{secret}`: a random UUID and 256 random bits, URL-safe, and the secret's hash for the row. */
export function newSecretToken(): { id: string; token: string; hash: string } {
  const id = randomUUID();
  const secret = randomBytes(32).toString('base64url');
  return { id, token: `${id}.${secret}`, hash: hashSecret(secret) };
}

/** SHA-256 of a secret, base64url: what the row keeps. */
export const hashSecret = (secret: string) => createHash('sha256').update(secret).digest('base64url');

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const SECRET = /^[\w-]{43}$/;

/** The id and secret of a token, or null when it has not the shape of one (no row is looked up for it). */
export function parseSecretToken(token: string): { id: string; secret: string } | null {
  const [id, secret, ...rest] = token.split('.');
  if (rest.length || !id || !secret || !UUID.test(id) || !SECRET.test(secret)) return null;
  return { id, secret };
}

/** Whether `secret` is the one whose hash a row keeps, compared in constant time. */
export function secretMatches(secret: string, storedHash: string): boolean {
  const given = Buffer.from(hashSecret(secret));
  const stored = Buffer.from(storedHash);
  return given.length === stored.length && timingSafeEqual(given, stored);
}

/*
 * The link's e-mail is written by the mail job, later and maybe on another server (the outbox: crash-safe), so the
 * outbox row must carry the token to it. It carries it sealed (AES-256-GCM under a key derived from the shop's
 * secret), never in clear: a copy of the outbox table opens nothing either.
 */

const sealingKey = (secret: Uint8Array) =>
  createHash('sha256').update('buyer-sign-in-mail:').update(secret).digest();

/** `token` sealed for the outbox: iv, tag and ciphertext, base64url, dot-separated. */
export function sealToken(token: string, secret: Uint8Array): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sealingKey(secret), iv);
  const sealed = Buffer.concat([cipher.update(token, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), sealed].map((part) => part.toString('base64url')).join('.');
}

/** The token a {@link sealToken} value holds; null when it was not sealed under this secret or was altered. */
export function unsealToken(value: string, secret: Uint8Array): string | null {
  const [iv, tag, sealed] = value.split('.').map((part) => Buffer.from(part, 'base64url'));
  if (!iv || !tag || !sealed) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', sealingKey(secret), iv);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(sealed), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/** argon2id (the library's default algorithm) with its recommended memory and time costs. */
export const hashPassword = (password: string) => hash(password);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

const PASSWORD_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

/** A random password of unambiguous characters, for first admins and resets. */
export function generatePassword(length = 16): string {
  const bytes = randomBytes(length * 2);
  let password = '';
  // Rejection sampling keeps every character equally likely.
  for (const byte of bytes) {
    if (byte >= 256 - (256 % PASSWORD_ALPHABET.length)) continue;
    password += PASSWORD_ALPHABET[byte % PASSWORD_ALPHABET.length];
    if (password.length === length) return password;
  }
  return password + generatePassword(length - password.length);
}

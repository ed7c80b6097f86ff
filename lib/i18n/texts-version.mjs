import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * The version of the shop's texts: a hash of every file of messages/, which next.config.mjs gives the build as
 * `TEXTS_VERSION` (lib/i18n/texts-address.ts puts it in the addresses of the texts fetched later). It changes only when
 * a text does, so a release that changes none keeps the addresses, and the copies browsers hold.
 * Plain JavaScript, because next.config.mjs imports it.
 */
export function messagesVersion(root = process.cwd()) {
  const dir = path.join(root, 'messages');
  const hash = createHash('sha256');
  for (const file of fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()) {
    hash
      .update(file)
      .update('\0')
      .update(fs.readFileSync(path.join(dir, file)))
      .update('\0');
  }
  return hash.digest('hex').slice(0, 12);
}

/**
 * The little of the zip format ANAF's answers need (PKWARE APPNOTE 6.3): reading the files of an archive (stored or
 * deflated, the two methods any zip writer uses for small XML files) and writing one (deflated), with Node's zlib.
 * No zip library is a dependency of the shop, and ANAF's archives are two small files: no ZIP64, no encryption.
 */
import { crc32, deflateRawSync, inflateRawSync } from 'node:zlib';

const LOCAL_HEADER = 0x04034b50;
const CENTRAL_HEADER = 0x02014b50;
const END_OF_CENTRAL = 0x06054b50;
const STORED = 0;
const DEFLATED = 8;
/** Bit 11: the names are UTF-8. */
const UTF8_NAMES = 0x0800;

/**
 * What an archive may inflate to: ANAF's answer holds a document of at most 10 MB (its upload limit) and a signature,
 * so 16 MB of files in at most 8 entries. A zip bomb (a few kilobytes inflating to gigabytes, or thousands of
 * entries) is refused before it fills the memory: inflating stops at the cap.
 */
export const ZIP_LIMITS = { maxEntries: 8, maxInflatedBytes: 16 * 1024 * 1024 } as const;

/** An archive refused for its size: what staff see on the submission. */
export class ZipTooLargeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ZipTooLargeError';
  }
}

/**
 * The files of a zip archive, by name. Throws on what is not a zip it can read, and a ZipTooLargeError on one with
 * more entries or more inflated bytes than `limits` allow (ZIP_LIMITS by default).
 */
export function readZip(bytes: Uint8Array, limits: typeof ZIP_LIMITS = ZIP_LIMITS): Map<string, Buffer> {
  const zip = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // The end record is the last 22 bytes, unless a comment (at most 65535 bytes) follows it.
  let end = -1;
  for (let at = zip.length - 22; at >= Math.max(0, zip.length - 22 - 65535); at--) {
    if (zip.readUInt32LE(at) === END_OF_CENTRAL) {
      end = at;
      break;
    }
  }
  if (end < 0) throw new Error('not a zip archive');
  const count = zip.readUInt16LE(end + 10);
  if (count > limits.maxEntries)
    throw new ZipTooLargeError(
      `zip archive refused: ${count} entries, at most ${limits.maxEntries} expected`,
    );
  let at = zip.readUInt32LE(end + 16);
  const files = new Map<string, Buffer>();
  let inflated = 0;
  const tooLarge = () =>
    new ZipTooLargeError(
      `zip archive refused: its files inflate to more than ${limits.maxInflatedBytes} bytes (a zip bomb?)`,
    );
  for (let index = 0; index < count; index++) {
    if (zip.readUInt32LE(at) !== CENTRAL_HEADER) throw new Error('broken zip directory');
    const method = zip.readUInt16LE(at + 10);
    const compressedSize = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const localAt = zip.readUInt32LE(at + 42);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    if (zip.readUInt32LE(localAt) !== LOCAL_HEADER) throw new Error(`broken zip entry ${name}`);
    const dataAt = localAt + 30 + zip.readUInt16LE(localAt + 26) + zip.readUInt16LE(localAt + 28);
    const data = zip.subarray(dataAt, dataAt + compressedSize);
    // The declared size may lie: inflating itself stops at what is left of the cap.
    const room = limits.maxInflatedBytes - inflated;
    if (zip.readUInt32LE(at + 24) > room) throw tooLarge();
    let content: Buffer;
    if (method === STORED) content = Buffer.from(data);
    else if (method === DEFLATED) {
      try {
        content = inflateRawSync(data, { maxOutputLength: Math.max(room, 1) });
      } catch (error) {
        if ((error as { code?: unknown }).code === 'ERR_BUFFER_TOO_LARGE') throw tooLarge();
        throw error;
      }
    } else throw new Error(`zip method ${method} of ${name} is not supported`);
    inflated += content.length;
    if (inflated > limits.maxInflatedBytes) throw tooLarge();
    files.set(name, content);
    at += 46 + nameLength + extraLength + commentLength;
  }
  return files;
}

/** A zip archive of the given files, deflated. */
export function writeZip(files: { name: string; content: Buffer | string }[], at = new Date()): Buffer {
  // MS-DOS time and date, as zip keeps them.
  const dosTime = (at.getHours() << 11) | (at.getMinutes() << 5) | Math.floor(at.getSeconds() / 2);
  const dosDate = ((at.getFullYear() - 1980) << 9) | ((at.getMonth() + 1) << 5) | at.getDate();
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const file of files) {
    const content = Buffer.isBuffer(file.content) ? file.content : Buffer.from(file.content, 'utf8');
    const data = deflateRawSync(content);
    const name = Buffer.from(file.name, 'utf8');
    const fields = (header: Buffer, start: number) => {
      header.writeUInt16LE(20, start); // version needed: 2.0
      header.writeUInt16LE(UTF8_NAMES, start + 2);
      header.writeUInt16LE(DEFLATED, start + 4);
      header.writeUInt16LE(dosTime, start + 6);
      header.writeUInt16LE(dosDate, start + 8);
      header.writeUInt32LE(crc32(content), start + 10);
      header.writeUInt32LE(data.length, start + 14);
      header.writeUInt32LE(content.length, start + 18);
      header.writeUInt16LE(name.length, start + 22);
    };
    const local = Buffer.alloc(30);
    local.writeUInt32LE(LOCAL_HEADER, 0);
    fields(local, 4);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(CENTRAL_HEADER, 0);
    central.writeUInt16LE(20, 4); // made by: 2.0
    fields(central, 6);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, data);
    centrals.push(central, name);
    offset += local.length + name.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const endRecord = Buffer.alloc(22);
  endRecord.writeUInt32LE(END_OF_CENTRAL, 0);
  endRecord.writeUInt16LE(files.length, 8);
  endRecord.writeUInt16LE(files.length, 10);
  endRecord.writeUInt32LE(directory.length, 12);
  endRecord.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, endRecord]);
}

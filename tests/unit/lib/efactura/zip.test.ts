import { readZip, writeZip, ZIP_LIMITS, ZipTooLargeError } from '@/lib/efactura/anaf/zip';

const CENTRAL_HEADER = 0x02014b50;

/** A zip bomb: `megabytes` of zeros deflate to a few kilobytes. */
const bomb = (megabytes: number) =>
  writeZip([
    { name: '1.xml', content: '<Invoice/>' },
    { name: 'semnatura_1.xml', content: Buffer.alloc(megabytes * 1024 * 1024) },
  ]);

/** The archive with every central-directory entry claiming `size` inflated bytes: a header that lies. */
function lyingSizes(zip: Buffer, size: number): Buffer {
  const copy = Buffer.from(zip);
  for (let at = 0; at <= copy.length - 4; at++)
    if (copy.readUInt32LE(at) === CENTRAL_HEADER) copy.writeUInt32LE(size, at + 24);
  return copy;
}

describe('reading ANAF’s answer archives', () => {
  it('reads an answer of a document and its signature', () => {
    const files = readZip(
      writeZip([
        { name: '1.xml', content: '<Invoice/>' },
        { name: 'semnatura_1.xml', content: '<ds:Signature/>' },
      ]),
    );
    expect([...files].map(([name, content]) => [name, content.toString()])).toEqual([
      ['1.xml', '<Invoice/>'],
      ['semnatura_1.xml', '<ds:Signature/>'],
    ]);
  });

  it('refuses a zip bomb by its declared size, with a clear error', () => {
    const zip = bomb(64);
    expect(zip.length).toBeLessThan(200 * 1024);
    expect(() => readZip(zip)).toThrow(ZipTooLargeError);
    expect(() => readZip(zip)).toThrow(/inflate to more than 16777216 bytes/);
  });

  it('stops inflating at the cap when the declared size lies', () => {
    const zip = lyingSizes(bomb(64), 10);
    const started = process.memoryUsage().arrayBuffers;
    expect(() => readZip(zip)).toThrow(/inflate to more than/);
    // Nothing near the 64 MB was ever held.
    expect(process.memoryUsage().arrayBuffers - started).toBeLessThan(48 * 1024 * 1024);
  });

  it('counts the bytes of every entry together', () => {
    const zip = writeZip(
      Array.from({ length: 3 }, (_, index) => ({
        name: `${index}.xml`,
        content: Buffer.alloc(6 * 1024 * 1024),
      })),
    );
    expect(() => readZip(zip)).toThrow(ZipTooLargeError);
    expect(() => readZip(zip, { ...ZIP_LIMITS, maxInflatedBytes: 20 * 1024 * 1024 })).not.toThrow();
  });

  it('refuses an archive of more entries than an answer has', () => {
    const zip = writeZip(
      Array.from({ length: 1000 }, (_, index) => ({ name: `${index}.xml`, content: 'x' })),
    );
    expect(() => readZip(zip)).toThrow(/1000 entries, at most 8/);
  });
});

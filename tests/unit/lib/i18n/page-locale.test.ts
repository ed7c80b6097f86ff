import fs from 'node:fs';
import path from 'node:path';
import type { Metadata } from 'next';
import { pageLocale } from '@/lib/i18n/page-locale';
import { locales } from '@/lib/i18n/routing';

/*
 * A page under app/[locale] asked with a first segment that is not one of the four languages (an address with a dot
 * in it, which proxy.ts leaves alone: `/x.json/payment/successful`) is the shop's 404 before anything per language is
 * read, its metadata included: Next calls every segment's generateMetadata beside the layout, not under it.
 */

/** The digest Next gives the error `notFound()` throws, by which it answers 404. */
const NOT_FOUND_DIGEST = 'NEXT_HTTP_ERROR_FALLBACK;404';
const BAD_LOCALES = ['x.json', 'xx', '-1', 'RO', '', '__proto__', 'toString', 'ഹ.:\u0000`<n'];

const appDir = path.join(process.cwd(), 'app', '[locale]');

/** Every page and layout file under app/[locale], relative to the project. */
function localeSegmentFiles(dir = appDir): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return localeSegmentFiles(full);
    return entry.name === 'page.tsx' || entry.name === 'layout.tsx'
      ? [path.relative(process.cwd(), full)]
      : [];
  });
}

const params = (locale: string) =>
  Promise.resolve({ locale, anchor: ['x'], orderId: 'x', product: 'x', provider: 'x', version: 'x' });

describe('pageLocale', () => {
  it.each(locales)('gives %s back', async (locale) => {
    await expect(pageLocale(Promise.resolve({ locale }))).resolves.toBe(locale);
  });

  it.each(BAD_LOCALES)('answers 404 for %j', async (locale) => {
    await expect(pageLocale(Promise.resolve({ locale }))).rejects.toMatchObject({ digest: NOT_FOUND_DIGEST });
  });
});

describe('the metadata of every page under app/[locale] with a language that is not one of the four', () => {
  const files = localeSegmentFiles();

  it('finds the pages', () => {
    expect(files.length).toBeGreaterThan(15);
    expect(files).toContain(path.join('app', '[locale]', 'layout.tsx'));
  });

  it.each(files)('%s answers 404 before reading anything', async (file) => {
    const mod = (await import(`@/${file.split(path.sep).join('/')}`)) as {
      generateMetadata?: (props: {
        params: Promise<unknown>;
        searchParams: Promise<unknown>;
      }) => Promise<Metadata>;
    };
    if (!mod.generateMetadata) return;
    for (const locale of BAD_LOCALES) {
      await expect(
        mod.generateMetadata({ params: params(locale), searchParams: Promise.resolve({}) }),
      ).rejects.toMatchObject({ digest: NOT_FOUND_DIGEST });
    }
  });
});

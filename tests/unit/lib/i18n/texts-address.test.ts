import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  languageFileOf,
  languageFileUrl,
  UNVERSIONED_CACHE_CONTROL,
  VERSIONED_CACHE_CONTROL,
} from '@/lib/i18n/texts-address';
import { messagesVersion } from '@/lib/i18n/texts-version.mjs';

/*
 * The texts a page fetches later are asked at an address of their version: a page of a new release asks a new
 * address, so no browser shows it the texts of the previous one, and each address may be kept for good. Any other
 * address, an old release's among them, still gets the current texts, kept a few minutes.
 */

const VERSION = '0123456789ab';

describe('the address of a file of texts', () => {
  it('carries the version of the texts', () => {
    expect(languageFileUrl('checkout-texts', 'ro', VERSION)).toBe(
      '/assets/checkout-texts/ro.0123456789ab.json',
    );
    expect(languageFileUrl('pay-again-texts', 'hu', VERSION)).toBe(
      '/assets/pay-again-texts/hu.0123456789ab.json',
    );
    expect(languageFileUrl('i18n', 'de', VERSION)).toBe('/assets/i18n/de.0123456789ab.json');
  });

  it('carries none where no build gave one', () => {
    expect(languageFileUrl('i18n', 'en', '')).toBe('/assets/i18n/en.json');
  });

  it("is this build's version by default", () => {
    const before = process.env.TEXTS_VERSION;
    process.env.TEXTS_VERSION = VERSION;
    try {
      expect(languageFileUrl('i18n', 'en')).toBe('/assets/i18n/en.0123456789ab.json');
    } finally {
      if (before === undefined) delete process.env.TEXTS_VERSION;
      else process.env.TEXTS_VERSION = before;
    }
  });
});

describe('what an address asks', () => {
  it("this build's version: kept for good", () => {
    expect(languageFileOf(`ro.${VERSION}.json`, VERSION)).toEqual({
      locale: 'ro',
      cacheControl: VERSIONED_CACHE_CONTROL,
    });
    expect(VERSIONED_CACHE_CONTROL).toMatch(/\bimmutable\b/);
    expect(VERSIONED_CACHE_CONTROL).toMatch(/\bmax-age=31536000\b/);
  });

  it('another version (an open page of the previous release), or none: the current texts, kept minutes', () => {
    for (const file of ['hu.fedcba987654.json', 'hu.json', 'hu.old-release_1.json']) {
      expect(languageFileOf(file, VERSION)).toEqual({
        locale: 'hu',
        cacheControl: UNVERSIONED_CACHE_CONTROL,
      });
    }
    expect(UNVERSIONED_CACHE_CONTROL).not.toMatch(/immutable/);
    expect(Number(/max-age=(\d+)/.exec(UNVERSIONED_CACHE_CONTROL)?.[1])).toBeLessThanOrEqual(300);
  });

  it('never kept for good where no build gave a version', () => {
    expect(languageFileOf('de.json', '')).toEqual({ locale: 'de', cacheControl: UNVERSIONED_CACHE_CONTROL });
    expect(languageFileOf('de..json', '')).toBeUndefined();
  });

  it.each(['xx.json', 'ro', 'ro.a/b.json', `ro.${'a'.repeat(65)}.json`, '', '__proto__', 'RO.json'])(
    'nothing for %j',
    (file) => {
      expect(languageFileOf(file, VERSION)).toBeUndefined();
    },
  );
});

describe('the version of the texts', () => {
  const copy = () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'texts-version-'));
    fs.cpSync(path.join(process.cwd(), 'messages'), path.join(root, 'messages'), { recursive: true });
    return root;
  };

  it('is a short hash of the messages, the same for the same texts', () => {
    const root = copy();
    try {
      expect(messagesVersion()).toMatch(/^[0-9a-f]{12}$/);
      expect(messagesVersion(root)).toBe(messagesVersion());
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });

  it('changes when a text does', () => {
    const root = copy();
    try {
      const file = path.join(root, 'messages', 'en.json');
      const messages = JSON.parse(fs.readFileSync(file, 'utf8')) as { ErrorPage: { title: string } };
      messages.ErrorPage.title += '!';
      fs.writeFileSync(file, JSON.stringify(messages, null, 2));
      expect(messagesVersion(root)).not.toBe(messagesVersion());
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});

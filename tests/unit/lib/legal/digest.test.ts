import type { Locale } from '@/lib/i18n/routing';
import { LEGAL_ARCHIVE, type LegalTextMessages } from '@/lib/legal/archive';
import { legalTextDigest } from '@/lib/legal/digest';
import { LEGAL_VERSIONS, type LegalDocumentId } from '@/lib/legal/versions';
import de from '@/messages/de.json';
import en from '@/messages/en.json';
import hu from '@/messages/hu.json';
import ro from '@/messages/ro.json';

const MESSAGES = { ro, en, de, hu } as const;
const DOCUMENTS = Object.keys(LEGAL_VERSIONS) as LegalDocumentId[];

const currentText = (document: LegalDocumentId): Record<Locale, LegalTextMessages> => {
  const text = (locale: Locale): LegalTextMessages => MESSAGES[locale][document];
  return { ro: text('ro'), en: text('en'), de: text('de'), hu: text('hu') };
};

describe.each(DOCUMENTS)('the published versions of %s', (document) => {
  const versions = LEGAL_VERSIONS[document];

  it('hold the text of messages/*.json as its latest version, or it changed without a new version', () => {
    const latest = versions.at(-1)!;
    const digest = legalTextDigest(currentText(document));
    if (digest !== latest.digest) {
      throw new Error(
        `${document} differs from its version ${latest.version} of ${latest.date} in messages/*.json. ` +
          'Archive that version (lib/legal/archive.ts) and add a new one to LEGAL_VERSIONS with the digest ' +
          `${digest} (lib/legal/versions.ts).`,
      );
    }
  });

  it('keep every earlier version archived word for word as it was published', () => {
    for (const { version, date, digest } of versions.slice(0, -1)) {
      const archived = LEGAL_ARCHIVE[document]?.[date];
      expect(archived).toBeDefined();
      expect({ version, digest: legalTextDigest(archived!) }).toEqual({ version, digest });
    }
  });

  it('change their text from one version to the next', () => {
    const digests = versions.map((entry) => entry.digest);
    expect(new Set(digests).size).toBe(digests.length);
  });
});

describe('a legal text’s digest', () => {
  it('changes with one word of one language, and only with the text', () => {
    const text = currentText('TermsPage');
    const same = structuredClone(text);
    expect(legalTextDigest(same)).toBe(legalTextDigest(text));
    same.hu = { ...same.hu, intro: `${same.hu.intro} ` };
    expect(legalTextDigest(same)).not.toBe(legalTextDigest(text));
  });
});

import { locales } from '@/lib/i18n/routing';
import { LEGAL_ARCHIVE, publishedText, type LegalTextMessages } from '@/lib/legal/archive';
import { LEGAL_VERSIONS, type LegalDocumentId } from '@/lib/legal/versions';

const text = (heading: string): LegalTextMessages => ({ heading, intro: '', sections: {} });
const current = text('current');
const first = text('first');
const versions = {
  ...LEGAL_VERSIONS,
  TermsPage: [
    { version: '1.0', date: '2026-11-26', digest: 'a' },
    { version: '2.0', date: '2027-03-01', digest: 'b' },
  ],
};
const archive = {
  TermsPage: { '2026-11-26': { ro: first, en: first, de: first, hu: first } },
};

describe('the terms as published on a day', () => {
  it('are the current messages for the latest version', () => {
    expect(publishedText('TermsPage', '2027-03-01', 'ro', current, archive, versions)).toBe(current);
  });

  it('are the archived text for an earlier version, in its language', () => {
    expect(publishedText('TermsPage', '2026-11-26', 'hu', current, archive, versions)).toBe(first);
    expect(publishedText('TermsPage', '2026-11-26', 'hu', current, {}, versions)).toBeUndefined();
  });

  it('are nothing for a day on which no version was published', () => {
    expect(publishedText('TermsPage', '2026-12-01', 'ro', current, archive, versions)).toBeUndefined();
  });

  it('keep every earlier version of every legal text, in every language', () => {
    for (const [document, all] of Object.entries(LEGAL_VERSIONS) as [
      LegalDocumentId,
      typeof versions.TermsPage,
    ][]) {
      for (const { date } of all.slice(0, -1)) {
        for (const locale of locales) expect(LEGAL_ARCHIVE[document]?.[date]?.[locale]).toBeDefined();
      }
    }
  });
});

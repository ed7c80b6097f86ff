import fs from 'node:fs';
import path from 'node:path';
import {
  GLOSSARY_SECTIONS,
  glossaryViolations,
  keyAllowed,
  messageStrings,
  parseGlossary,
} from '../../support/glossary';

// One term per concept per language (docs/glossary.md): a variant the glossary avoids fails here with its key.
const glossary = parseGlossary(fs.readFileSync(path.join(process.cwd(), 'docs', 'glossary.md'), 'utf8'));
const load = (locale: string): unknown =>
  JSON.parse(fs.readFileSync(path.join(process.cwd(), 'messages', `${locale}.json`), 'utf8'));

// A section that is not written yet is skipped; one that is written is enforced.
const present = GLOSSARY_SECTIONS.filter(({ locale }) => glossary[locale] !== undefined);

describe('the glossary', () => {
  it('has the English and Romanian sections at least', () => {
    expect(present.map(({ locale }) => locale)).toEqual(expect.arrayContaining(['en', 'ro']));
  });

  it.each(present)('$heading: every row names a concept and a term', ({ locale }) => {
    const entries = glossary[locale]!;
    expect(entries.length).toBeGreaterThan(0);
    expect(
      entries.filter((entry) => !entry.concept || !entry.term).map((entry) => `line ${entry.line}`),
    ).toEqual([]);
  });

  it.each(present)('$heading: each concept is one the English section names', ({ locale }) => {
    const english = new Set((glossary.en ?? []).map((entry) => entry.concept));
    const unknown = glossary[locale]!.filter((entry) => !english.has(entry.concept));
    expect(unknown.map((entry) => `line ${entry.line}: ${entry.concept}`)).toEqual([]);
  });

  it.each(present)('$heading: every allowed key exists in messages/$locale.json', ({ locale }) => {
    const keys = messageStrings(load(locale)).map(([key]) => key);
    const stale = glossary[locale]!.flatMap((entry) =>
      entry.allowedKeys
        .filter((pattern) => !keys.some((key) => keyAllowed(key, pattern)))
        .map((pattern) => `line ${entry.line}: ${pattern}`),
    );
    expect(stale).toEqual([]);
  });

  it.each(present)(
    '$heading: messages/$locale.json uses no avoided variant outside its allowed keys',
    ({ locale }) => {
      const found = glossaryViolations(glossary[locale]!, load(locale)).map(
        ({ key, variant, concept }) => `${key}: "${variant}" (${concept})`,
      );
      expect(found).toEqual([]);
    },
  );
});

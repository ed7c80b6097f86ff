import { glossaryViolations, keyAllowed, messageStrings, parseGlossary } from '../../support/glossary';

const HEADER = '| Concept | Term | Avoid | Allowed in keys | Note |\n|---|---|---|---|---|';

const SAMPLE = `# Glossary

Intro text | with a bar that is not a table row.

## English

${HEADER}
| vignette (Hungarian e-vignette) | vignette | toll sticker | — | |

## Română

${HEADER}
| vignette (Hungarian e-vignette) | vinietă | roviniet, \`vignet\` | Metadata.keywords, HomePage.products.roVignette.\\* | The rovinietă is the Romanian road tax. |
| provider reference | referința furnizorului | referința tranzacției | — | A bar \\| inside a cell. |
`;

describe('parseGlossary', () => {
  const glossary = parseGlossary(SAMPLE);

  it('reads each section into its language, and leaves out a section that is absent', () => {
    expect(Object.keys(glossary)).toEqual(['en', 'ro']);
    expect(glossary.de).toBeUndefined();
  });

  it('splits the lists, drops backticks and escapes, reads "—" as none, and keeps the line', () => {
    expect(glossary.ro?.[0]).toEqual({
      concept: 'vignette (Hungarian e-vignette)',
      term: 'vinietă',
      avoid: ['roviniet', 'vignet'],
      allowedKeys: ['Metadata.keywords', 'HomePage.products.roVignette.*'],
      note: 'The rovinietă is the Romanian road tax.',
      line: 15,
    });
    expect(glossary.en?.[0]?.allowedKeys).toEqual([]);
    expect(glossary.ro?.[1]?.note).toBe('A bar | inside a cell.');
  });

  it('refuses an unknown or misplaced section, a wrong header, a short row and a repeated concept', () => {
    expect(() => parseGlossary('## Français\n')).toThrow('line 1: unknown section "Français"');
    expect(() => parseGlossary('## Română\n\n## English\n')).toThrow(
      'line 3: section "English" is out of order',
    );
    expect(() => parseGlossary('## English\n| Concept | Term |\n')).toThrow("line 2: the table's header");
    expect(() => parseGlossary(`## English\n${HEADER}\n| a | b | c |\n`)).toThrow(
      'line 4: 3 cells, expected 5',
    );
    expect(() => parseGlossary(`## English\n${HEADER}\n| a | b | | | |\n| a | c | | | |\n`)).toThrow(
      'line 5: concept "a" appears twice in English',
    );
  });
});

describe('glossaryViolations', () => {
  const entries = parseGlossary(SAMPLE).ro!;
  const messages = {
    Metadata: { title: 'Vinietă Ungaria', keywords: 'vinietă Ungaria, rovinietă Ungaria' },
    HomePage: { products: { roVignette: { name: 'Rovinieta România' } } },
    OrderPage: { vignette: 'Rovinietă', reference: 'Referința furnizorului' },
    FaqPage: { answer: ['Vinieta este electronică.', 'Cumpărați e-vignete și ROVINIETE.'] },
  };

  it('names each key and variant outside the allowed keys, case-insensitively, array items by index', () => {
    expect(glossaryViolations(entries, messages)).toEqual([
      { key: 'OrderPage.vignette', variant: 'roviniet', concept: 'vignette (Hungarian e-vignette)' },
      { key: 'FaqPage.answer[1]', variant: 'roviniet', concept: 'vignette (Hungarian e-vignette)' },
      { key: 'FaqPage.answer[1]', variant: 'vignet', concept: 'vignette (Hungarian e-vignette)' },
    ]);
  });

  it('lists every string with its key', () => {
    expect(messageStrings({ a: { b: 'x', c: ['y', 'z'] } })).toEqual([
      ['a.b', 'x'],
      ['a.c[0]', 'y'],
      ['a.c[1]', 'z'],
    ]);
  });

  it('matches an allowed key exactly, with its items, or below a trailing *', () => {
    expect(keyAllowed('Metadata.keywords', 'Metadata.keywords')).toBe(true);
    expect(keyAllowed('FaqPage.answer[1]', 'FaqPage.answer')).toBe(true);
    expect(keyAllowed('Metadata.keywordsOld', 'Metadata.keywords')).toBe(false);
    expect(keyAllowed('HomePage.products.roVignette.name', 'HomePage.products.roVignette.*')).toBe(true);
    expect(keyAllowed('HomePage.products.vignette.name', 'HomePage.products.roVignette.*')).toBe(false);
  });
});

import fs from 'node:fs';
import path from 'node:path';
import { renderToString } from 'react-dom/server';
import { KeptScript } from '@/components/layout/kept-script';
import { keepForHtml, keptForHtml } from '@/lib/html-only';
import { STAFF_VALIDATION_KEYS, TOP_UP_VALIDATION_KEYS } from '@/lib/i18n/client-texts';

jest.mock('server-only', () => ({}));

describe('text kept for the HTML only', () => {
  it('gives the HTML renderer the text kept under its key', () => {
    keepForHtml('key-a', '{"@type":"FAQPage"}');
    expect(keptForHtml('key-a')).toBe('{"@type":"FAQPage"}');
    expect(keptForHtml('unknown')).toBeUndefined();
  });

  it('is shared by every copy of the module (the server components and the HTML renderer load their own)', async () => {
    keepForHtml('key-b', 'shared');
    // A second copy of the module, as Next loads one per bundle.
    await jest.isolateModulesAsync(async () => {
      const copy = await import('@/lib/html-only');
      expect(copy.keptForHtml).not.toBe(keptForHtml);
      expect(copy.keptForHtml('key-b')).toBe('shared');
    });
  });

  it('keeps the newest 500 texts, a text kept again counting as new', () => {
    keepForHtml('first', 'one');
    for (let index = 0; index < 499; index += 1) keepForHtml(`filler-${index}`, 'x');
    keepForHtml('first', 'one');
    keepForHtml('last', 'two');
    expect(keptForHtml('first')).toBe('one');
    expect(keptForHtml('filler-0')).toBeUndefined();
    expect(keptForHtml('last')).toBe('two');
  });

  it('renders the script with its text on the server', async () => {
    const { HtmlOnlyScript } = await import('@/components/layout/html-only-script');
    const html = renderToString(HtmlOnlyScript({ text: '{"a":1}', type: 'application/ld+json' }));
    expect(html).toBe('<script type="application/ld+json">{"a":1}</script>');
  });

  it("renders a legal text's article on the server from the content kept under its hash", async () => {
    const { keepForHtmlUnderItsHash } = await import('@/lib/html-only-keys');
    const { KeptLegalDocument } = await import('@/components/legal/kept-legal-document');
    const content = {
      heading: 'Termeni și condiții',
      intro: 'Acești termeni reglementează vânzarea.',
      lastUpdated: 'Ultima actualizare: 27 noiembrie 2026',
      updatedOn: '2026-11-27',
      contentsLabel: 'Cuprins',
      sections: [
        [
          'definitions',
          { title: 'Definiții', paragraphs: ['Vânzătorul.'], items: [], closing: [], subsections: [] },
        ],
      ] as [
        string,
        { title: string; paragraphs: string[]; items: string[]; closing: string[]; subsections: [] },
      ][],
    };
    const key = keepForHtmlUnderItsHash(content);
    expect(key).toHaveLength(16);
    expect(keepForHtmlUnderItsHash(structuredClone(content))).toBe(key);
    const html = renderToString(<KeptLegalDocument id={key} />);
    expect(html).toContain('<h1 class="text-3xl font-bold text-slate-900">Termeni și condiții</h1>');
    expect(html).toContain('<h2>Definiții</h2>');
  });

  it('renders a script without text for a key it does not know', () => {
    expect(renderToString(<KeptScript id="never-kept" />)).toBe('<script></script>');
  });
});

describe("the purchase pages' validation texts", () => {
  const buyerSources = [
    'components/vignette',
    'components/prepay',
    'components/form',
    'components/order',
  ].flatMap((folder) =>
    fs
      .readdirSync(folder, { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.tsx?$/.test(file))
      .map((file) => fs.readFileSync(path.join(folder, file), 'utf8')),
  );

  it.each(STAFF_VALIDATION_KEYS)('leave out %s, which no buyer form shows', (key) => {
    for (const source of buyerSources) expect(source).not.toMatch(new RegExp(`['"\`]${key}['"\`]`));
  });
});

describe("a vignette page's validation texts", () => {
  const vignetteSources = ['components/vignette', 'components/form', 'components/cart'].flatMap((folder) =>
    fs
      .readdirSync(folder, { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.tsx?$/.test(file))
      .map((file) => fs.readFileSync(path.join(folder, file), 'utf8')),
  );
  const vignetteRules = ['lib/validations/vignette-order.ts', 'lib/validations/billing.ts']
    .filter((file) => fs.existsSync(file))
    .map((file) => fs.readFileSync(file, 'utf8'));

  it.each(TOP_UP_VALIDATION_KEYS)("leave out %s, a top-up's own", (key) => {
    for (const source of [...vignetteSources, ...vignetteRules])
      expect(source).not.toMatch(new RegExp(`['"\`]${key}['"\`]`));
  });
});

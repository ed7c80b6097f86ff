import { XMLParser } from 'fast-xml-parser';
import { escapeXml } from '@/lib/xml-escape';

const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', trimValues: false });

describe('escapeXml', () => {
  it('escapes the markup characters and drops what XML cannot carry', () => {
    expect(escapeXml(`Pop & Fiii <SRL> "Nord" 'Est'`)).toBe(
      'Pop &amp; Fiii &lt;SRL&gt; &quot;Nord&quot; &apos;Est&apos;',
    );
    expect(escapeXml('a\u0000b\u0007c\uFFFEd\tș')).toBe('abcd\tș');
  });

  it('reads back as written, in an element and in an attribute in either quotes', () => {
    const value = `Pop & <Fiii> "Nord" 'Est' ]]>`;
    const escaped = escapeXml(value);
    const parsed = parser.parse(`<a b="${escaped}" c='${escaped}'>${escaped}</a>`) as {
      a: { '#text': string; b: string; c: string };
    };
    expect(parsed.a).toEqual({ '#text': value, b: value, c: value });
  });
});

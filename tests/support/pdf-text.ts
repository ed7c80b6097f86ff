import { inflateSync } from 'node:zlib';

// A small reader for the PDFs pdfkit writes: objects one after the other, Flate streams, Type0 fonts with a
// ToUnicode CMap, text shown with Tj/TJ. Enough to read back what a person sees, without a PDF library.

interface PdfObject {
  dict: string;
  stream?: Buffer;
}

function parseObjects(pdf: Buffer): Map<number, PdfObject> {
  const source = pdf.toString('latin1');
  const objects = new Map<number, PdfObject>();
  const header = /(\d+) 0 obj\n/g;
  for (let match = header.exec(source); match; match = header.exec(source)) {
    const start = match.index + match[0].length;
    const streamAt = source.indexOf('\nstream\n', start);
    const endAt = source.indexOf('\nendobj', start);
    if (streamAt !== -1 && streamAt < endAt) {
      const dict = source.slice(start, streamAt);
      const length = Number(/\/Length (\d+)/.exec(dict)?.[1]);
      const dataStart = streamAt + '\nstream\n'.length;
      const raw = pdf.subarray(dataStart, dataStart + length);
      objects.set(Number(match[1]), { dict, stream: dict.includes('/FlateDecode') ? inflateSync(raw) : raw });
      header.lastIndex = dataStart + length;
    } else {
      objects.set(Number(match[1]), { dict: source.slice(start, endAt) });
      header.lastIndex = endAt;
    }
  }
  return objects;
}

function ref(dict: string, key: string): number {
  const found = new RegExp(`/${key} (\\d+) 0 R`).exec(dict);
  if (!found) throw new Error(`no /${key} in ${dict}`);
  return Number(found[1]);
}

function get(objects: Map<number, PdfObject>, id: number): PdfObject {
  const object = objects.get(id);
  if (!object) throw new Error(`no object ${id}`);
  return object;
}

function utf16(spacedHex: string): string {
  const hex = spacedHex.replace(/\s+/g, '');
  let text = '';
  for (let i = 0; i + 4 <= hex.length; i += 4) text += String.fromCharCode(parseInt(hex.slice(i, i + 4), 16));
  return text;
}

function parseToUnicode(cmap: string): Map<number, string> {
  const map = new Map<number, string>();
  for (const block of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const [, code, text] of (block[1] ?? '').matchAll(/<([0-9a-f]+)>\s*<([0-9a-f\s]+)>/gi)) {
      map.set(parseInt(code ?? '', 16), utf16(text ?? ''));
    }
  }
  for (const block of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const [, lo, , list, first] of (block[1] ?? '').matchAll(
      /<([0-9a-f]+)>\s*<([0-9a-f]+)>\s*(?:\[([^\]]*)\]|<([0-9a-f]+)>)/gi,
    )) {
      const low = parseInt(lo ?? '', 16);
      if (list !== undefined) {
        [...list.matchAll(/<([0-9a-f\s]+)>/gi)].forEach((item, i) => map.set(low + i, utf16(item[1] ?? '')));
      } else {
        const hi = parseInt(/<[0-9a-f]+>\s*<([0-9a-f]+)>/i.exec(block[0])?.[1] ?? lo ?? '', 16);
        const base = parseInt(first ?? '', 16);
        for (let code = low; code <= hi; code += 1) map.set(code, String.fromCharCode(base + code - low));
      }
    }
  }
  return map;
}

/** The text of each page, one line per baseline. */
export function pageTexts(pdf: Buffer): string[] {
  const objects = parseObjects(pdf);
  const pagesId = [...objects.entries()].find(([, o]) => /\/Type \/Pages\b/.test(o.dict))?.[0];
  if (pagesId === undefined) throw new Error('no page tree');
  const kids = /\/Kids \[([^\]]*)\]/.exec(get(objects, pagesId).dict)?.[1] ?? '';
  const pageIds = [...kids.matchAll(/(\d+) 0 R/g)].map((m) => Number(m[1]));

  return pageIds.map((pageId) => {
    const page = get(objects, pageId);
    const resources = get(objects, ref(page.dict, 'Resources')).dict;
    const fonts = new Map<string, Map<number, string>>();
    for (const [, name, fontId] of resources.matchAll(/\/(F\d+) (\d+) 0 R/g)) {
      const font = get(objects, Number(fontId));
      const cmap = get(objects, ref(font.dict, 'ToUnicode')).stream?.toString('latin1') ?? '';
      fonts.set(name ?? '', parseToUnicode(cmap));
    }
    const content = get(objects, ref(page.dict, 'Contents')).stream?.toString('latin1') ?? '';

    // Fragments on one baseline form a line, lines go from the top of the page down, as a reader sees them.
    const lines = new Map<number, string[]>();
    let current: Map<number, string> | undefined;
    let baseline = 0;
    const ops = /1 0 0 1 [\d.-]+ ([\d.-]+) Tm|\/(F\d+) [\d.]+ Tf|\[([^\]]*)\] TJ|<([0-9a-f]*)> Tj/gi;
    for (const [, y, font, array, single] of content.matchAll(ops)) {
      if (y !== undefined) {
        baseline = Math.round(Number(y) * 10) / 10;
        lines.set(baseline, [...(lines.get(baseline) ?? []), '']);
      } else if (font !== undefined) {
        current = fonts.get(font);
      } else {
        const hex = single ?? [...(array ?? '').matchAll(/<([0-9a-f]*)>/gi)].map((m) => m[1]).join('');
        let text = '';
        for (let i = 0; i + 4 <= hex.length; i += 4)
          text += current?.get(parseInt(hex.slice(i, i + 4), 16)) ?? '\uFFFD';
        const fragments = lines.get(baseline) ?? [''];
        fragments[fragments.length - 1] += text;
      }
    }
    return [...lines.entries()]
      .sort(([a], [b]) => b - a)
      .map(([, fragments]) => fragments.join(' ').replace(/\s+/g, ' ').trim())
      .join('\n');
  });
}

/** A value of the document information dictionary (pdfkit writes UTF-16BE with a BOM for non-ASCII text). */
export function infoValue(pdf: Buffer, key: string): string {
  const objects = parseObjects(pdf);
  const trailer = pdf.toString('latin1').slice(pdf.lastIndexOf('trailer'));
  const info = get(objects, ref(trailer, 'Info')).dict;
  const raw = /^\s*\(([\s\S]*)\)\s*$/.exec(get(objects, ref(info, key)).dict)?.[1] ?? '';
  const bytes = raw.replace(/\\([0-7]{1,3}|[\s\S])/g, (_, escaped: string) => {
    if (/^[0-7]+$/.test(escaped)) return String.fromCharCode(parseInt(escaped, 8));
    return ({ n: '\n', r: '\r', t: '\t', b: '\b', f: '\f' } as Record<string, string>)[escaped] ?? escaped;
  });
  if (!bytes.startsWith('\xfe\xff')) return bytes;
  return Buffer.from(bytes.slice(2), 'latin1').swap16().toString('utf16le');
}

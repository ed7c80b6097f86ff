import { escapeXml } from '@/lib/xml-escape';

/**
 * At most `max` characters (CIUS-RO caps each text field: BR-RO-L*), cut at a space where one is near and marked with
 * an ellipsis, so that a long description stays readable instead of refused.
 */
export function clip(text: string, max: number): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  const chars = [...clean];
  if (chars.length <= max) return clean;
  const head = chars.slice(0, max - 1).join('');
  const space = head.lastIndexOf(' ');
  return `${space > max * 0.6 ? head.slice(0, space) : head}…`;
}

/** An element with escaped text, or nothing when there is no text. */
export function element(
  name: string,
  text: string | undefined,
  attributes: Record<string, string> = {},
): string {
  if (text === undefined || text.trim() === '') return '';
  const attrs = Object.entries(attributes)
    .map(([key, value]) => ` ${key}="${escapeXml(value)}"`)
    .join('');
  return `<${name}${attrs}>${escapeXml(text)}</${name}>`;
}

/** An element around already-built children, or nothing when they are all empty. */
export function group(name: string, ...children: string[]): string {
  const inner = children.join('');
  return inner === '' ? '' : `<${name}>${inner}</${name}>`;
}

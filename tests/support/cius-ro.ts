import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import SaxonJS from 'saxon-js';

// The official RO e-Factura validation (EN 16931 + CIUS-RO 1.0.9, what ANAF applies to an upload) run on a document
// from the tests. The stylesheet is kept in the repository as it came (tests/fixtures/cius-ro/, with its source and
// licence); SaxonJS needs it compiled to a SEF first, which takes half a minute, so the SEF is kept under
// node_modules/.cache/cius-ro/, named by the stylesheet's hash: a new stylesheet is compiled anew, never confused.

export const CIUS_RO_DIR = path.resolve(__dirname, '..', 'fixtures', 'cius-ro');
export const CIUS_RO_XSLT = path.join(CIUS_RO_DIR, 'EN16931-CIUS_RO-UBL-validation-1.0.9.xslt');
const CACHE_DIR = path.resolve(process.cwd(), 'node_modules', '.cache', 'cius-ro');

/** Why the official validation cannot run here, or undefined when it can. */
export const ciusRoMissing = fs.existsSync(CIUS_RO_XSLT)
  ? undefined
  : `${path.relative(process.cwd(), CIUS_RO_XSLT)} is missing: the official CIUS-RO 1.0.9 validation of ` +
    "Romania's Ministry of Finance (mfinante.gov.ro/web/efactura/informatii-tehnice), see tests/fixtures/cius-ro/README.md";

/**
 * A describe block that needs the official validation: skipped, and counted as skipped with the reason in its
 * title, where the stylesheet is missing, as a database test is where its server is.
 */
export function describeWithCiusRo(title: string, body: () => void) {
  // Skipped only where the vendored stylesheet was removed (a trimmed copy of the repository): the reason is in the
  // title, so the run reports what is missing and where it comes from instead of failing on a missing file.
  if (ciusRoMissing) describe.skip(`${title} (skipped: ${ciusRoMissing})`, body);
  else describe(title, body);
}

export interface FailedAssert {
  id: string;
  /** `fatal` rejects the document; `warning` is advice. */
  flag: string;
  text: string;
  location: string;
}

/** The compiled validator's path, compiled now if this stylesheet never was. */
export function compileCiusRo(): string {
  const hash = createHash('sha256').update(fs.readFileSync(CIUS_RO_XSLT)).digest('hex').slice(0, 16);
  const sef = path.join(CACHE_DIR, `cius-ro-${hash}.sef.json`);
  if (fs.existsSync(sef)) return sef;
  fs.mkdirSync(CACHE_DIR, { recursive: true });
  // Written aside and renamed: a parallel run never reads half a file.
  const partial = `${sef}.${process.pid}.tmp`;
  execFileSync(
    process.execPath,
    [require.resolve('xslt3/xslt3.js'), `-xsl:${CIUS_RO_XSLT}`, `-export:${partial}`, '-nogo'],
    { stdio: 'pipe' },
  );
  fs.renameSync(partial, sef);
  return sef;
}

const decode = (text: string) =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');

/** The failed asserts of the SVRL report the validator wrote. */
export function failedAsserts(svrl: string): FailedAssert[] {
  const asserts: FailedAssert[] = [];
  for (const [, attributes = '', body = ''] of svrl.matchAll(
    /<svrl:failed-assert\b([^>]*)>([\s\S]*?)<\/svrl:failed-assert>/g,
  )) {
    const attribute = (name: string) =>
      decode(new RegExp(`\\b${name}="([^"]*)"`).exec(attributes)?.[1] ?? '');
    const text = /<svrl:text>([\s\S]*?)<\/svrl:text>/.exec(body)?.[1] ?? '';
    asserts.push({
      id: attribute('id'),
      flag: attribute('flag'),
      text: decode(text).replace(/\s+/g, ' ').trim(),
      location: attribute('location'),
    });
  }
  return asserts;
}

/** Runs the official validation on a UBL document: every failed assert, fatal or not. */
export function validateCiusRo(xml: string, sef: string = compileCiusRo()): FailedAssert[] {
  const { principalResult } = SaxonJS.transform(
    { stylesheetFileName: sef, sourceText: xml, destination: 'serialized' },
    'sync',
  );
  return failedAsserts(principalResult);
}

export const fatalOnly = (asserts: FailedAssert[]) => asserts.filter((a) => a.flag === 'fatal');

/** The asserts as lines a person reads in a failed test. */
export const describeAsserts = (asserts: FailedAssert[]) =>
  asserts.map((a) => `${a.flag} ${a.id} at ${a.location}: ${a.text}`).join('\n');

/** The compiled validator, or '' where the stylesheet is missing (the tests that need it are then skipped). */
export const compileCiusRoWhenPresent = () => (ciusRoMissing ? '' : compileCiusRo());

/**
 * Every assert of a document the official validation accepts; where one is fatal, throws with every assert and the
 * document, for the person reading the failed test.
 */
export function expectValidCiusRo(xml: string, sef: string): FailedAssert[] {
  const asserts = validateCiusRo(xml, sef);
  if (fatalOnly(asserts).length > 0)
    throw new Error(`CIUS-RO fatal asserts:\n${describeAsserts(asserts)}\n\n${xml}`);
  return asserts;
}

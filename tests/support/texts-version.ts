/**
 * Gives the tests of a file the build's `TEXTS_VERSION` (lib/i18n/texts-address.ts), which next.config.mjs sets and
 * Jest does not, for the whole file; the variable as it was afterwards.
 */
export function withTextsVersion(version: string) {
  const before = process.env.TEXTS_VERSION;
  beforeAll(() => {
    process.env.TEXTS_VERSION = version;
  });
  afterAll(() => {
    if (before === undefined) delete process.env.TEXTS_VERSION;
    else process.env.TEXTS_VERSION = before;
  });
}

import { locales, type Locale } from './routing';

/*
 * The texts a page's browser fetches later (docs/decisions/0031-*.md): one JSON file per language under
 * `/assets/{kind}/`, built from messages/. Their address carries the version of the texts, so a page of a new release
 * asks a new address, and a browser may keep what it got for good: the content of an address never changes. An
 * address of another version (a page of the previous release, still open) or none (other clients, the mobile app)
 * is answered the current texts, kept a few minutes only.
 */

/** The folders of app/assets/ that hold such files. */
export type LanguageFileKind = 'i18n' | 'checkout-texts' | 'pay-again-texts';

/**
 * The version of the texts of this build: `TEXTS_VERSION`, which next.config.mjs sets from messages/' content
 * (lib/i18n/texts-version.mjs) and Next writes into the server's and the browser's code alike. Empty where no build
 * ran (unit tests): the addresses then carry no version.
 */
export const currentTextsVersion = (): string => process.env.TEXTS_VERSION ?? '';

/** The address of one language's file of `kind`: `/assets/{kind}/{lang}.{version}.json`. */
export const languageFileUrl = (kind: LanguageFileKind, locale: Locale, version = currentTextsVersion()) =>
  `/assets/${kind}/${locale}${version ? `.${version}` : ''}.json`;

/** How long an address of this version may be kept: for good (its content cannot change). */
export const VERSIONED_CACHE_CONTROL = 'public, max-age=31536000, immutable';
/** How long any other address may be kept: a few minutes, so a release's texts reach it soon. */
export const UNVERSIONED_CACHE_CONTROL = 'public, max-age=300';

const FILE_NAME = /^([a-z]{2})(?:\.([A-Za-z0-9_-]{1,64}))?\.json$/;

/**
 * What the `[file]` of an address asks: its language, and how long the answer may be kept (for good only when it
 * names this build's version). Undefined when it names no language of the shop, or is not such a file name.
 */
export function languageFileOf(
  file: string,
  version = currentTextsVersion(),
): { locale: Locale; cacheControl: string } | undefined {
  const match = FILE_NAME.exec(file);
  const locale = locales.find((candidate) => candidate === match?.[1]);
  if (!match || !locale) return undefined;
  const current = version !== '' && match[2] === version;
  return { locale, cacheControl: current ? VERSIONED_CACHE_CONTROL : UNVERSIONED_CACHE_CONTROL };
}

import { _createCache, _createIntlFormatters } from 'next-intl';

/**
 * One cache of parsed messages and `Intl` formatters for the translators the server makes outside a page (e-mails,
 * the sandbox provider's payment form, exports, legal texts): spread into `createTranslator` or `createFormatter`.
 *
 * Without it each call parses its ICU messages again and builds new `Intl.NumberFormat`s and `DateTimeFormat`s, which
 * cost more than the text they format: a fifth of a millisecond of the main thread for each payment form, as much
 * for each order's e-mail. The cache is keyed by the message, locale, formats and time zone, never by the values put
 * in them, so it is bounded by the messages of `messages/` and holds no buyer's data.
 */
const cache = _createCache();

export const KEPT_FORMATTERS = { _cache: cache, _formatters: _createIntlFormatters(cache) };

import de from '@/messages/de.json';
import en from '@/messages/en.json';
import hu from '@/messages/hu.json';
import ro from '@/messages/ro.json';

/*
 * The rate in use may be days old (the BNR publishes on working days, staff may set one by hand): the vignette page
 * promises the rate shown with its date before paying, as the checkout shows it, never "the day's rate".
 */
const DAYS_RATE = /cursul zilei|day'?s exchange rate|Tageskurs|napi árfolyam/i;

describe.each(Object.entries({ ro, en, de, hu }))('the vignette page in %s', (_locale, messages) => {
  it('promises the dated rate shown before paying, not the day’s rate', () => {
    for (const point of messages.VignettePage.points) expect(point).not.toMatch(DAYS_RATE);
  });
});

/*
 * The terms and the FAQ say the same: the price in lei is worked out at the rate shown, with its date, before paying.
 * "The rate of the day you order" promised a rate the shop may not have.
 */
const ORDER_DAYS_RATE =
  /rate of the day|cursul de schimb al zilei|din ziua comenzii|Bestelltag|Tages, an dem Sie bestellen|rendelés napján/i;

/* What each language says instead: the rate shown, with its date, before paying. */
const DATED_RATE_SHOWN: Record<string, RegExp> = {
  ro: /cursul de schimb afișat, cu data lui, înainte de plată/,
  en: /rate shown, with its date, before you pay/,
  de: /vor der Zahlung mit seinem Datum angezeigt/,
  hu: /fizetés előtt dátumával együtt feltüntetett árfolyam/,
};

describe.each(Object.entries({ ro, en, de, hu }))('the terms and the FAQ in %s', (locale, messages) => {
  it('promise the dated rate shown before paying, not the rate of the order’s day', () => {
    const texts = [
      messages.TermsPage.sections.priceVariability.paragraphs[1]!,
      messages.FaqPage.questions.viniete.prices.answer[1]!,
    ];
    for (const text of texts) {
      expect(text).not.toMatch(DAYS_RATE);
      expect(text).not.toMatch(ORDER_DAYS_RATE);
      expect(text).toMatch(DATED_RATE_SHOWN[locale]!);
    }
  });
});

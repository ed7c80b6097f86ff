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

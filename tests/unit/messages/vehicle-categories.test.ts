import de from '@/messages/de.json';
import en from '@/messages/en.json';
import hu from '@/messages/hu.json';
import ro from '@/messages/ro.json';

const MESSAGES = { ro, en, de, hu };

describe('the D2 category', () => {
  it.each(Object.entries(MESSAGES))(
    'is described in %s with the same words in the terms and on its page',
    (_, messages) => {
      const terms = messages.TermsPage.sections.productInformation.table.rows[1]!;
      expect(terms[0]).toBe('D2');
      expect(`${terms[2]}.`).toBe(messages.VignettePage.categories.VAN.who);
    },
  );

  it.each(Object.entries(MESSAGES))('in %s never counts towed caravans in D2', (_, messages) => {
    const texts = [
      messages.TermsPage.sections.productInformation.table.rows[1]![2]!,
      messages.VignettePage.categories.VAN.who,
      messages.FaqPage.questions.viniete.categories.answer[0]!.split('D2:')[1]!.split('U:')[0]!,
    ];
    for (const text of texts)
      // A motorhome (autorulotă) is D2; a caravan (rulotă) is towed, so a trailer.
      expect(text.replace(/autorulot\w*/g, '')).not.toMatch(/caravan|rulot|Wohnwagen|lakókocsi/i);
  });
});

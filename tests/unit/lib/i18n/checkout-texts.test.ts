import fs from 'node:fs';
import path from 'node:path';
import type { Messages } from 'next-intl';
import de from '@/messages/de.json';
import en from '@/messages/en.json';
import hu from '@/messages/hu.json';
import ro from '@/messages/ro.json';
import {
  CHECKOUT_KEPT_KEYS,
  CHECKOUT_VALIDATION_KEYS,
  checkoutTextsOf,
  checkoutTextsUrl,
  pageFormLabels,
} from '@/lib/i18n/checkout-texts';

const languages = { ro, en, de, hu } as unknown as Record<string, Messages>;

describe("a vignette page's checkout texts", () => {
  it.each(Object.entries(languages))(
    '%s: are the checkout, billing, e-mail and their validation texts',
    (_, messages) => {
      const texts = checkoutTextsOf(messages);
      expect(texts.checkout).toEqual(messages.VignetteForm.checkout);
      expect(texts.billing).toEqual(messages.Billing);
      expect(texts.emailSuggestion).toEqual(messages.EmailSuggestion);
      expect(Object.keys(texts.validation)).toEqual([...CHECKOUT_VALIDATION_KEYS]);
      for (const key of CHECKOUT_VALIDATION_KEYS)
        expect(texts.validation[key]).toBe(messages.Validation[key]);
    },
  );

  it.each(Object.entries(languages))(
    '%s: leave the page every form text but the checkout’s own',
    (_, messages) => {
      const labels = pageFormLabels(messages.VignetteForm);
      const { checkout, ...rest } = messages.VignetteForm;
      expect({ ...labels, checkout: undefined }).toEqual({ ...rest, checkout: undefined });
      expect(Object.keys(labels.checkout)).toEqual([...CHECKOUT_KEPT_KEYS]);
      expect(labels.checkout.networkError).toBe(checkout.networkError);
    },
  );

  it("are one file per language, at an address of the texts' version", () => {
    const before = process.env.TEXTS_VERSION;
    process.env.TEXTS_VERSION = '0123456789ab';
    try {
      expect(checkoutTextsUrl('hu')).toBe('/assets/checkout-texts/hu.0123456789ab.json');
    } finally {
      if (before === undefined) delete process.env.TEXTS_VERSION;
      else process.env.TEXTS_VERSION = before;
    }
    expect(checkoutTextsUrl('hu')).toBe(`/assets/checkout-texts/hu${before ? `.${before}` : ''}.json`);
  });

  // The page keeps every validation text but these: the first screen (the vignette's form, the cart) must name none.
  const firstScreen = fs
    .readdirSync('components/vignette')
    .filter((file) => /\.tsx?$/.test(file) && file !== 'checkout-form.tsx')
    .map((file) => fs.readFileSync(path.join('components/vignette', file), 'utf8'));

  it.each(CHECKOUT_VALIDATION_KEYS)(
    "%s is shown by the checkout alone, not by the page's first screen",
    (key) => {
      for (const source of firstScreen) expect(source).not.toMatch(new RegExp(`['"\`]${key}['"\`]`));
    },
  );
});

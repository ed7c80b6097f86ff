import de from '@/messages/de.json';
import en from '@/messages/en.json';
import hu from '@/messages/hu.json';
import ro from '@/messages/ro.json';
import {
  currentReminderConsent,
  reminderConsentDigest,
  reminderConsentInForce,
  REMINDER_CONSENT_VERSIONS,
} from '@/lib/reminders/consent';

describe('the checkout’s consent to expiry reminders', () => {
  it('is versioned: its text in the four languages is the latest version’s, or the sentence changed unversioned', () => {
    const texts = { ro, en, de, hu };
    const digest = reminderConsentDigest({
      ro: texts.ro.VignetteForm.checkout.remindMe,
      en: texts.en.VignetteForm.checkout.remindMe,
      de: texts.de.VignetteForm.checkout.remindMe,
      hu: texts.hu.VignetteForm.checkout.remindMe,
    });
    expect(currentReminderConsent().digest).toBe(digest);
  });

  it('names the version in force on an order’s day', () => {
    expect(reminderConsentInForce(new Date('2026-12-01T10:00:00Z')).version).toBe(
      REMINDER_CONSENT_VERSIONS.at(-1)!.version,
    );
  });
});

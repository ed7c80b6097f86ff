/**
 * The expiry reminder whose "buy the same again" link filled this tab's cart (app/[locale]/reminders/again): its
 * signed token travels with the order, so staff can count the buyers who came back through a reminder. Kept in the
 * tab's sessionStorage, as the cart is, for the tab's life.
 */
const REMINDER_SOURCE_KEY = 'reminderSource';

export function rememberReminderSource(token: string): void {
  try {
    sessionStorage.setItem(REMINDER_SOURCE_KEY, token);
  } catch {
    // Storage refused: the order simply does not count as one that came back.
  }
}

export function reminderSource(): string | undefined {
  try {
    return sessionStorage.getItem(REMINDER_SOURCE_KEY) ?? undefined;
  } catch {
    return undefined;
  }
}

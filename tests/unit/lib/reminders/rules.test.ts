import { isReminderDue, reminderDay, reminderWindow } from '@/lib/reminders/rules';
import { needsXsrfCheck } from '@/lib/security/xsrf';

describe('when an expiry reminder is due', () => {
  it.each([
    ['YEAR', '2027-01-31', '2027-01-17'],
    ['COUNTY_YEAR', '2027-01-31', '2027-01-17'],
    ['MONTH', '2026-06-20', '2026-06-17'],
    ['WEEK', '2026-06-10', '2026-06-09'],
    ['DAY', '2026-06-10', null],
  ] as const)('%s ending %s: on %s', (type, lastDay, day) => {
    expect(reminderDay(type, lastDay)).toBe(day);
  });

  it('from 08:00 in Hungary on its day (summer and winter time), until the day before its last', () => {
    // 07:59 and 08:00 in Budapest, UTC+2 in June.
    expect(isReminderDue('MONTH', '2026-06-20', new Date('2026-06-17T05:59:00Z'))).toBe(false);
    expect(isReminderDue('MONTH', '2026-06-20', new Date('2026-06-17T06:00:00Z'))).toBe(true);
    // UTC+1 in January.
    expect(isReminderDue('YEAR', '2027-01-31', new Date('2027-01-17T06:59:00Z'))).toBe(false);
    expect(isReminderDue('YEAR', '2027-01-31', new Date('2027-01-17T07:00:00Z'))).toBe(true);
    // A pass missed on the day still reminds while a day is left; never on the last day or after.
    expect(isReminderDue('MONTH', '2026-06-20', new Date('2026-06-19T01:00:00Z'))).toBe(true);
    expect(isReminderDue('MONTH', '2026-06-20', new Date('2026-06-20T10:00:00Z'))).toBe(false);
    expect(isReminderDue('MONTH', '2026-06-20', new Date('2026-06-16T10:00:00Z'))).toBe(false);
    expect(isReminderDue('DAY', '2026-06-20', new Date('2026-06-19T10:00:00Z'))).toBe(false);
  });

  it('looks at the vignettes ending from tomorrow to the longest lead ahead', () => {
    expect(reminderWindow(new Date('2026-06-17T10:00:00Z'))).toEqual({
      from: '2026-06-18',
      to: '2026-07-01',
    });
  });

  it('lets a mail client’s one-click unsubscribe post without the anti-forgery header (RFC 8058)', () => {
    expect(needsXsrfCheck('POST', '/api/reminders/unsubscribe')).toBe(false);
    expect(needsXsrfCheck('POST', '/api/my-orders/link')).toBe(true);
  });
});

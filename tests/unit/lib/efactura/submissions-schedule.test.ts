import {
  attentionTimeOf,
  lateIfIssuedBefore,
  legalDeadlineOf,
  retryDelaySeconds,
  shopDayOf,
} from '@/lib/efactura/submissions-schedule';
import { efacturaAttentionOf } from '@/lib/efactura/submissions-attention';

describe('the e-Factura schedule', () => {
  it('waits 10 s, 30 s, 2 min, 10 min, then an hour between questions', () => {
    expect([1, 2, 3, 4, 5, 6, 50].map(retryDelaySeconds)).toEqual([10, 30, 120, 600, 3600, 3600, 3600]);
  });

  it('counts 5 working days from the day of issue, in Romania, skipping the weekend', () => {
    // Monday 9 March 2026, 10:00 in Bucharest: the deadline is the end of Monday 16 March.
    const monday = new Date('2026-03-09T08:00:00Z');
    expect(legalDeadlineOf(monday).toISOString()).toBe('2026-03-16T21:59:59.999Z');
    // Attention from the start of Friday 13 March: Friday and Monday left.
    expect(attentionTimeOf(monday).toISOString()).toBe('2026-03-12T22:00:00.000Z');
    // Issued on Saturday 14 March (late evening UTC is already Sunday 15 in Bucharest): Monday is day 1.
    const sundayInBucharest = new Date('2026-03-14T23:30:00Z');
    expect(legalDeadlineOf(sundayInBucharest).toISOString()).toBe('2026-03-20T21:59:59.999Z');
  });

  it("gives every document of a Romanian day that day's attention time, and the next day's its own", () => {
    // Thursday 12 March 2026 in Bucharest runs from 11 March 22:00 UTC to 12 March 22:00 UTC.
    const thursday = ['2026-03-11T22:00:00Z', '2026-03-12T08:00:00Z', '2026-03-12T21:59:59Z'];
    for (const at of thursday)
      expect(attentionTimeOf(new Date(at)).toISOString()).toBe('2026-03-17T22:00:00.000Z');
    // Friday 13 March (from 22:00 UTC the evening before): Monday, Tuesday, Wednesday, Thursday.
    expect(attentionTimeOf(new Date('2026-03-12T22:00:00Z')).toISOString()).toBe('2026-03-18T22:00:00.000Z');
    // Back to Thursday: not the last day's answer.
    expect(attentionTimeOf(new Date('2026-03-12T08:00:00Z')).toISOString()).toBe('2026-03-17T22:00:00.000Z');
  });

  it('sorts late documents by one cut-off: issued before it, past the deadline', () => {
    // Tuesday 17 March 2026, 10:00 in Bucharest: Monday 9 March's deadline has passed, Tuesday 10 March's has not.
    const tuesday = new Date('2026-03-17T08:00:00Z');
    expect(lateIfIssuedBefore(tuesday).toISOString()).toBe('2026-03-09T22:00:00.000Z');
    // Monday 16 March, noon: documents of the weekend before had Friday 13 March as their deadline.
    const monday = new Date('2026-03-16T10:00:00Z');
    expect(lateIfIssuedBefore(monday).toISOString()).toBe('2026-03-08T22:00:00.000Z');
    for (const issued of ['2026-03-06T10:00:00Z', '2026-03-08T21:59:00Z', '2026-03-08T22:00:00Z']) {
      const late = legalDeadlineOf(new Date(issued)) < monday;
      expect(new Date(issued) < lateIfIssuedBefore(monday)).toBe(late);
    }
  });

  it('names the shop’s day in Romania', () => {
    expect(shopDayOf(new Date('2026-03-16T21:59:00Z'))).toBe('2026-03-16');
    expect(shopDayOf(new Date('2026-03-16T22:00:00Z'))).toBe('2026-03-17');
  });

  it('says when a submission needs a person', () => {
    const now = new Date('2026-03-12T12:00:00Z');
    const base = { attentionAt: new Date('2026-03-13T00:00:00Z'), attempts: 0 };
    expect(efacturaAttentionOf({ ...base, status: 'UPLOADED' }, now)).toBeNull();
    expect(efacturaAttentionOf({ ...base, status: 'REJECTED' }, now)).toBe('EFACTURA_REJECTED');
    // A lost upload is looked for in ANAF's message list; a person is asked only once the list could not settle it.
    expect(efacturaAttentionOf({ ...base, status: 'UPLOADING', attempts: 23 }, now)).toBeNull();
    expect(efacturaAttentionOf({ ...base, status: 'UPLOADING', attempts: 24 }, now)).toBe(
      'EFACTURA_UNCONFIRMED',
    );
    const late = { attentionAt: new Date('2026-03-12T00:00:00Z'), attempts: 0 };
    expect(efacturaAttentionOf({ ...late, status: 'PENDING' }, now)).toBe('EFACTURA_DEADLINE_NEAR');
    // An upload given up after its last try (EFACTURA_MAX_ATTEMPTS, 24 by default) waits for staff, late or not;
    // an uploaded document's attempts are questions to ANAF, asked for as long as it takes.
    expect(efacturaAttentionOf({ ...base, status: 'PENDING', attempts: 23 }, now)).toBeNull();
    expect(efacturaAttentionOf({ ...base, status: 'PENDING', attempts: 24 }, now)).toBe('EFACTURA_UNSENT');
    expect(efacturaAttentionOf({ ...late, status: 'PENDING', attempts: 24 }, now)).toBe('EFACTURA_UNSENT');
    expect(efacturaAttentionOf({ ...base, status: 'UPLOADED', attempts: 40 }, now)).toBeNull();
    expect(efacturaAttentionOf({ ...late, status: 'ACCEPTED' }, now)).toBeNull();
  });
});

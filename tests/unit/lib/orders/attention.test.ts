import { ATTENTION_REASONS, attentionReasonsOf } from '@/lib/orders/attention';
import { staffAlertReasons } from '@/lib/mail/staff-alert';
import de from '@/messages/de.json';
import en from '@/messages/en.json';
import hu from '@/messages/hu.json';
import ro from '@/messages/ro.json';

describe('an order whose e-mail was given up after every retry', () => {
  it('needs attention for that alone, after its other reasons', () => {
    expect(
      attentionReasonsOf({ status: 'FULFILLED', needsReview: false }, { mailUndelivered: true }),
    ).toEqual(['MAIL_UNDELIVERED']);
    expect(
      attentionReasonsOf({ status: 'FULFILLMENT_FAILED', needsReview: false }, { mailUndelivered: true }),
    ).toEqual(['FULFILLMENT_FAILED', 'MAIL_UNDELIVERED']);
    expect(attentionReasonsOf({ status: 'FULFILLED', needsReview: false })).toEqual([]);
  });

  it('is a reason staff are alerted of and read, in every language', () => {
    expect(ATTENTION_REASONS).toContain('MAIL_UNDELIVERED');
    expect(staffAlertReasons).toContain('MAIL_UNDELIVERED');
    for (const messages of [ro, en, de, hu]) {
      expect(messages.Admin.attention.reasons.MAIL_UNDELIVERED).toMatch(/\S/);
      expect(Object.values(messages.StaffAlertEmail.reasons.MAIL_UNDELIVERED)).toHaveLength(3);
    }
  });
});

describe('an order whose e-Factura upload was given up after every retry', () => {
  it('is a reason staff are alerted of, read on the order and on its document, in every language', () => {
    expect(ATTENTION_REASONS).toContain('EFACTURA_UNSENT');
    expect(staffAlertReasons).toContain('EFACTURA_UNSENT');
    for (const messages of [ro, en, de, hu]) {
      expect(messages.Admin.attention.reasons.EFACTURA_UNSENT).toMatch(/\S/);
      expect(messages.Admin.efactura.attention.EFACTURA_UNSENT).toMatch(/\S/);
      expect(Object.values(messages.StaffAlertEmail.reasons.EFACTURA_UNSENT)).toHaveLength(3);
    }
  });
});

describe('an order flagged for a payment it did not need', () => {
  it('was paid after it had ended when it ended unpaid, and paid twice when it is paid and going on', () => {
    for (const status of ['EXPIRED', 'FAILED', 'CANCELED'] as const)
      expect(attentionReasonsOf({ status, needsReview: true })).toEqual(['PAID_AFTER_EXPIRY']);
    for (const status of ['PAID', 'FULFILLED', 'FULFILLMENT_FAILED'] as const)
      expect(attentionReasonsOf({ status, needsReview: true })).toContain('PAID_TWICE');
    expect(attentionReasonsOf({ status: 'FULFILLED', needsReview: true }, { chargeback: true })).toEqual([
      'CHARGEBACK',
    ]);
  });

  it('tells staff which payment to give back, in every language', () => {
    expect(staffAlertReasons).toContain('PAID_TWICE');
    for (const messages of [ro, en, de, hu]) {
      expect(messages.Admin.attention.reasons.PAID_TWICE).toMatch(/\S/);
      expect(Object.values(messages.StaffAlertEmail.reasons.PAID_TWICE)).toHaveLength(3);
    }
  });
});

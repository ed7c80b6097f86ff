import {
  isOwnMailKind,
  MAIL_KINDS,
  mailKindOf,
  type MailSender,
  type OrderMailKind,
} from '@/lib/mail/mail-kinds';

const send: MailSender = () => null;

describe('the outbox kinds', () => {
  it('reads every kind the shop writes, and nothing else', () => {
    for (const kind of MAIL_KINDS) expect(mailKindOf(kind)).toBe(kind);
    expect(mailKindOf('order_confirmation')).toBeUndefined();
    expect(mailKindOf('')).toBeUndefined();
  });

  it('leaves to lib/orders every kind but the three that need no order', () => {
    expect(MAIL_KINDS.filter(isOwnMailKind)).toEqual([
      'EFACTURA_HELD_BACK',
      'BUYER_SIGN_IN',
      'EXPIRY_REMINDER',
    ]);
  });

  it('does not compile a new kind without a sender', () => {
    const senders: Record<OrderMailKind, MailSender> = {
      ORDER_CONFIRMATION: send,
      DELIVERY_FAILED: send,
      REFUND_CONFIRMATION: send,
      STAFF_ALERT: send,
      INVOICE_REISSUED: send,
      ORDER_DOCUMENTS: send,
    };
    // @ts-expect-error a kind added to the list is a key the senders lack
    const withNewKind: Record<OrderMailKind | 'NEW_KIND', MailSender> = senders;
    // @ts-expect-error a sender left out is a key missing from the record
    const withoutOne: Record<OrderMailKind, MailSender> = { ORDER_CONFIRMATION: send };
    expect([withNewKind, withoutOne]).toHaveLength(2);
  });
});

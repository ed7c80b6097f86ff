import { declineCodeOf, declineReasonOf } from '@/lib/payment-provider/decline-reasons';
import { NETOPIA_STATUS } from '@/lib/db/netopia-status';

describe('why a payment did not pay, for the buyer', () => {
  it.each([
    ['51', 'insufficientFunds'],
    ['54', 'cardExpired'],
    ['82', 'wrongCardDetails'],
    ['14', 'wrongCardDetails'],
    ['57', 'notPermitted'],
    ['59', 'securityCheck'],
    ['3D', 'authenticationFailed'],
    ['96', 'bankUnavailable'],
    ['20', 'insufficientFunds'],
    ['19', 'cardExpired'],
  ])('reads the code %s as %s', (code, reason) => {
    expect(declineReasonOf({ status: 'FAILED', paymentErrorCode: code })).toBe(reason);
  });

  it('falls back on the state, then on a plain decline', () => {
    expect(declineReasonOf({ status: 'EXPIRED', paymentErrorCode: null })).toBe('timeRanOut');
    expect(declineReasonOf({ status: 'CANCELED', paymentErrorCode: null })).toBe('canceled');
    expect(declineReasonOf({ status: 'FAILED', paymentErrorCode: null })).toBe('declined');
    expect(declineReasonOf({ status: 'FAILED', paymentErrorCode: 'X9' })).toBe('declined');
    // An order still waiting for a payment whose form was left: not declined, just not finished.
    expect(declineReasonOf({ status: 'PENDING_PAYMENT', paymentErrorCode: null })).toBe('notFinished');
  });

  it('keeps a code implied by the status when the provider sent none, and none for an approval', () => {
    expect(declineCodeOf(NETOPIA_STATUS.DECLINED, '51')).toBe('51');
    expect(declineCodeOf(NETOPIA_STATUS.FRAUD, undefined)).toBe('59');
    expect(declineCodeOf(NETOPIA_STATUS.ERROR, '')).toBe('96');
    expect(declineCodeOf(NETOPIA_STATUS.EXPIRED, undefined)).toBe('23');
    expect(declineCodeOf(NETOPIA_STATUS.DECLINED, '00')).toBeNull();
    expect(declineCodeOf(NETOPIA_STATUS.CANCELED, undefined)).toBeNull();
  });
});

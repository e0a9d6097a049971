import { ErrorCode } from 'shared';
import { paymentPhase, reactToError } from './paymentState';

describe('paymentPhase', () => {
  const now = Date.parse('2026-01-01T10:00:00Z');
  it('final statuses win over the expiry time', () => {
    expect(paymentPhase({ status: 'success', expiresAt: '2026-01-01T09:00:00Z', channelId: null }, now)).toBe('success');
    expect(paymentPhase({ status: 'failed', expiresAt: '2026-01-01T11:00:00Z', channelId: null }, now)).toBe('failed');
  });
  it('a pending payment past its expiry has timed out', () => {
    expect(paymentPhase({ status: 'pending', expiresAt: '2026-01-01T10:30:00Z', channelId: null }, now)).toBe('pending');
    expect(paymentPhase({ status: 'pending', expiresAt: '2026-01-01T10:00:00Z', channelId: null }, now)).toBe('expired');
    // being collected by the provider (a channel chosen): pending until its answer, past the time to pay
    expect(paymentPhase({ status: 'pending', expiresAt: '2026-01-01T10:00:00Z', channelId: 'jazzcash' }, now)).toBe('pending');
  });
});

describe('reactToError', () => {
  it('puts amount problems next to the amount and starts a new payment', () => {
    expect(reactToError(ErrorCode.belowMinimumRepayment)).toEqual({ target: 'amount', resetAttempt: true });
    expect(reactToError(ErrorCode.amountOutOfRange).target).toBe('amount');
  });
  it('puts channel problems next to the channels, keeping the payment', () => {
    expect(reactToError(ErrorCode.noPaymentMethod)).toEqual({ target: 'channel', resetAttempt: false, key: 'cashier.noChannel' });
    expect(reactToError(ErrorCode.cardInfoNull).key).toBe('cashier.cardInfoNull');
  });
  it('a timed-out or unknown payment needs a new one', () => {
    expect(reactToError(ErrorCode.paymentTimedOut)).toEqual({ target: 'form', resetAttempt: true, key: 'cashier.timedOut' });
    expect(reactToError(ErrorCode.duplicatePayment).resetAttempt).toBe(true);
  });
  it('a field the server refused goes where that field is shown', () => {
    const v = ErrorCode.validationFailed;
    expect(reactToError(v, { amount: 'validation.amountInteger' })).toEqual({ target: 'amount', resetAttempt: true, fieldKey: 'validation.amountInteger' });
    expect(reactToError(v, { channelId: 'validation.channelIdRequired' })).toEqual({ target: 'channel', resetAttempt: false, key: 'cashier.channelIdEmpty' });
    expect(reactToError(v, { payOrderId: 'validation.payOrderIdRequired' })).toEqual({ target: 'form', resetAttempt: true, key: 'cashier.payOrderIdEmpty' });
    expect(reactToError(v, { orderNo: 'validation.orderNoRequired' })).toEqual({ target: 'form', resetAttempt: true, key: 'cashier.orderNoEmpty' });
    expect(reactToError(v, { idempotencyKey: 'validation.invalid' })).toEqual({ target: 'form', resetAttempt: false });
  });
  it('network failures keep the payment so a retry cannot pay twice', () => {
    expect(reactToError(-1)).toEqual({ target: 'form', resetAttempt: false });
  });
});

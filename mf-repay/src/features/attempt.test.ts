import { newIdempotencyKey } from 'shared';
import { attemptFor, clearAttempt, readAttempt, rememberPayOrder } from './attempt';

describe('payment attempts (idempotency)', () => {
  beforeEach(() => sessionStorage.clear());

  it('makes keys the contract accepts, different each time', () => {
    const a = newIdempotencyKey();
    expect(a).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(newIdempotencyKey()).not.toBe(a);
  });

  it('reuses the key for the same order and amount (double tap, reload)', () => {
    const first = attemptFor('LN1', 2000);
    expect(attemptFor('LN1', 2000).key).toBe(first.key);
    expect(readAttempt('LN1')).toEqual(first);
  });

  it('a different amount is a different payment', () => {
    const first = attemptFor('LN1', 2000);
    expect(attemptFor('LN1', 2500).key).not.toBe(first.key);
  });

  it('keeps the payOrderId until the result is final, then starts over', () => {
    const a = attemptFor('LN1', 2000);
    rememberPayOrder('LN1', 'PAY1');
    expect(attemptFor('LN1', 2000)).toEqual({ ...a, payOrderId: 'PAY1' });
    clearAttempt('LN1');
    expect(readAttempt('LN1')).toBeNull();
    expect(attemptFor('LN1', 2000).key).not.toBe(a.key);
  });

  it('orders do not share attempts', () => {
    attemptFor('LN1', 2000);
    expect(readAttempt('LN2')).toBeNull();
  });
});

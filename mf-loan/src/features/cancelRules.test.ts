import { CANCEL_REASONS, OrderStatus } from 'shared';
import { canCancel, cancelReasonError } from './cancelRules';

describe('cancellation rules', () => {
  it('needs exactly one reason', () => {
    expect(cancelReasonError([])).toBe('cancel.chooseReason');
    expect(cancelReasonError(['feeTooHigh'])).toBeNull();
    expect(cancelReasonError(['feeTooHigh', 'other'])).toBe('cancel.onlyOne');
    expect(cancelReasonError([...CANCEL_REASONS])).toBe('cancel.onlyOne');
  });

  it('only unconfirmed orders can be cancelled', () => {
    for (const s of [OrderStatus.Confirm, OrderStatus.GetMoney, OrderStatus.PayFail, OrderStatus.BasicInfo, OrderStatus.BindCard, OrderStatus.Question]) expect(canCancel(s)).toBe(true);
    for (const s of [OrderStatus.Applying, OrderStatus.Lending, OrderStatus.Repaying, OrderStatus.Overdued, OrderStatus.Finish, OrderStatus.Cancel, OrderStatus.Reject]) expect(canCancel(s)).toBe(false);
  });
});

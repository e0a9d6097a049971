import { CANCEL_REASONS, OrderStatus } from 'shared';
import { canCancel, cancelReasonError } from './cancelRules';

describe('cancellation rules', () => {
  it('needs a reason', () => {
    expect(cancelReasonError(null)).toBe('cancel.chooseReason');
    for (const r of CANCEL_REASONS) expect(cancelReasonError(r)).toBeNull();
  });

  it('only unconfirmed orders can be cancelled', () => {
    for (const s of [OrderStatus.Confirm, OrderStatus.GetMoney, OrderStatus.PayFail, OrderStatus.BasicInfo, OrderStatus.BindCard, OrderStatus.Question]) expect(canCancel(s)).toBe(true);
    for (const s of [OrderStatus.Applying, OrderStatus.Lending, OrderStatus.Repaying, OrderStatus.Overdued, OrderStatus.Finish, OrderStatus.Cancel, OrderStatus.Reject]) expect(canCancel(s)).toBe(false);
  });
});

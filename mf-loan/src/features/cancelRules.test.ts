import { CANCEL_REASONS } from 'shared';
import { cancelReasonError } from './cancelRules';

describe('cancellation rules', () => {
  it('needs a reason', () => {
    expect(cancelReasonError(null)).toBe('cancel.chooseReason');
    for (const r of CANCEL_REASONS) expect(cancelReasonError(r)).toBeNull();
  });
});

import { homeStatus, isCancellable, OrderStatus, ORDER_STATUSES, previousStep, screenForStatus, statusText } from '../status';

describe('status to screen (spec section 4)', () => {
  it.each([
    [6, 'personalInfomation'],
    [11, 'additionalInfomation'],
    [12, 'idCardAuthentication'],
    [16, 'validation'],
    [5, 'addBankCard'],
    [14, 'confirmBorrow'],
    [18, 'confirmBorrow'],
    [3, 'repayDetail'],
    [2, 'repayDetail'],
    [10, 'repayDetail'],
    [1, 'reviewTips'],
    [7, 'lending'],
    [17, 'loanQuestion'],
  ])('status %i goes to %s', (status, route) => {
    expect(screenForStatus(status)?.route).toBe(route);
  });

  it('review tips is opened with pageName=confirmBorrow', () => {
    expect(screenForStatus(1)?.query).toEqual({ pageName: 'confirmBorrow' });
  });

  it.each([4, 8, 9])('status %i does not navigate', (s) => expect(screenForStatus(s)).toBeNull());

  it('numbers the statuses exactly as the spec', () => {
    expect(OrderStatus).toMatchObject({
      Applying: 1,
      Repaying: 2,
      Overdued: 3,
      Finish: 4,
      BindCard: 5,
      BasicInfo: 6,
      Lending: 7,
      Cancel: 8,
      Reject: 9,
      PayFail: 10,
      Addition: 11,
      IdentityOCR: 12,
      Confirm: 14,
      Validation: 16,
      Question: 17,
      GetMoney: 18,
    });
  });

  it('gives every order status a records text', () => {
    expect(ORDER_STATUSES.map(statusText)).toEqual([
      'assessing',
      'repaying',
      'overdue',
      'finished',
      'addingCard',
      'incomplete',
      'disbursing',
      'cancelled',
      'rejected',
      'failed',
      'incomplete',
      'incomplete',
      'incomplete',
      'incomplete',
      'incomplete',
      'incomplete',
    ]);
  });

  it('only unconfirmed orders can be cancelled', () => {
    for (const s of [OrderStatus.Confirm, OrderStatus.GetMoney, OrderStatus.PayFail, OrderStatus.BasicInfo, OrderStatus.BindCard, OrderStatus.Question])
      expect(isCancellable(s)).toBe(true);
    for (const s of [
      OrderStatus.Applying,
      OrderStatus.Lending,
      OrderStatus.Repaying,
      OrderStatus.Overdued,
      OrderStatus.Finish,
      OrderStatus.Cancel,
      OrderStatus.Reject,
    ])
      expect(isCancellable(s)).toBe(false);
  });

  it('maps the latest order to the home status', () => {
    expect(homeStatus(null)).toBe('canLoan');
    expect(homeStatus({ status: 1 })).toBe('assessing');
    expect(homeStatus({ status: 9 })).toBe('rejected');
    // a rejection holds until its reapply date, then the borrower can apply again
    expect(homeStatus({ status: 9, reapplyAt: 2_000 }, 1_999)).toBe('rejected');
    expect(homeStatus({ status: 9, reapplyAt: 2_000 }, 2_000)).toBe('canLoan');
    expect(homeStatus({ status: 9, reapplyAt: '2026-01-31T00:00:00.000Z' }, Date.parse('2026-02-01T00:00:00Z'))).toBe('canLoan');
    expect(homeStatus({ status: 14 })).toBe('success');
    expect(homeStatus({ status: 10 })).toBe('failed');
    expect(homeStatus({ status: 2 })).toBe('repaying');
    expect(homeStatus({ status: 3 })).toBe('overdue');
    expect(homeStatus({ status: 7 })).toBe('lending');
    expect(homeStatus({ status: 4 })).toBe('canLoan');
  });
});

describe('onboarding steps', () => {
  it('the header back of a step goes to the step before it, skipping the conditional name check', () => {
    expect(previousStep('personalInfomation')).toBeNull();
    expect(previousStep('idCardAuthentication')).toBe('personalInfomation');
    expect(previousStep('validation')).toBe('idCardAuthentication');
    expect(previousStep('additionalInfomation')).toBe('idCardAuthentication');
    expect(previousStep('addBankCard')).toBe('additionalInfomation');
    expect(previousStep('loanQuestion')).toBe('addBankCard');
  });
});

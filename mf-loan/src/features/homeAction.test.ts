import { OrderStatus, HOME_STATUSES, homeStatus } from 'shared';
import { afterApply } from './afterApply';
import { homeAction, isMoving, isUnfinishedApplication } from './homeAction';

const order = (status: number) => ({ orderNo: 'LM1', status });

describe('home card actions (spec section 4)', () => {
  it.each([
    ['canLoan', null, { route: 'toBorrow' }],
    ['assessing', order(1), { route: 'reviewTips', query: { pageName: 'confirmBorrow', orderNo: 'LM1' } }],
    ['rejected', order(9), { route: 'records' }],
    ['success', order(14), { route: 'confirmBorrow', query: { orderNo: 'LM1' } }],
    ['success', order(18), { route: 'confirmBorrow', query: { orderNo: 'LM1' } }],
    ['failed', order(10), { route: 'addBankCard', query: { orderNo: 'LM1' } }],
    ['repaying', order(2), { route: 'repayDetail', query: { orderNo: 'LM1' } }],
    ['overdue', order(3), { route: 'repayDetail', query: { orderNo: 'LM1' } }],
    ['lending', order(7), { route: 'lending', query: { orderNo: 'LM1' } }],
  ] as const)('%s (order %j) -> %j', (status, o, target) => {
    expect(homeAction(status, o)).toEqual(target);
  });

  it('covers every home status', () => {
    for (const s of HOME_STATUSES) expect(homeAction(s, order(2)).route).toBeTruthy();
  });

  it('an application still being filled in continues at its missing step instead of applying again', () => {
    expect(homeAction('canLoan', order(OrderStatus.BasicInfo))).toEqual({ route: 'personalInfomation', query: { orderNo: 'LM1' } });
    expect(homeAction('canLoan', order(OrderStatus.IdentityOCR)).route).toBe('idCardAuthentication');
    expect(homeAction('canLoan', order(OrderStatus.Addition)).route).toBe('additionalInfomation');
    expect(homeAction('canLoan', order(OrderStatus.BindCard)).route).toBe('addBankCard');
    expect(homeAction('canLoan', order(OrderStatus.Question)).route).toBe('loanQuestion');
    expect(homeAction('canLoan', order(OrderStatus.Validation)).route).toBe('validation');
    // finished or cancelled orders: a new application
    expect(homeAction('canLoan', order(OrderStatus.Finish))).toEqual({ route: 'toBorrow' });
    expect(homeAction('canLoan', order(OrderStatus.Cancel))).toEqual({ route: 'toBorrow' });
  });

  it('the card status and the action agree for every order status', () => {
    for (const s of Object.values(OrderStatus)) {
      const o = order(s);
      const target = homeAction(homeStatus(o), o);
      expect(target.route).toBeTruthy();
      expect(isUnfinishedApplication(o)).toBe([5, 6, 11, 12, 16, 17].includes(s));
    }
  });

  it('polls only for statuses the server moves by itself', () => {
    expect(isMoving('assessing')).toBe(true);
    expect(isMoving('lending')).toBe(true);
    expect(isMoving(OrderStatus.Applying)).toBe(true);
    expect(isMoving(OrderStatus.Lending)).toBe(true);
    for (const s of ['canLoan', 'rejected', 'success', 'failed', 'repaying', 'overdue'] as const) expect(isMoving(s)).toBe(false);
    expect(isMoving(OrderStatus.Repaying)).toBe(false);
  });
});

describe('after applying', () => {
  it('a complete profile goes to the review tips of the confirm step', () => {
    expect(afterApply(order(1))).toEqual({ route: 'reviewTips', query: { pageName: 'confirmBorrow', orderNo: 'LM1' } });
  });
  it('a missing step goes to that step', () => {
    expect(afterApply(order(6)).route).toBe('personalInfomation');
    expect(afterApply(order(17)).route).toBe('loanQuestion');
  });
});

import { OrderStatus, type Product } from 'shared';
import { borrowableProducts, withdrawalWaitEnds } from './borrowable';

const product = (productId: string, lenderName: string, available: boolean): Product => ({
  productId,
  name: productId,
  lenderName,
  minAmount: 1000,
  maxAmount: 60000,
  step: 500,
  tenures: [91],
  dailyInterestRate: 0.08,
  annualInterestRate: 29.2,
  processingFeeRate: 4,
  taxRate: 18,
  penaltyRatePerDay: 2,
  extensionEnabled: true,
  extensionDays: 30,
  extensionFeeRate: 5,
  minRepayment: 1000,
  reloanOnly: false,
  tag: null,
  available,
  maxAvailable: available ? 5000 : 0,
});
const refused = product('P001', 'Sahulat Finance', false);
const other = product('P002', 'Roshan Credit', true);
const rejectedOrder = { orderNo: 'LM1', status: OrderStatus.Reject };

describe('borrowableProducts (what to_borrow offers)', () => {
  it("after a rejection: the other lenders' products the server accepts, so a recommendation opens a real application", () => {
    expect(borrowableProducts({ homeStatus: 'rejected', latestOrder: rejectedOrder, products: [refused, other] })).toEqual([other]);
  });
  it('after a rejection with nothing open: the screen sends the borrower on', () => {
    expect(borrowableProducts({ homeStatus: 'rejected', latestOrder: rejectedOrder, products: [refused] })).toBeNull();
  });
  it('free to borrow: the available products', () => {
    expect(borrowableProducts({ homeStatus: 'canLoan', latestOrder: null, products: [refused, other] })).toEqual([other]);
  });
  it('a loan in progress or an application being filled in: none', () => {
    expect(borrowableProducts({ homeStatus: 'lending', latestOrder: { orderNo: 'LM2', status: OrderStatus.Lending }, products: [other] })).toBeNull();
    expect(borrowableProducts({ homeStatus: 'canLoan', latestOrder: { orderNo: 'LM3', status: OrderStatus.BasicInfo }, products: [other] })).toBeNull();
  });
});

describe('withdrawalWaitEnds (the wait after a cooling-off withdrawal)', () => {
  const now = Date.parse('2026-03-01T00:00:00Z');
  const withdrawn = (reapplyAt: string | null) => ({ orderNo: 'LM2', status: OrderStatus.Finish, reapplyAt });
  it('a withdrawn loan whose wait runs: its end', () => {
    expect(withdrawalWaitEnds(withdrawn('2026-03-20T00:00:00.000Z'), now)).toBe('2026-03-20T00:00:00.000Z');
  });
  it('the wait over, a loan repaid, a rejection (its own notice) or no loan: none', () => {
    expect(withdrawalWaitEnds(withdrawn('2026-02-20T00:00:00.000Z'), now)).toBeNull();
    expect(withdrawalWaitEnds(withdrawn(null), now)).toBeNull();
    expect(withdrawalWaitEnds({ ...rejectedOrder, reapplyAt: '2026-03-20T00:00:00.000Z' }, now)).toBeNull();
    expect(withdrawalWaitEnds(null, now)).toBeNull();
  });
});

/** Which of the server's status colours a repayment status takes. */
import { installmentTone, orderTone } from './statusColors';

const colors = { repaying: '#1E88E5', overdue: '#E53935', dueSoon: '#FB8C00', finished: '#43A047', dueSoonDays: 3 };

describe('repayment status colours', () => {
  it("a loan being repaid is due soon within the server's dueSoonDays (days counted by the server), else repaying; overdue and finished have their own", () => {
    expect(orderTone(2, 3, colors)).toBe('dueSoon');
    expect(orderTone(2, 0, colors)).toBe('dueSoon');
    expect(orderTone(2, 4, colors)).toBe('repaying');
    expect(orderTone(2, 4, { ...colors, dueSoonDays: 4 })).toBe('dueSoon');
    expect(orderTone(2, null, colors)).toBe('repaying');
    expect(orderTone(3, -9, colors)).toBe('overdue');
    expect(orderTone(4, null, colors)).toBe('finished');
    expect(orderTone(8, null, colors)).toBeNull();
  });
  it('an installment: paid is finished, overdue is overdue, pending by its days to the due date', () => {
    expect(installmentTone('paid', 1, colors)).toBe('finished');
    expect(installmentTone('overdue', -27, colors)).toBe('overdue');
    expect(installmentTone('pending', 1, colors)).toBe('dueSoon');
    expect(installmentTone('pending', 93, colors)).toBe('repaying');
  });
});

/** Which of the server's status colours a repayment status takes. */
import { daysUntil, installmentTone, orderTone } from './statusColors';

const colors = { repaying: '#1E88E5', overdue: '#E53935', dueSoon: '#FB8C00', finished: '#43A047', dueSoonDays: 3 };
// 2026-03-01 10:00 in Pakistan
const now = Date.parse('2026-03-01T05:00:00Z');

describe('repayment status colours', () => {
  it('counts whole days to the due date in Pakistan time', () => {
    expect(daysUntil('2026-03-01', now)).toBe(0);
    expect(daysUntil('2026-03-04', now)).toBe(3);
    expect(daysUntil('2026-02-28', now)).toBe(-1);
    // 23:30 on 28 Feb in UTC is already 1 March in Pakistan
    expect(daysUntil('2026-03-01', Date.parse('2026-02-28T23:30:00Z'))).toBe(0);
  });
  it("a loan being repaid is due soon within the server's dueSoonDays, else repaying; overdue and finished have their own", () => {
    expect(orderTone(2, '2026-03-04', now, colors)).toBe('dueSoon');
    expect(orderTone(2, '2026-03-05', now, colors)).toBe('repaying');
    expect(orderTone(2, '2026-03-05', now, { ...colors, dueSoonDays: 4 })).toBe('dueSoon');
    expect(orderTone(3, '2026-02-20', now, colors)).toBe('overdue');
    expect(orderTone(4, null, now, colors)).toBe('finished');
    expect(orderTone(8, null, now, colors)).toBeNull();
  });
  it('an installment: paid is finished, overdue is overdue, pending by its due date', () => {
    expect(installmentTone('paid', '2026-03-02', now, colors)).toBe('finished');
    expect(installmentTone('overdue', '2026-02-02', now, colors)).toBe('overdue');
    expect(installmentTone('pending', '2026-03-02', now, colors)).toBe('dueSoon');
    expect(installmentTone('pending', '2026-06-02', now, colors)).toBe('repaying');
  });
});

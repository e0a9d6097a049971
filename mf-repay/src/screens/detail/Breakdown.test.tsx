import { act, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { i18n, registerResources, startI18n } from 'shared';
import { en } from '../../i18n/en';
import { ur } from '../../i18n/ur';
import { DueSummary } from './DueSummary';
import { Breakdown } from './Breakdown';
import type { RepaymentDetail } from '../../features/types';

function overdueDetail(): RepaymentDetail {
  const figures = {
    loanAmount: 5000,
    durationDays: 91,
    dailyInterestRate: 0.09,
    processingFeeRate: 3,
    taxRate: 18,
    processingFee: 150,
    feeTax: 27,
    interest: 410,
    markupFee: 410,
    disbursalAmount: 4823,
    reduction: 0,
    totalRepayable: 5410,
    dueDate: '2026-03-01',
    apr: 60,
    annualInterestRate: 32.85,
    penaltyRatePerDay: 2,
    overdueDays: 3,
    overdueFee: 300,
    minInterestDays: 1,
    daysHeld: 91,
    interestAccrued: 410,
  };
  return {
    order: {
      orderNo: 'LM1',
      status: 3,
      statusText: 'overdue',
      productId: 'P001',
      productName: 'Starter',
      lenderName: 'Lender',
      amount: 5000,
      tenureDays: 91,
      createdAt: '2025-12-01T00:00:00Z',
      dueDate: '2026-03-01',
      daysToDue: -3,
      amountDue: 5710,
      homeStatus: 'overdue',
      figures,
      amountPaid: 0,
      reduction: 0,
      updatedAt: '2026-03-04T00:00:00Z',
      submittedAt: null,
      reviewEndsAt: null,
      reviewSecondsLeft: null,
      decidedAt: null,
      confirmExpiresAt: null,
      lendingAt: null,
      disbursedAt: null,
      paidOffAt: null,
      reapplyAt: null,
      cancelReason: null,
      failReason: null,
      extensionCount: 0,
      bankCard: null,
      history: [],
      schedule: [],
    },
    amountDue: 5710,
    amountPaid: 0,
    reduction: 0,
    totalLoan: 5410,
    minRepayment: 1000,
    extensionAvailable: true,
    payments: [],
  } as RepaymentDetail;
}

beforeAll(() => {
  startI18n();
  registerResources('repay', { en, ur });
});

describe('an overdue loan', () => {
  it('shows days late, the penalty rate and the overdue fee, with the word Overdue', () => {
    const d = overdueDetail();
    render(
      <I18nextProvider i18n={i18n}>
        <DueSummary detail={d} />
        <Breakdown detail={d} />
      </I18nextProvider>,
    );
    expect(screen.getByTestId('repay-status')).toHaveTextContent('Overdue');
    expect(screen.getByTestId('repay-overdue')).toHaveTextContent('Overdue by 3 days');
    expect(screen.getByTestId('repay-amount-due')).toHaveTextContent('Rs 5,710');
    expect(screen.getByTestId('repay-overdue-fee')).toHaveTextContent('Rs 300');
    expect(screen.getByTestId('repay-breakdown')).toHaveTextContent(/2\W*% per day/);
  });
});

describe('the whole cost on the repayment screen (decisions.md)', () => {
  it('shows the processing fee, its tax, what was received and the APR', () => {
    const d = overdueDetail();
    render(
      <I18nextProvider i18n={i18n}>
        <Breakdown detail={d} />
      </I18nextProvider>,
    );
    expect(screen.getByTestId('repay-fee')).toHaveTextContent('Rs 150');
    expect(screen.getByTestId('repay-breakdown')).toHaveTextContent(/Tax on the fee \(\W*18\W*%\)Rs 27/);
    expect(screen.getByTestId('repay-disbursal')).toHaveTextContent('Rs 4,823');
    expect(screen.getByTestId('repay-apr')).toHaveTextContent('60%');
  });
});

describe('the coupon (decisions.md): its own reduction line, then the total after it', () => {
  it('shows the reduction before the total on the due date, which is the schedule total', () => {
    const d = overdueDetail();
    d.order.figures = { ...d.order.figures, reduction: 100, totalRepayable: 5310 };
    d.reduction = 100;
    d.totalLoan = 5310;
    render(
      <I18nextProvider i18n={i18n}>
        <Breakdown detail={d} />
      </I18nextProvider>,
    );
    expect(screen.getByTestId('repay-reduction')).toHaveTextContent('− Rs 100');
    expect(screen.getByTestId('repay-total')).toHaveTextContent('Rs 5,310');
    const lines = [...screen.getByTestId('repay-breakdown').querySelectorAll('dt')].map((n) => n.textContent);
    expect(lines.indexOf('Reduction (coupon)')).toBe(lines.findIndex((l) => l?.startsWith('Total on the due date')) - 1);
  });
  it('has no reduction line without a coupon', () => {
    render(
      <I18nextProvider i18n={i18n}>
        <Breakdown detail={overdueDetail()} />
      </I18nextProvider>,
    );
    expect(screen.queryByTestId('repay-reduction')).toBeNull();
  });
});

describe('issue 43 and 45: each figure says what it is', () => {
  it('calls what was paid every payment, fees included, says interest runs on what is still owed and how the APR is computed (en, ur)', async () => {
    const d = overdueDetail();
    d.amountPaid = 1190;
    const { rerender } = render(
      <I18nextProvider i18n={i18n}>
        <Breakdown detail={d} />
      </I18nextProvider>,
    );
    expect(screen.getByTestId('repay-breakdown')).toHaveTextContent('Paid so far (every payment, fees included)Rs 1,190');
    expect(screen.getByTestId('repay-per-day-note')).toHaveTextContent('Interest is charged for each day on the part of the loan you still owe');
    expect(screen.getByTestId('repay-apr-how')).toHaveTextContent('less your coupon, as a share of what you received, scaled to a year');
    await act(() => i18n.changeLanguage('ur'));
    rerender(
      <I18nextProvider i18n={i18n}>
        <Breakdown detail={d} />
      </I18nextProvider>,
    );
    expect(screen.getByTestId('repay-breakdown')).toHaveTextContent('اب تک ادا کیا (ہر ادائیگی، فیس سمیت)');
    expect(screen.getByTestId('repay-per-day-note')).toHaveTextContent('سود ہر دن قرض کی اس رقم پر لیا جاتا ہے جو ابھی آپ کے ذمے باقی ہے');
    expect(screen.getByTestId('repay-apr-how')).toHaveTextContent('کوپن کی رعایت کم کر کے');
    await act(() => i18n.changeLanguage('en'));
  });
});

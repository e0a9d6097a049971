import { useTranslation } from 'react-i18next';
import { Ltr, Money, Percent, formatMoney, formatRate, moneyInText, isolate } from 'shared/ui';
import type { RepaymentDetail as Detail } from '../../features/types';

/** The money lines of the spec's repayment screen with the whole cost (fee, tax, what was received, APR: decisions.md), aligned, the amount due standing out. */
export function Breakdown({ detail }: { detail: Detail }) {
  const { t } = useTranslation('repay');
  const { order, amountPaid, reduction, totalLoan, amountDue } = detail;
  const f = order.figures;
  return (
    <section className="card" aria-labelledby="repay-breakdown">
      <h2 id="repay-breakdown">{t('detail.breakdown')}</h2>
      <dl className="kv repay-kv" data-testid="repay-breakdown">
        <dt>{t('detail.loanAmount')}</dt>
        <dd>
          <Money amount={f.loanAmount} />
        </dd>
        <dt>{t(f.chargesUpfront === false ? 'detail.processingFeeLater' : 'detail.processingFee', { rate: isolate(formatRate(f.processingFeeRate)) })}</dt>
        <dd data-testid="repay-fee">
          <Money amount={f.processingFee} />
        </dd>
        <dt>{t('detail.feeTax', { rate: isolate(formatRate(f.taxRate)) })}</dt>
        <dd>
          <Money amount={f.feeTax} />
        </dd>
        <dt>{t('detail.disbursal')}</dt>
        <dd data-testid="repay-disbursal">
          <Money amount={f.disbursalAmount} />
        </dd>
        <dt>{t('detail.apr')}</dt>
        <dd data-testid="repay-apr">
          <Percent value={f.apr} />
        </dd>
        <dt>{t('detail.markupSoFar', { count: f.daysHeld ?? 0, days: isolate(f.daysHeld ?? 0), total: isolate(f.durationDays) })}</dt>
        <dd data-testid="repay-markup-accrued">
          <Money amount={f.interestAccrued} />
        </dd>
        {reduction > 0 ? (
          <>
            <dt>{t('detail.reduction')}</dt>
            <dd data-testid="repay-reduction">
              <Ltr>− {formatMoney(reduction)}</Ltr>
            </dd>
          </>
        ) : null}
        <dt>{t(f.chargesUpfront === false ? 'detail.totalLoanWithCharges' : 'detail.totalLoan')}</dt>
        <dd data-testid="repay-total">
          <Money amount={totalLoan} />
        </dd>
        <dt>{t('detail.overdueDays')}</dt>
        <dd>
          <Ltr>{f.overdueDays}</Ltr>
        </dd>
        <dt>{t('detail.penaltyRate')}</dt>
        <dd>{t('detail.penaltyRateValue', { rate: isolate(formatRate(f.penaltyRatePerDay)) })}</dd>
        <dt>{t('detail.overdueFee')}</dt>
        <dd data-testid="repay-overdue-fee">
          <Money amount={f.overdueFee} />
        </dd>
        <dt>{t('detail.amountRepaid')}</dt>
        <dd data-testid="repay-amount-paid">
          <Money amount={amountPaid} />
        </dd>
        <dt className="kv__total">{t('detail.amountDue')}</dt>
        <dd className="kv__total">
          <Money amount={amountDue} />
        </dd>
      </dl>
      <p className="repay-muted" data-testid="repay-per-day-note">
        {t('detail.perDayNote', { count: f.minInterestDays, min: isolate(f.minInterestDays), full: moneyInText(f.interest), days: isolate(f.durationDays) })}
      </p>
      <p className="repay-muted" data-testid="repay-apr-how">
        {t('detail.aprHow')}
      </p>
      <p className="repay-muted repay-meta">
        {t('detail.lender')}: {order.lenderName}
        <br />
        {t('detail.orderNo')}: <Ltr>{order.orderNo}</Ltr>
      </p>
    </section>
  );
}

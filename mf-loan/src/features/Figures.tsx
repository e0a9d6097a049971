/** The loan figures every loan screen shows (decisions.md), as one aligned breakdown with the totals standing out. */
import { useTranslation } from 'react-i18next';
import { type LoanFigures } from 'shared';
import { DateText, Ltr, Money, Percent, formatMoney, formatRate } from 'shared/ui';

/** the fee and its tax: taken off what is paid out (the spec's), or, under a market profile without upfront charges, owed with the repayment */
function Charges({ f }: { f: LoanFigures }) {
  const { t } = useTranslation('loan');
  const later = f.chargesUpfront === false;
  return (
    <>
      <dt>{t(later ? 'fig.processingFeeLater' : 'fig.processingFee', { rate: formatRate(f.processingFeeRate) })}</dt>
      <dd data-testid="fig-fee">{later ? <Money amount={f.processingFee} /> : <Ltr>− {formatMoney(f.processingFee)}</Ltr>}</dd>
      <dt>{t(later ? 'fig.feeTaxLater' : 'fig.feeTax', { rate: formatRate(f.taxRate) })}</dt>
      <dd>{later ? <Money amount={f.feeTax} /> : <Ltr>− {formatMoney(f.feeTax)}</Ltr>}</dd>
    </>
  );
}

export function Figures({ figures: f, testId }: { figures: LoanFigures; testId?: string }) {
  const { t } = useTranslation('loan');
  const later = f.chargesUpfront === false;
  return (
    <>
      <dl className="kv loan-figures" data-testid={testId}>
        <dt>{t('fig.loanAmount')}</dt>
        <dd>
          <Money amount={f.loanAmount} />
        </dd>
        {later ? null : <Charges f={f} />}
        <dt className="kv__total">{t(later ? 'fig.disbursalWhole' : 'fig.disbursal')}</dt>
        <dd className="kv__total" data-testid="fig-disbursal">
          <Money amount={f.disbursalAmount} />
        </dd>
        {later ? <Charges f={f} /> : null}
        <dt>{t('fig.interest', { rate: formatRate(f.dailyInterestRate) })}</dt>
        <dd>
          <Money amount={f.interest} />
        </dd>
        <dt>{t('fig.duration')}</dt>
        <dd>{t('days', { count: f.durationDays })}</dd>
        <dt>{t('fig.dueDate')}</dt>
        <dd>
          <DateText value={f.dueDate} />
        </dd>
        <dt>{t('fig.penalty')}</dt>
        <dd>{t('fig.penaltyValue', { rate: formatRate(f.penaltyRatePerDay) })}</dd>
        {f.overdueDays > 0 ? (
          <>
            <dt>{t('fig.overdueDays')}</dt>
            <dd>
              <Ltr>{f.overdueDays}</Ltr>
            </dd>
            <dt>{t('fig.overdueFee')}</dt>
            <dd>
              <Money amount={f.overdueFee} />
            </dd>
          </>
        ) : null}
        {f.reduction > 0 ? (
          <>
            <dt>{t('fig.reduction')}</dt>
            <dd data-testid="fig-reduction">
              <Ltr>− {formatMoney(f.reduction)}</Ltr>
            </dd>
          </>
        ) : null}
        <dt className="kv__total">{t('fig.total')}</dt>
        <dd className="kv__total" data-testid="fig-total">
          <Money amount={f.totalRepayable} />
        </dd>
        <dt className="kv__total">{t('fig.apr')}</dt>
        <dd className="kv__total" data-testid="fig-apr">
          <Percent value={f.apr} />
        </dd>
      </dl>
      {/* how the APR is computed (issue 45): of what the borrower pays, the coupon taken off */}
      <p className="loan-muted" data-testid={testId ? `${testId}-apr-how` : undefined}>
        {t('fig.aprHow')}
      </p>
    </>
  );
}

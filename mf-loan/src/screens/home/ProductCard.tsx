/**
 * One marketplace product: the amounts this borrower can get from it now (the product's range cut
 * at their limit, or at the first-loan cap for a visitor, with the product's full range said as what
 * the limit can rise to), tenure, daily rate, fees and lender, with Apply.
 */
import { useTranslation } from 'react-i18next';
import { endpoints, useRequest, type Product } from 'shared';
import { Button, formatMoney, moneyInText, formatRate, dateInText } from 'shared/ui';

interface Props {
  product: Product;
  /** the most this borrower can borrow now: their credit limit, or the first-loan cap for a visitor */
  cap: number;
  loggedIn: boolean;
  onApply(product: Product): void;
  /** its lender refused this borrower: when it takes an application again */
  reopensAt?: string | null;
}

/**
 * What this borrower can borrow from the product: read out as a sentence ("Amount: from Rs 1,000 to Rs 5,000"),
 * shown as the figures, which wrap between the two amounts (never inside one) at large text.
 */
function AmountRange({ min, max, testId }: { min: number; max: number; testId?: string }) {
  const { t } = useTranslation('loan');
  return (
    <p className="loan-product__range" data-testid={testId}>
      <span className="visually-hidden">
        {min < max ? t('home.amountRange', { min: moneyInText(min), max: moneyInText(max) }) : t('home.amountOnly', { amount: moneyInText(max) })}
      </span>
      <bdi dir="ltr" className="loan-range" aria-hidden="true">
        <span className="ltr">{formatMoney(min)}</span>
        {min < max ? (
          <>
            {' – '}
            <span className="ltr">{formatMoney(max)}</span>
          </>
        ) : null}
      </bdi>
    </p>
  );
}

export function ProductCard({ product: p, cap, loggedIn, onApply, reopensAt }: Props) {
  const { t } = useTranslation('loan');
  const blocked = loggedIn && !p.available;
  // a market profile without upfront charges: the fee and tax are paid with the repayment
  const upfront = useRequest(endpoints.marketConfig, {}).data?.profile?.chargesUpfront ?? true;
  return (
    <li className="card loan-product" data-testid="product" data-product={p.productId}>
      <div className="loan-product__head">
        <h3 className="loan-product__name">{p.name}</h3>
        {p.tag ? <span className="badge">{t(`tag.${p.tag}`, { defaultValue: p.tag })}</span> : null}
      </div>
      {cap >= p.maxAmount ? (
        <AmountRange min={p.minAmount} max={p.maxAmount} />
      ) : cap >= p.minAmount ? (
        <>
          <AmountRange min={p.minAmount} max={cap} testId="product-range" />
          <p className="loan-muted">{t(loggedIn ? 'home.rangeYourLimit' : 'home.rangeFirstLoan', { max: moneyInText(p.maxAmount) })}</p>
        </>
      ) : (
        <p className="loan-muted" data-testid="product-range">
          {t('home.rangeLater', { min: moneyInText(p.minAmount) })}
        </p>
      )}
      <dl className="loan-product__facts">
        <div>
          <dt>{t('home.tenure')}</dt>
          <dd>{t('daysOr', { list: p.tenures.join(' / ') })}</dd>
        </div>
        <div>
          <dt>{t('home.dailyRate')}</dt>
          <dd>{t('perDay', { rate: formatRate(p.dailyInterestRate) })}</dd>
        </div>
        <div className="loan-product__wide">
          <dt>{t('home.lender')}</dt>
          <dd>{p.lenderName}</dd>
        </div>
      </dl>
      <p className="loan-muted">
        {t('home.fee')}: {t(upfront ? 'home.feeValue' : 'home.feeValueLater', { rate: formatRate(p.processingFeeRate), tax: formatRate(p.taxRate) })}
      </p>
      {blocked ? (
        <p className="loan-muted" data-testid="product-blocked">
          {reopensAt
            ? t('home.reopensOn', { lender: p.lenderName, date: dateInText(reopensAt) })
            : p.reloanOnly
              ? t('home.reloanOnly')
              : t('home.notAvailable')}
        </p>
      ) : null}
      <Button block variant={blocked ? 'secondary' : 'primary'} disabled={blocked} onClick={() => onApply(p)} aria-label={`${t('home.apply')} ${p.name}`}>
        {t('home.apply')}
      </Button>
    </li>
  );
}

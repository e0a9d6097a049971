/** One marketplace product: amount range, tenure, daily rate, fees and lender, with Apply. */
import { useTranslation } from 'react-i18next';
import { Button, formatMoney, type Product } from 'shared';
import { formatRate } from '../../features/rates';

interface Props {
  product: Product;
  loggedIn: boolean;
  onApply(product: Product): void;
}

export function ProductCard({ product: p, loggedIn, onApply }: Props) {
  const { t } = useTranslation('loan');
  const blocked = loggedIn && !p.available;
  return (
    <li className="card loan-product" data-testid="product" data-product={p.productId}>
      <div className="loan-product__head">
        <h3 className="loan-product__name">{p.name}</h3>
        {p.tag ? <span className="badge">{t(`tag.${p.tag}`, { defaultValue: p.tag })}</span> : null}
      </div>
      <p className="loan-product__range"><bdi dir="ltr">{formatMoney(p.minAmount)} – {formatMoney(p.maxAmount)}</bdi></p>
      <dl className="loan-product__facts">
        <div><dt>{t('home.tenure')}</dt><dd>{t('daysOr', { list: p.tenures.join(' / ') })}</dd></div>
        <div><dt>{t('home.dailyRate')}</dt><dd>{t('perDay', { rate: formatRate(p.dailyInterestRate) })}</dd></div>
        <div className="loan-product__wide"><dt>{t('home.lender')}</dt><dd>{p.lenderName}</dd></div>
      </dl>
      <p className="loan-muted">{t('home.fee')}: {t('home.feeValue', { rate: formatRate(p.processingFeeRate), tax: formatRate(p.taxRate) })}</p>
      {blocked ? <p className="loan-muted">{p.reloanOnly ? t('home.reloanOnly') : t('home.notAvailable')}</p> : null}
      <Button block variant={blocked ? 'secondary' : 'primary'} disabled={blocked} onClick={() => onApply(p)} aria-label={`${t('home.apply')} ${p.name}`}>
        {t('home.apply')}
      </Button>
    </li>
  );
}

import { useTranslation } from 'react-i18next';
import { endpoints, go, useRequest } from 'shared';
import { Button, moneyInText } from 'shared/ui';

/** After a loan is paid off: the products the borrower may apply for now (loanMarket/repay/products), reloan offers included. */
export function NextLoans() {
  const { t } = useTranslation('repay');
  const { data } = useRequest(endpoints.repayProducts, {});
  const offers = data?.products.filter((p) => p.available) ?? [];
  if (offers.length === 0) return null;
  return (
    <section aria-labelledby="repay-next-loans" data-testid="repay-next-loans">
      <h2 className="repay-section-title" id="repay-next-loans">
        {t('paidOff.nextLoans')}
      </h2>
      <p className="repay-muted">{t('paidOff.nextLoansIntro')}</p>
      <ul className="list">
        {offers.map((p) => (
          <li key={p.productId} className="list__item repay-row" data-product={p.productId}>
            <div className="repay-row__main">
              <strong>{p.name}</strong>
              <span className="repay-muted">{p.lenderName}</span>
              <span>{t('paidOff.upTo', { amount: moneyInText(p.maxAvailable), days: Math.max(...p.tenures) })}</span>
            </div>
            <div className="repay-row__end">
              <Button variant="secondary" onClick={() => go('toBorrow', { productId: p.productId })}>
                {t('paidOff.apply')}
              </Button>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

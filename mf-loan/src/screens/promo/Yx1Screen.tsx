/** /yx1: campaign landing page; headline figures from the marketplace, Apply leads into the real flow. */
import { useTranslation } from 'react-i18next';
import { go } from 'shared';
import { Button, ErrorState, Page, Skeleton, moneyInText, formatRate } from 'shared/ui';
import { useMarket } from '../../features/useMarket';
import { promoApply } from './usePromoApply';
import { borrowCap } from '../../features/borrowCap';
import '../../loan.css';

export default function Yx1Screen() {
  const { t } = useTranslation('loan');
  const { data, error, reload } = useMarket();
  const products = data?.products.filter((p) => !p.reloanOnly) ?? [];
  const max = Math.max(0, ...products.map((p) => p.maxAmount));
  // what this visitor or borrower can get now, not the marketplace's largest loan
  const now = data ? Math.min(max, borrowCap(data)) : 0;
  const rate = products.length ? Math.min(...products.map((p) => p.dailyInterestRate)) : 0;
  return (
    <Page
      title={t('promo.yx1.title')}
      footer={
        data ? (
          <Button block onClick={() => promoApply(products[0]?.productId)}>
            {t('promo.yx1.cta')}
          </Button>
        ) : undefined
      }
    >
      {error && !data ? <ErrorState error={error} onRetry={reload} /> : null}
      {!data && !error ? <Skeleton lines={5} height={28} /> : null}
      {data ? (
        <>
          <section className="loan-hero" data-testid="promo-hero">
            <h2>{t(data.loggedIn ? 'promo.yx1.headlineYours' : 'promo.yx1.headline', { amount: moneyInText(now) })}</h2>
            {now < max ? <p>{t('promo.yx1.ladder', { max: moneyInText(max) })}</p> : null}
            <p>{t('promo.yx1.sub', { rate: formatRate(rate) })}</p>
          </section>
          <ul className="card loan-points">
            <li>{t('promo.yx1.point1')}</li>
            <li>{t('promo.yx1.point2', { min: data.config.reviewCopyMinutes.min, max: data.config.reviewCopyMinutes.max })}</li>
            <li>{t('promo.yx1.point3')}</li>
          </ul>
          <Button variant="ghost" onClick={() => go('mortgageCalculator')}>
            {t('promo.yx1.calc')}
          </Button>
        </>
      ) : null}
    </Page>
  );
}

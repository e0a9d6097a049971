/**
 * /yx2ConfirmBorrow: campaign page for the confirm step. A borrower with an approved loan
 * goes to confirm it; everyone else sees a worked example from the server's own figures.
 */
import { useTranslation } from 'react-i18next';
import { endpoints, go, useRequest } from 'shared';
import { Button, ErrorState, Page, Skeleton, moneyInText } from 'shared/ui';
import { Figures } from '../../features/Figures';
import { useMarket } from '../../features/useMarket';
import { promoApply } from './usePromoApply';
import '../../loan.css';

export default function Yx2ConfirmBorrowScreen() {
  const { t } = useTranslation('loan');
  const market = useMarket();
  const example = useRequest(endpoints.productIndex, {});
  const approved = market.data?.homeStatus === 'success' ? market.data.latestOrder : null;
  const failure = market.error ?? example.error;
  const ready = market.data && example.data;
  return (
    <Page
      title={t('promo.yx2c.title')}
      footer={
        ready ? (
          approved ? (
            <Button block onClick={() => go('confirmBorrow', { orderNo: approved.orderNo })}>
              {t('promo.yx2c.confirmCta')}
            </Button>
          ) : (
            <Button block onClick={() => promoApply(example.data!.product.productId)}>
              {t('promo.yx2c.cta')}
            </Button>
          )
        ) : undefined
      }
    >
      {failure && !ready ? (
        <ErrorState
          error={failure}
          onRetry={() => {
            market.reload();
            example.reload();
          }}
        />
      ) : null}
      {!ready && !failure ? <Skeleton lines={8} /> : null}
      {ready ? (
        <>
          <section className="loan-hero" data-testid="promo-hero">
            <h2>{t('promo.yx2c.headline', { amount: moneyInText(example.data!.figures.loanAmount), days: example.data!.figures.durationDays })}</h2>
            <p>{t('promo.yx2c.sub', { product: example.data!.product.name })}</p>
          </section>
          <section className="card">
            <Figures figures={(approved ?? example.data!).figures} testId="promo-figures" />
          </section>
        </>
      ) : null}
    </Page>
  );
}

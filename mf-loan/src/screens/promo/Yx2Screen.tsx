/** /yx2: campaign page comparing the marketplace's products; each Apply leads into the real flow. */
import { useTranslation } from 'react-i18next';
import { EmptyState, ErrorState, Page, Skeleton } from 'shared/ui';
import { useMarket } from '../../features/useMarket';
import { ProductCard } from '../home/ProductCard';
import { promoApply } from './usePromoApply';
import { borrowCap } from '../../features/borrowCap';
import '../../loan.css';

export default function Yx2Screen() {
  const { t } = useTranslation('loan');
  const { data, error, reload } = useMarket();
  const tenures = data?.products.flatMap((p) => p.tenures) ?? [];
  return (
    <Page title={t('promo.yx2.title')}>
      {error && !data ? <ErrorState error={error} onRetry={reload} /> : null}
      {!data && !error ? <Skeleton lines={5} height={28} /> : null}
      {data ? (
        <>
          <section className="loan-hero" data-testid="promo-hero">
            <h2>{t('promo.yx2.headline')}</h2>
            {tenures.length ? <p>{t('promo.yx2.sub', { min: Math.min(...tenures), max: Math.max(...tenures) })}</p> : null}
          </section>
          {data.products.length === 0 ? (
            <EmptyState />
          ) : (
            <ul className="loan-actions" style={{ listStyle: 'none', margin: 0, padding: 0, gap: 12 }}>
              {data.products.map((p) => (
                <ProductCard key={p.productId} product={p} cap={borrowCap(data)} loggedIn={data.loggedIn} onApply={(x) => promoApply(x.productId)} />
              ))}
            </ul>
          )}
        </>
      ) : null}
    </Page>
  );
}

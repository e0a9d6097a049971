/**
 * Rejected: which lender refused and when it reopens, in home's words (RejectionNotice), and the
 * other products recommended by the server. Each one opens its application (to_borrow with the
 * product): only products the server accepts an application for now (`available`) are listed,
 * never one that would be refused.
 */
import { useTranslation } from 'react-i18next';
import { endpoints, go, useRequest } from 'shared';
import { Button, ErrorState, Money, RejectionNotice, Skeleton } from 'shared/ui';

export function RejectedCard({ lender, reapplyAt }: { lender: string; reapplyAt: string | null }) {
  const { t } = useTranslation('onboarding');
  const rec = useRequest(endpoints.rejectRecommendation, {});
  const when = rec.data?.reapplyAt ?? reapplyAt;
  const offered = rec.data?.recommend ? rec.data.products.filter((p) => p.available) : [];
  return (
    <>
      <section className="card ob-section" role="status">
        <h2>{t('review.rejected')}</h2>
        {rec.data || rec.error ? <RejectionNotice lender={lender} reapplyAt={when} open={offered} /> : <Skeleton lines={2} />}
      </section>
      <section className="ob-section" aria-labelledby="recommended">
        <h2 id="recommended">{t('review.recommended')}</h2>
        {rec.loading && !rec.data ? <Skeleton lines={3} /> : null}
        {rec.error ? <ErrorState error={rec.error} onRetry={rec.reload} /> : null}
        {rec.data && offered.length === 0 ? <p className="ob-muted">{t('review.noRecommendation')}</p> : null}
        {offered.map((p) => (
          <div key={p.productId} className="card ob-section" data-testid="recommended-product">
            <h3 style={{ margin: 0 }}>{p.name}</h3>
            <p className="ob-muted">{p.lenderName}</p>
            <p>
              {t('review.upTo')} <Money amount={p.maxAvailable} />
            </p>
            <Button variant="secondary" onClick={() => go('toBorrow', { productId: p.productId })}>
              {t('review.apply')}
            </Button>
          </div>
        ))}
      </section>
      <Button variant="ghost" onClick={() => go('home')}>
        {t('review.home')}
      </Button>
    </>
  );
}

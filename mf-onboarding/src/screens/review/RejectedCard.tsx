/** Rejected: when the borrower may reapply, and other products recommended by the server. */
import { useTranslation } from 'react-i18next';
import { Button, DateText, ErrorState, Money, Skeleton, endpoints, go, useRequest } from 'shared';

export function RejectedCard({ reapplyAt }: { reapplyAt: string | null }) {
  const { t } = useTranslation('onboarding');
  const rec = useRequest(endpoints.rejectRecommendation, {});
  const when = rec.data?.reapplyAt ?? reapplyAt;
  return (
    <>
      <section className="card ob-section" role="status">
        <h2>{t('review.rejected')}</h2>
        <p>{t('review.rejectedBody')}</p>
        {when ? <p>{t('review.reapplyAt')} <DateText value={when} /></p> : null}
      </section>
      <section className="ob-section" aria-labelledby="recommended">
        <h2 id="recommended">{t('review.recommended')}</h2>
        {rec.loading && !rec.data ? <Skeleton lines={3} /> : null}
        {rec.error ? <ErrorState message={rec.error.message} onRetry={rec.reload} /> : null}
        {rec.data && (!rec.data.recommend || rec.data.products.length === 0) ? <p className="ob-muted">{t('review.noRecommendation')}</p> : null}
        {rec.data?.recommend
          ? rec.data.products.map((p) => (
            <div key={p.productId} className="card ob-section">
              <h3 style={{ margin: 0 }}>{p.name}</h3>
              <p className="ob-muted">{p.lenderName}</p>
              <p>{t('review.upTo')} <Money amount={p.maxAvailable || p.maxAmount} /></p>
              {p.available ? <Button variant="secondary" onClick={() => go('toBorrow', { productId: p.productId })}>{t('review.apply')}</Button> : null}
            </div>
          ))
          : null}
      </section>
      <Button variant="ghost" onClick={() => go('home')}>{t('review.home')}</Button>
    </>
  );
}

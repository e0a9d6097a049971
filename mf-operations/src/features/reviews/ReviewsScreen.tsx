/**
 * Application review: the applications the scoring rule held for a person (REVIEW_MANUAL_BAND), the earliest
 * answer-by first, each with its working-day clock, beside the chosen one: its score against the threshold and the
 * points each rule gave, what the borrower declared, and approve or reject with a reason (both recorded on the order).
 */
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { Review, ReviewStatus } from '../../api/types';
import { api } from '../../shell/api';
import { ClaimBadge, ClaimBar } from '../../shell/claims';
import { DataTable } from '../../shell/DataTable';
import { useAction, useLoad } from '../../shell/hooks';
import { ApiError, Clock, LoadFailed, Loading, Money, ReasonField, StatusTabs, When } from '../../shell/ui';
import { DeclaredFacts } from '../borrowers/DeclaredFacts';

const STATUSES: readonly ReviewStatus[] = ['waiting', 'decided'];

function ReviewDetail({ review, onDecided, onClaim }: { review: Review; onDecided: () => void; onClaim: () => void }) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const act = useAction();
  const decide = async (decision: 'approve' | 'reject') => {
    const r = await act.run(() => api.post<{ orderNo: string }>(`/reviews/${encodeURIComponent(review.orderNo)}/${decision}`, { reason }));
    if (r) onDecided();
  };
  return (
    <section className="ops-detail" aria-label={t('reviews.detail', { orderNo: review.orderNo })}>
      <h2>{t('reviews.detail', { orderNo: review.orderNo })}</h2>
      {!review.decision && <ClaimBar path={`/reviews/${encodeURIComponent(review.orderNo)}`} listed={review.claim} onChange={onClaim} />}
      <dl className="ops-facts">
        <dt>{t('reviews.amount')}</dt>
        <dd className="ops-figure">
          <Money amount={review.amount} /> · <bdi>{t('reviews.tenure', { days: review.tenureDays })}</bdi>
        </dd>
        <dt>{t('reviews.submitted')}</dt>
        <dd>
          <When at={review.submittedAt} />
        </dd>
        <dt>{t('reviews.answerBy')}</dt>
        <dd>
          <When at={review.answerBy} /> {!review.decision && <Clock due={review.answerBy} late={review.late} />}
        </dd>
        <dt>{t('reviews.score')}</dt>
        <dd>
          <strong>{review.score}</strong> {t('reviews.threshold', { threshold: review.threshold })}
        </dd>
      </dl>
      <h3>{t('reviews.reasons')}</h3>
      {review.reasons.length ? (
        <DataTable
          caption={t('reviews.reasons')}
          rows={review.reasons.map((r, i) => ({ ...r, i }))}
          rowKey={(r) => r.i}
          columns={[
            {
              key: 'rule',
              header: t('reviews.rule'),
              cell: (r) => (
                <>
                  {t(`reviews.rules.${r.rule}`)}
                  {r.question && (
                    <small className="ops-muted">
                      {' '}
                      · <bdi>{r.question}</bdi>
                    </small>
                  )}
                </>
              ),
            },
            { key: 'points', header: t('reviews.points'), kind: 'figure', cell: (r) => (r.points > 0 ? `+${r.points}` : r.points) },
          ]}
        />
      ) : (
        <p className="ops-muted">{t('states.empty')}</p>
      )}
      <h3>{t('reviews.declared')}</h3>
      <DeclaredFacts data={review.borrower} />
      <p>
        <Link to={`/borrowers?user=${review.borrower.userId}`}>{t('reviews.openBorrower')}</Link>
      </p>
      {review.decision ? (
        <p className="ops-notice">
          {t(`reviews.decided.${review.decision}`)} · <When at={review.decidedAt} /> · <bdi>{review.decidedBy}</bdi> {review.reason && <q>{review.reason}</q>}
        </p>
      ) : (
        <form onSubmit={(e) => e.preventDefault()} aria-label={t('reviews.decide')}>
          <h3>{t('reviews.decide')}</h3>
          <ReasonField
            label={t('reviews.reason')}
            value={reason}
            onChange={setReason}
            usual={t('reviews.usualReasons', { returnObjects: true }) as string[]}
            error={act.error?.field('reason')}
            required
          />
          <ApiError error={act.error} shown={['reason']} />
          <div className="ops-actions">
            <button type="button" className="ops-primary" disabled={act.busy} onClick={() => void decide('approve')}>
              {t('reviews.approve')}
            </button>
            <button type="button" disabled={act.busy} onClick={() => void decide('reject')}>
              {t('reviews.reject')}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}

export default function ReviewsScreen() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const status: ReviewStatus = params.get('status') === 'decided' ? 'decided' : 'waiting';
  const list = useLoad(() => api.get<{ reviews: Review[] }>('/reviews', { status }), status);
  const reviews = list.data?.reviews ?? [];
  const chosen = reviews.find((r) => r.orderNo === params.get('order'));
  return (
    <main className="ops-main ops-queue">
      <h1>{t('nav.reviews')}</h1>
      <StatusTabs label={t('queues.filter')} value={status} options={STATUSES} onChange={(s) => setParams({ status: s })} />
      <div className="ops-master-detail">
        <section aria-label={t('reviews.list')} className="ops-list">
          {list.loading && !list.data && <Loading />}
          {list.error && <LoadFailed error={list.error} retry={list.reload} />}
          {list.data && !reviews.length && <p className="ops-muted">{t('states.empty')}</p>}
          <ul>
            {reviews.map((r) => (
              <li key={r.orderNo}>
                <Link
                  to={`/reviews?status=${status}&order=${encodeURIComponent(r.orderNo)}`}
                  aria-current={r === chosen ? 'true' : undefined}
                  className="ops-row"
                >
                  <span>
                    <bdi dir="ltr">{r.orderNo}</bdi> · {t('reviews.scoreShort', { score: r.score })}
                  </span>
                  <span className="ops-figure">
                    <Money amount={r.amount} />
                  </span>
                  <span>
                    {r.decision ? t(`reviews.decided.${r.decision}`) : <Clock due={r.answerBy} late={r.late} />}
                    <ClaimBadge claim={r.claim} />
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
        {chosen ? (
          <ReviewDetail key={chosen.orderNo} review={chosen} onDecided={() => setParams({ status: 'decided', order: chosen.orderNo })} onClaim={list.reload} />
        ) : (
          <p className="ops-detail ops-muted">{t('states.choose')}</p>
        )}
      </div>
    </main>
  );
}

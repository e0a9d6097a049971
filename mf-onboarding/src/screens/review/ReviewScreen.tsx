/**
 * auth/review_tips: the latest order under review with the countdown the server gives
 * (reviewSecondsLeft, by its clock, so it survives a reload), then approved (go to confirm) or rejected
 * (reapply date and recommended other products). An application the score left to a person (manualReview) says
 * so, with the time its answer is due, in place of the countdown.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isAwaitingConfirm, OrderStatus, endpoints, go, screenForStatus, useRequest } from 'shared';
import { Button, DateText, EmptyState, ErrorState, Money, Page, Skeleton, serverCountdownLeft, useNow } from 'shared/ui';
import { RejectedCard } from './RejectedCard';
import '../../onboarding.css';

const POLL_MS = 10_000;

export function formatCountdown(seconds: number): string {
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  return `${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`;
}

export default function ReviewScreen() {
  const { t } = useTranslation('onboarding');
  const latest = useRequest(endpoints.latestOrder, {});
  const config = useRequest(endpoints.marketConfig, {});
  useNow(1000); // a new second to show
  const order = latest.data?.order ?? null;
  const assessing = order?.status === OrderStatus.Applying;
  // the server's seconds left and when they arrived (monotonic): the phone's clock plays no part
  const [countdown, setCountdown] = useState<{ left: number; at: number } | null>(null);
  const serverLeft = order?.reviewSecondsLeft ?? null;
  useEffect(() => {
    setCountdown(serverLeft === null ? null : { left: serverLeft, at: performance.now() });
  }, [latest.data, serverLeft]);

  // while assessing, ask again now and then (the decision is made on the server)
  const { reload } = latest;
  useEffect(() => {
    if (!assessing) return;
    const timer = setInterval(reload, POLL_MS);
    return () => clearInterval(timer);
  }, [assessing, reload]);

  let body;
  if (!latest.data && latest.loading) body = <Skeleton lines={5} />;
  else if (latest.error && !latest.data) body = <ErrorState error={latest.error} onRetry={latest.reload} />;
  else if (!order) body = <EmptyState>{t('review.noOrder')}</EmptyState>;
  else if (assessing && order.manualReview) {
    body = (
      <section className="card ob-section" aria-live="polite" data-testid="review-manual">
        <h2>{t('review.manualTitle')}</h2>
        <p>{t('review.manualBody')}</p>
        <dl className="kv">
          <dt>{t('review.answerBy')}</dt>
          <dd>
            <DateText value={order.manualReview.answerBy} withTime />
          </dd>
          <dt>{t('review.amount')}</dt>
          <dd>
            <Money amount={order.amount} />
          </dd>
          <dt>{t('review.product')}</dt>
          <dd>{order.productName}</dd>
        </dl>
        <Button variant="secondary" onClick={latest.reload}>
          {t('review.refresh')}
        </Button>
      </section>
    );
  } else if (assessing) {
    const left = countdown ? serverCountdownLeft(countdown.left, countdown.at, performance.now()) : 0;
    const c = config.data;
    body = (
      <section className="card ob-section" aria-live="polite">
        <h2>{t('review.assessing')}</h2>
        <p className="ob-countdown" role="timer" aria-label={t('review.countdown')}>
          {left > 0 ? formatCountdown(left) : t('review.almost')}
        </p>
        {c ? <p className="ob-muted">{t('review.copy', { min: c.reviewCopyMinutes.min, max: c.reviewCopyMinutes.max, hours: c.reviewMaxHours })}</p> : null}
        <dl className="kv">
          <dt>{t('review.amount')}</dt>
          <dd>
            <Money amount={order.amount} />
          </dd>
          <dt>{t('review.product')}</dt>
          <dd>{order.productName}</dd>
          {order.submittedAt ? (
            <>
              <dt>{t('review.submitted')}</dt>
              <dd>
                <DateText value={order.submittedAt} withTime />
              </dd>
            </>
          ) : null}
        </dl>
        <Button variant="secondary" onClick={latest.reload}>
          {t('review.refresh')}
        </Button>
      </section>
    );
  } else if (order.status === OrderStatus.Reject) {
    body = <RejectedCard lender={order.lenderName} reapplyAt={order.reapplyAt} />;
  } else if (isAwaitingConfirm(order.status)) {
    body = (
      <section className="card ob-section">
        <h2>{t('review.approved')}</h2>
        <p>{t('review.approvedBody')}</p>
        <dl className="kv">
          <dt>{t('review.amount')}</dt>
          <dd>
            <Money amount={order.amount} />
          </dd>
          {order.confirmExpiresAt ? (
            <>
              <dt>{t('review.confirmBy')}</dt>
              <dd>
                <DateText value={order.confirmExpiresAt} withTime />
              </dd>
            </>
          ) : null}
        </dl>
        <Button block onClick={() => go('confirmBorrow', { orderNo: order.orderNo })}>
          {t('review.goConfirm')}
        </Button>
      </section>
    );
  } else {
    const target = screenForStatus(order.status);
    body = (
      <EmptyState title={t('review.moved')}>
        {target ? (
          <Button onClick={() => go(target.route, { ...target.query, orderNo: order.orderNo })}>{t('review.continue')}</Button>
        ) : (
          <Button onClick={() => go('home')}>{t('review.home')}</Button>
        )}
      </EmptyState>
    );
  }
  return <Page title={t('review.title')}>{body}</Page>;
}

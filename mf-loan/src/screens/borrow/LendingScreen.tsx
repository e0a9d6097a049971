/** borrow/lending (status 7): waiting for the money, updating itself until the payout succeeds (2) or fails (10). */
import { useTranslation } from 'react-i18next';
import { OrderStatus, endpoints, go, useRequest } from 'shared';
import { Button, DateText, EmptyState, ErrorState, Page, SignInState, Skeleton, useOrderNo, Ltr } from 'shared/ui';
import { BackupPayoutOffer } from '../../features/BackupPayoutOffer';
import { OrderTimeline } from '../../features/OrderTimeline';
import { useAutoRefresh } from '../../features/useAutoRefresh';
import '../../loan.css';

export default function LendingScreen() {
  const { t } = useTranslation('loan');
  const target = useOrderNo();
  const info = useRequest(endpoints.confirmProductInfo, { orderNo: target.orderNo ?? '' }, { enabled: !!target.orderNo });
  const cfg = useRequest(endpoints.marketConfig, {});
  const status = info.data?.order.status;
  useAutoRefresh(info.reload, status === OrderStatus.Lending, 3000);
  const failure = target.error ?? info.error;

  let body;
  // a visitor (the spec lets one open this screen): nothing to wait for without a session
  if (!target.loggedIn) body = <SignInState />;
  else if (failure && !info.data) body = <ErrorState error={failure} onRetry={() => (target.error ? target.reload() : info.reload())} />;
  else if (target.none) body = <EmptyState title={t('lending.noOrder')} />;
  else if (!info.data) body = <Skeleton lines={6} />;
  else {
    const { order, bankCard } = info.data;
    const card = bankCard ?? order.bankCard;
    const account = card ? (
      <p style={{ margin: 0 }}>
        {t('lending.account')}: {card.bankName} · <Ltr>{card.accountMasked}</Ltr>
      </p>
    ) : null;
    if (status === OrderStatus.Lending) {
      const copy = cfg.data?.disbursalCopyMinutes;
      body = (
        <section className="card loan-wait" data-testid="lending" data-status="waiting" aria-live="polite">
          <span className="spinner" aria-hidden />
          <h2>{t('lending.heading')}</h2>
          {copy ? <p>{t('lending.body', { min: copy.min, max: copy.max })}</p> : <Skeleton lines={1} />}
          {account}
          {order.lendingAt ? (
            <p className="loan-muted">
              {t('lending.since')} <DateText value={order.lendingAt} withTime />
            </p>
          ) : null}
          <p className="loan-muted">{t('lending.checking')}</p>
        </section>
      );
    } else if (status === OrderStatus.PayFail) {
      body = (
        <section className="card loan-status loan-status--danger" data-testid="lending" data-status="failed">
          <h2>{t('lending.failedTitle')}</h2>
          <p>{t('lending.failedBody')}</p>
          {account}
          <Button block onClick={() => go('addBankCard', { orderNo: order.orderNo })}>
            {t('lending.changeAccount')}
          </Button>
          <BackupPayoutOffer orderNo={order.orderNo} failedCard={order.bankCard} />
        </section>
      );
    } else if (status === OrderStatus.Repaying || status === OrderStatus.Overdued || status === OrderStatus.Finish) {
      body = (
        <section className="card loan-status" data-testid="lending" data-status="done">
          <h2>{t('lending.doneTitle')}</h2>
          <p>{t('lending.doneBody')}</p>
          {account}
          <Button block onClick={() => go('repayDetail', { orderNo: order.orderNo })}>
            {t('lending.toRepay')}
          </Button>
        </section>
      );
    } else {
      body = (
        <EmptyState title={t('lending.noOrder')}>
          <Button onClick={() => go('home')}>{t('confirm.goHome')}</Button>
        </EmptyState>
      );
    }
    body = (
      <>
        {body}
        <OrderTimeline order={order} />
      </>
    );
  }
  return <Page title={t('lending.title')}>{body}</Page>;
}

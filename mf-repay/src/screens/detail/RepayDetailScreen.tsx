/** repay/repay_detail: what is due on the order (?orderNo=, else the latest), the ways to pay, the history and the statement. */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { endpoints, ErrorCode, go, isOwing, OrderStatus, reportOrderMilestones, statusText, useRequest } from 'shared';
import { Button, EmptyState, ErrorState, Page, Skeleton, goLogin, useOrderNo } from 'shared/ui';
import { ProofList } from '../../features/proof/ProofList';
import { DueSummary } from './DueSummary';
import { Breakdown } from './Breakdown';
import { Schedule } from './Schedule';
import { Payments } from './Payments';
import { Statement } from './Statement';
import { RepayActions } from './RepayActions';
import { Withdraw } from './Withdraw';
import { PaidOff } from './PaidOff';
import '../../repay.css';

export default function RepayDetailScreen() {
  const { t } = useTranslation('repay');
  const target = useOrderNo();
  const orderNo = target.orderNo;
  const detail = useRequest(endpoints.repaymentDetail, { orderNo: orderNo ?? '' }, { enabled: Boolean(orderNo) });
  const repayable = detail.data ? isOwing(detail.data.order.status) : false;
  useEffect(() => reportOrderMilestones(detail.data?.order), [detail.data]); // paid out / paid off, seen here first
  const colors = useRequest(endpoints.repayColor, {}); // status colours: the badges stay neutral without them
  const proofs = useRequest(endpoints.proofStatus, { orderNo: orderNo ?? '' }, { enabled: Boolean(orderNo) && repayable });

  let body: React.ReactNode;
  let footer: React.ReactNode = null;
  if (!target.loggedIn) {
    body = (
      <EmptyState>
        <p className="repay-muted">{t('detail.loginHint')}</p>
        <Button onClick={() => goLogin()}>{t('detail.login')}</Button>
      </EmptyState>
    );
  } else if (target.error) {
    body = <ErrorState error={target.error} onRetry={target.reload} />;
  } else if (target.none || (detail.error && detail.error.code === ErrorCode.notFound)) {
    body = (
      <EmptyState>
        <p className="repay-muted" data-testid="repay-no-loan">
          {t('detail.noLoanHint')}
        </p>
        <Button variant="secondary" onClick={() => go('home')}>
          {t('detail.goHome')}
        </Button>
      </EmptyState>
    );
  } else if (detail.error) {
    body = <ErrorState error={detail.error} onRetry={detail.reload} />;
  } else if (!detail.data || target.loading) {
    body = <Skeleton lines={6} />;
  } else if (detail.data.order.status === OrderStatus.Finish) {
    body = <PaidOff detail={detail.data} />;
  } else if (!repayable) {
    body = (
      <EmptyState>
        <p className="repay-muted">{t('detail.notRepayableHint', { status: t(`status.${statusText(detail.data.order.status)}`) })}</p>
        <Button variant="secondary" onClick={() => go('home')}>
          {t('detail.goHome')}
        </Button>
      </EmptyState>
    );
  } else {
    const d = detail.data;
    body = (
      <>
        <DueSummary detail={d} colors={colors.data} />
        <Withdraw detail={d} />
        <RepayActions orderNo={d.order.orderNo} extensionAvailable={d.extensionAvailable} />
        {proofs.data ? <ProofList proofs={proofs.data.proofs} /> : null}
        <Breakdown detail={d} />
        <Schedule items={d.order.schedule} colors={colors.data} />
        <Payments items={d.payments} />
        <Statement orderNo={d.order.orderNo} />
      </>
    );
    footer = (
      <Button block onClick={() => go('cashier', { orderNo: d.order.orderNo })} data-testid="repay-pay-online">
        {t('detail.payOnline')}
      </Button>
    );
  }

  return (
    <Page title={t('detail.title')} footer={footer}>
      {body}
    </Page>
  );
}

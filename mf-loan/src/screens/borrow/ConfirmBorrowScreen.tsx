/**
 * borrow/confirm_borrow (order status 14 and 18): the approved loan's figures, the receiving
 * account, the key fact statement (read before confirming), the agreement checkbox, confirm
 * (get money) or cancel.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  errorMessageOf,
  toApiError,
  MILESTONES,
  logMilestone,
  clearIntentKey,
  intentKey,
  OrderStatus,
  call,
  endpoints,
  go,
  useRequest,
  type ConfirmProductInfoResponse,
  isAwaitingConfirm,
  isCancellable,
} from 'shared';
import {
  Button,
  Checkbox,
  Dialog,
  EmptyState,
  ErrorState,
  Page,
  SignInState,
  Skeleton,
  useErrorText,
  useOrderNo,
  Ltr,
  dateInText,
  useMoneyVerification,
} from 'shared/ui';
import { GetMoneyRequest } from 'shared/schemas';
import type { z } from 'zod';
import { Figures } from '../../features/Figures';
import { OrderTimeline } from '../../features/OrderTimeline';
import { KeyFactStatement } from './KeyFactStatement';
import { CancelDialog } from './CancelDialog';
import { useAgreed, useKfsRead } from '../../features/kfsRead';

import '../../loan.css';

type Info = z.infer<typeof ConfirmProductInfoResponse>;

export default function ConfirmBorrowScreen() {
  const { t } = useTranslation('loan');
  const target = useOrderNo();
  const info = useRequest(endpoints.confirmProductInfo, { orderNo: target.orderNo ?? '' }, { enabled: !!target.orderNo });
  const failure = target.error ?? info.error;

  // an order already confirmed goes on to its own screen
  useEffect(() => {
    if (info.data?.order.status === OrderStatus.Lending) go('lending', { orderNo: info.data.order.orderNo }, { replace: true });
  }, [info.data]);

  // a visitor (the spec lets one open this screen): nothing to load without a session
  if (!target.loggedIn)
    return (
      <Page title={t('confirm.title')}>
        <SignInState />
      </Page>
    );
  if (failure && !info.data) {
    return (
      <Page title={t('confirm.title')}>
        <ErrorState error={failure} onRetry={() => (target.error ? target.reload() : info.reload())} />
      </Page>
    );
  }
  if (target.none)
    return (
      <Page title={t('confirm.title')}>
        <EmptyState />
      </Page>
    );
  if (!info.data)
    return (
      <Page title={t('confirm.title')}>
        <Skeleton lines={10} />
      </Page>
    );
  if (!isAwaitingConfirm(info.data.order.status)) {
    return (
      <Page title={t('confirm.title')}>
        <EmptyState title={t('confirm.notConfirmable')}>
          <Button onClick={() => go('home', undefined, { replace: true })}>{t('confirm.goHome')}</Button>
        </EmptyState>
        <OrderTimeline order={info.data.order} />
      </Page>
    );
  }
  return <ConfirmForm info={info.data} />;
}

function ConfirmForm({ info }: { info: Info }) {
  const { t } = useTranslation('loan');
  const errorText = useErrorText();
  const { order, figures, bankCard, expiresAt } = info;
  const [kfsOpen, setKfsOpen] = useState(false);
  const [kfsRead, markKfsRead] = useKfsRead(order.orderNo);
  const [agree, setAgree] = useAgreed(order.orderNo);
  const [agreeError, setAgreeError] = useState<string | undefined>();
  const [kfsError, setKfsError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [cancelOpen, setCancelOpen] = useState(false);
  const verification = useMoneyVerification();

  const confirm = async () => {
    setFailure(null);
    if (!kfsRead) {
      setKfsError(t('confirm.kfsNeeded'));
      setKfsOpen(true);
      return;
    }
    const parsed = GetMoneyRequest.omit({ idempotencyKey: true }).safeParse({ orderNo: order.orderNo, agree });
    if (!parsed.success) {
      setAgreeError(errorText(parsed.error.issues.find((i) => i.path[0] === 'agree')?.message ?? 'validation.agreementRequired'));
      return;
    }
    setBusy(true);
    try {
      const scope = `getMoney.${order.orderNo}`;
      const r = await verification.run((verifyCode) => call(endpoints.getMoney, { ...parsed.data, idempotencyKey: intentKey(scope), verifyCode }));
      if (!r) return; // the code prompt closed: nothing paid out
      clearIntentKey(scope);
      logMilestone(MILESTONES.confirm, { orderNo: r.order.orderNo, amount: r.order.amount });
      go('lending', { orderNo: r.order.orderNo }, { replace: true });
    } catch (e) {
      const agreeKey = toApiError(e).fields.agree;
      if (agreeKey) setAgreeError(errorText(agreeKey));
      else setFailure(errorMessageOf(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Page
      title={t('confirm.title')}
      footer={
        <Button block busy={busy} onClick={() => void confirm()}>
          {t('confirm.confirm')}
        </Button>
      }
    >
      {verification.prompt}
      <section className="card loan-status" data-testid="confirm-summary">
        <h2>{t('confirm.approved')}</h2>
        <p className="loan-muted">
          {order.productName} · {order.lenderName}
        </p>
        <Figures figures={figures} testId="confirm-figures" />
      </section>
      {bankCard ? (
        <section className="card">
          <h2>{t('confirm.account')}</h2>
          <p style={{ margin: 0 }}>
            {bankCard.bankName} · <Ltr>{bankCard.accountMasked}</Ltr>
          </p>
          <p className="loan-muted">{bankCard.cardHolder}</p>
          <Button variant="ghost" onClick={() => go('addBankCard', { orderNo: order.orderNo })}>
            {t('confirm.changeAccount')}
          </Button>
        </section>
      ) : null}
      <section className="card">
        <h2>{t('confirm.kfsTitle')}</h2>
        <Button variant="secondary" block onClick={() => setKfsOpen(true)}>
          {t('confirm.kfsOpen')}
          {kfsRead ? ' ✓' : ''}
        </Button>
        {kfsError && !kfsRead ? (
          <p className="field__error" role="alert">
            {kfsError}
          </p>
        ) : null}
        <button type="button" className="btn btn--ghost" onClick={() => go('agreement', { orderNo: order.orderNo })}>
          {t('confirm.agreementLink')}
        </button>
        <Checkbox
          label={t('confirm.agree')}
          checked={agree}
          error={agreeError}
          onChange={(e) => {
            setAgree(e.target.checked);
            setAgreeError(undefined);
          }}
        />
      </section>
      {expiresAt ? <p className="loan-muted">{t('confirm.expires', { date: dateInText(expiresAt, true) })}</p> : null}
      {failure ? (
        <p className="field__error" role="alert">
          {failure}
        </p>
      ) : null}
      <OrderTimeline order={order} />
      {isCancellable(order.status) ? (
        <Button block variant="ghost" onClick={() => setCancelOpen(true)}>
          {t('confirm.cancel')}
        </Button>
      ) : null}
      <Dialog
        open={kfsOpen}
        title={t('confirm.kfsTitle')}
        onClose={() => setKfsOpen(false)}
        actions={
          <Button
            onClick={() => {
              markKfsRead();
              setKfsError(null);
              setKfsOpen(false);
            }}
          >
            {t('confirm.kfsRead')}
          </Button>
        }
      >
        <KeyFactStatement figures={figures} lender={order.lenderName} product={order.productName} />
      </Dialog>
      <CancelDialog
        orderNo={order.orderNo}
        open={cancelOpen}
        onClose={() => setCancelOpen(false)}
        onCancelled={() => go('home', undefined, { replace: true })}
      />
    </Page>
  );
}

/**
 * repay/cashier (?orderNo=, optional &payOrderId=): choose the amount and a channel, hand
 * the payment to the server's simulated gateway, show the result. A payment is never
 * taken twice: the button is disabled while in flight, a second tap is ignored, and the
 * same amount reuses the same idempotency key and payOrderId after a reload.
 * `&purpose=withdraw` (market profile's cooling-off): the amount is the order's coolingOff amount,
 * fixed (the principal only), and the server closes the loan with no charges.
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call, toApiError, endpoints, go, useRequest, useSearchParams } from 'shared';
import { Button, ErrorState, Money, Page, Skeleton, useErrorText, moneyInText, useMoneyVerification } from 'shared/ui';

import { checkRepayAmount, type AmountError } from '../../features/amount';
import { attemptFor, clearAttempt, rememberPayOrder } from '../../features/attempt';
import { usePrefilledAmount } from '../../features/usePrefilledAmount';
import { paymentPhase, reactToError } from '../../features/paymentState';
import type { OrderView, PaymentView } from '../../features/types';
import { AmountField } from './AmountField';
import { ChannelList } from './ChannelList';
import { PaymentResult } from './PaymentResult';
import '../../repay.css';

interface Outcome {
  payment: PaymentView;
  order: OrderView;
}

export default function CashierScreen() {
  const { t } = useTranslation('repay');
  const errorText = useErrorText();
  const [params] = useSearchParams();
  const orderNo = params.get('orderNo')?.trim() ?? '';
  const payOrderId = params.get('payOrderId')?.trim() ?? '';
  const withdraw = params.get('purpose') === 'withdraw';
  // a withdrawal's attempt is kept apart from a repayment's of the same amount
  const attemptId = withdraw ? `withdraw:${orderNo}` : orderNo;
  const coolingOff = useRequest(endpoints.repaymentDetail, { orderNo }, { enabled: withdraw && Boolean(orderNo) }).data?.order.coolingOff;

  const info = useRequest(endpoints.cashierChannels, { orderNo }, { enabled: Boolean(orderNo) });
  const { amount, type: typeAmount } = usePrefilledAmount(orderNo, info.data);
  const existing = useRequest(endpoints.cashierResult, { payOrderId }, { enabled: Boolean(payOrderId) });

  const [amountError, setAmountError] = useState<string>();
  const [channelId, setChannelId] = useState('');
  const [channelError, setChannelError] = useState<string>();
  const [formError, setFormError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const inFlight = useRef(false);
  const verification = useMoneyVerification();

  // a payment opened by payOrderId (after a reload or from the gateway): final ones show their result
  const opened = payOrderId && existing.data && existing.data.payment.orderNo === orderNo ? existing.data : undefined;
  const openedPhase = opened ? paymentPhase(opened.payment) : undefined;
  const pendingPayment = opened && openedPhase === 'pending' ? opened.payment : undefined;
  useEffect(() => {
    if (openedPhase && openedPhase !== 'pending') clearAttempt(attemptId);
    if (openedPhase === 'expired') setFormError(t('cashier.timedOut'));
  }, [openedPhase, attemptId, t]);

  const amountText = (e: AmountError, min: number, due: number) => t(`amount.${e}`, { min: moneyInText(Math.min(min, due)), max: moneyInText(due) });

  async function pay() {
    if (inFlight.current || !info.data) return;
    setFormError(undefined);
    let value = pendingPayment?.amount ?? (withdraw ? coolingOff?.amount : undefined);
    if (withdraw && value === undefined) return setFormError(t('cashier.withdrawOver'));
    if (value === undefined) {
      const check = checkRepayAmount(amount, { min: info.data.minRepayment, due: info.data.amountDue });
      if (!check.ok) {
        setAmountError(amountText(check.error, info.data.minRepayment, info.data.amountDue));
        return;
      }
      value = check.amount;
    }
    setAmountError(undefined);
    if (!info.data.channels.some((c) => c.enabled)) {
      setChannelError(t('cashier.noChannel'));
      return;
    }
    if (!channelId) {
      setChannelError(t('cashier.channelIdEmpty'));
      return;
    }
    setChannelError(undefined);

    inFlight.current = true;
    setBusy(true);
    try {
      let pid = pendingPayment?.payOrderId;
      if (!pid) {
        const attempt = attemptFor(attemptId, value);
        pid = attempt.payOrderId;
        if (!pid) {
          const amountPaid = value;
          const started = await verification.run((verifyCode) =>
            call(
              endpoints.repaymentConfirm,
              { orderNo, amount: amountPaid, idempotencyKey: attempt.key, verifyCode, ...(withdraw ? { purpose: 'withdraw' as const } : {}) },
              { overlay: false },
            ),
          );
          if (!started) return; // the code prompt closed: nothing started, the amount stays
          pid = started.payment.payOrderId;
          if (!pid) {
            setFormError(t('cashier.payOrderIdEmpty'));
            return;
          }
          rememberPayOrder(attemptId, pid);
          // a reload from here on comes back to this very payment
          go('cashier', { orderNo, payOrderId: pid, ...(withdraw ? { purpose: 'withdraw' } : {}) }, { replace: true });
        }
      }
      const done = await call(endpoints.cashierPay, { payOrderId: pid, channelId }, { overlay: false });
      if (done.payment.status !== 'pending') clearAttempt(attemptId);
      setOutcome(done);
      info.reload();
    } catch (e) {
      const err = toApiError(e);
      const r = reactToError(err.code, err.fields);
      if (r.resetAttempt) clearAttempt(attemptId);
      const text = r.fieldKey ? errorText(r.fieldKey) : r.key ? t(r.key) : err.message;
      if (r.target === 'amount') setAmountError(text);
      else if (r.target === 'channel') setChannelError(text);
      else setFormError(text);
      if (r.resetAttempt && payOrderId) go('cashier', { orderNo }, { replace: true });
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  }

  function startOver() {
    clearAttempt(attemptId);
    setOutcome(null);
    setFormError(undefined);
    go('cashier', { orderNo }, { replace: true });
    info.reload();
  }

  const backToDetail = () => go('repayDetail', { orderNo }, { replace: true });

  let body: React.ReactNode;
  let footer: React.ReactNode = null;
  const result = outcome ?? (opened && openedPhase !== 'pending' && openedPhase !== 'expired' ? opened : null);
  if (!orderNo) {
    body = <ErrorState message={t('cashier.orderNoEmpty')} />;
    footer = (
      <Button block variant="secondary" onClick={() => go('repayDetail')}>
        {t('cashier.backToDetail')}
      </Button>
    );
  } else if (result) {
    const phase = paymentPhase(result.payment);
    body = <PaymentResult phase={phase} payment={result.payment} order={result.order} />;
    footer = (
      <div className="repay-actions">
        {phase === 'success' ? null : (
          <Button block onClick={startOver} data-testid="repay-try-again">
            {t('cashier.tryAgain')}
          </Button>
        )}
        <Button block variant={phase === 'success' ? 'primary' : 'secondary'} onClick={backToDetail} data-testid="repay-back-detail">
          {t('cashier.backToDetail')}
        </Button>
      </div>
    );
  } else if (busy) {
    footer = (
      <Button block busy data-testid="repay-pay">
        {t('cashier.payNow')}
      </Button>
    );
    body = (
      <div className="state" role="status" data-testid="repay-processing">
        <span className="spinner" aria-hidden />
        <p className="state__title">{t('cashier.processing')}</p>
      </div>
    );
  } else if (info.error) {
    body = <ErrorState error={info.error} onRetry={info.reload} />;
  } else if (existing.error && payOrderId) {
    body = <ErrorState error={existing.error} onRetry={existing.reload} />;
  } else if (!info.data || (payOrderId && existing.loading)) {
    body = <Skeleton lines={5} />;
  } else if (info.data.amountDue <= 0) {
    body = <ErrorState message={t('cashier.nothingDue')} />;
    footer = (
      <Button block variant="secondary" onClick={backToDetail}>
        {t('cashier.backToDetail')}
      </Button>
    );
  } else {
    const d = info.data;
    const fixed = pendingPayment?.amount ?? (withdraw ? coolingOff?.amount : undefined);
    body = (
      <>
        {withdraw ? (
          <p className="repay-muted" role="note" data-testid="repay-withdraw-note">
            {t('cashier.withdrawNote')}
          </p>
        ) : null}
        {fixed !== undefined ? (
          <div className="card repay-hero">
            <p className="repay-hero__label">{t(withdraw ? 'cashier.withdrawAmount' : 'cashier.paymentAmount')}</p>
            <p className="repay-hero__amount" data-testid="repay-amount-fixed">
              <Money amount={fixed} />
            </p>
          </div>
        ) : (
          <AmountField
            value={amount}
            onChange={(v) => {
              typeAmount(v);
              setAmountError(undefined);
            }}
            limits={{ min: d.minRepayment, due: d.amountDue }}
            error={amountError}
          />
        )}
        {d.reduction > 0 && !withdraw ? (
          <p className="repay-muted" data-testid="repay-cashier-reduction">
            {t('cashier.reductionIncluded', { amount: moneyInText(d.reduction) })}
          </p>
        ) : null}
        <ChannelList
          channels={d.channels}
          value={channelId}
          onChange={(v) => {
            setChannelId(v);
            setChannelError(undefined);
          }}
          error={channelError}
        />
        {formError ? (
          <p className="repay-alert" role="alert" data-testid="repay-form-error">
            {formError}
          </p>
        ) : null}
        <p className="repay-muted">{t('cashier.secureNote')}</p>
      </>
    );
    const payAmount = fixed ?? checkRepayAmount(amount, { min: d.minRepayment, due: d.amountDue });
    const label =
      typeof payAmount === 'number'
        ? t('cashier.pay', { amount: moneyInText(payAmount) })
        : payAmount.ok
          ? t('cashier.pay', { amount: moneyInText(payAmount.amount) })
          : t('cashier.payNow');
    footer = (
      <Button block busy={busy} onClick={pay} data-testid="repay-pay">
        {label}
      </Button>
    );
  }

  return (
    <Page title={t('cashier.title')} footer={footer}>
      {verification.prompt}
      {body}
    </Page>
  );
}

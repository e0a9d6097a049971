/** repay/exhibition_period_detail: the extension quote from the server, a confirm step, the result. */
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call, errorMessageOf, clearIntentKey, endpoints, go, intentKey, toast, useRequest, type ResponseOf } from 'shared';
import {
  Button,
  DateText,
  Dialog,
  EmptyState,
  ErrorState,
  Money,
  Page,
  SignInState,
  Skeleton,
  useOrderNo,
  moneyInText,
  isolate,
  useMoneyVerification,
} from 'shared/ui';
import { ChannelList } from '../cashier/ChannelList';

import '../../repay.css';

type Done = ResponseOf<typeof endpoints.confirmExtension>;

export default function ExtensionScreen() {
  const { t } = useTranslation('repay');
  const target = useOrderNo();
  const orderNo = target.orderNo ?? '';
  const quote = useRequest(endpoints.extensionData, { orderNo }, { enabled: Boolean(orderNo) });
  const cashier = useRequest(endpoints.cashierChannels, { orderNo }, { enabled: Boolean(orderNo) });
  const [channelId, setChannelId] = useState('');
  const [channelError, setChannelError] = useState<string>();
  const channel = cashier.data?.channels.find((c) => c.channelId === channelId);
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [done, setDone] = useState<Done | null>(null);
  const inFlight = useRef(false);
  const verification = useMoneyVerification();
  const scope = `ext.${orderNo}.${quote.data?.currentDueDate ?? ''}`;

  async function confirm() {
    if (inFlight.current) return;
    inFlight.current = true;
    setBusy(true);
    setError(undefined);
    try {
      const r = await verification.run((verifyCode) =>
        call(endpoints.confirmExtension, { orderNo, idempotencyKey: intentKey(scope), channelId, verifyCode }, { overlay: false }),
      );
      if (!r) return; // the code prompt closed: nothing paid
      clearIntentKey(scope);
      setAsking(false);
      setDone(r);
      toast(t('extension.successTitle'), 'success');
    } catch (e) {
      setAsking(false);
      setError(errorMessageOf(e));
      quote.reload();
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  }

  const backToDetail = () => go('repayDetail', { orderNo }, { replace: true });
  let body: React.ReactNode;
  let footer: React.ReactNode = null;
  if (target.error) body = <ErrorState error={target.error} onRetry={target.reload} />;
  else if (!target.loggedIn) body = <SignInState />;
  else if (target.none) body = <EmptyState />;
  else if (done) {
    body = (
      <section className="card repay-result" data-testid="repay-extension-done" role="status">
        <div className="repay-result__icon repay-result__icon--ok" aria-hidden>
          ✓
        </div>
        <h2 className="repay-result__title">{t('extension.successTitle')}</h2>
        <p>{t('extension.successBody', { fee: moneyInText(done.feePaid), date: isolate(done.newDueDate) })}</p>
        <dl className="kv repay-kv" style={{ inlineSize: '100%' }}>
          <dt>{t('extension.newDueDate')}</dt>
          <dd>
            <DateText value={done.newDueDate} />
          </dd>
          <dt>{t('detail.amountDue')}</dt>
          <dd>
            <Money amount={done.order.amountDue} />
          </dd>
        </dl>
      </section>
    );
    footer = (
      <Button block onClick={backToDetail}>
        {t('cashier.backToDetail')}
      </Button>
    );
  } else if (quote.error) body = <ErrorState error={quote.error} onRetry={quote.reload} />;
  else if (!quote.data || target.loading) body = <Skeleton lines={6} />;
  else if (!quote.data.available) {
    body = (
      <EmptyState title={t('extension.notAvailable')}>
        {quote.data.reason ? (
          <p className="repay-muted" data-testid="repay-extension-reason">
            {t(`extension.reason.${quote.data.reason}`, { count: quote.data.maxExtensions, max: isolate(quote.data.maxLoanDays ?? 0) })}
          </p>
        ) : null}
        <Button variant="secondary" onClick={backToDetail}>
          {t('cashier.backToDetail')}
        </Button>
      </EmptyState>
    );
  } else {
    const q = quote.data;
    body = (
      <>
        <p className="repay-note" data-testid="repay-extension-intro">
          {q.fromToday
            ? t('extension.introFromToday', { count: q.extensionDays, date: isolate(q.newDueDate ?? '') })
            : t('extension.intro', { count: q.extensionDays })}
        </p>
        <section className="card">
          <dl className="kv repay-kv" data-testid="repay-extension-quote">
            <dt>{t('extension.currentDueDate')}</dt>
            <dd>{q.currentDueDate ? <DateText value={q.currentDueDate} /> : '—'}</dd>
            <dt>{t(q.fromToday ? 'extension.daysFromToday' : 'extension.days')}</dt>
            <dd>{t('extension.daysValue', { count: q.extensionDays })}</dd>
            <dt>{t('extension.newDueDate')}</dt>
            <dd data-testid="repay-extension-new-date">{q.newDueDate ? <DateText value={q.newDueDate} /> : '—'}</dd>
            {/* each line what it is (issue 45): the extension's own fee, the overdue fee owed that is paid with it, their sum */}
            <dt>{t('extension.ownFee')}</dt>
            <dd data-testid="repay-extension-own-fee">
              <Money amount={q.ownFee} />
            </dd>
            {q.penaltyIncluded > 0 ? (
              <>
                <dt>{t('extension.penaltyIncluded')}</dt>
                <dd data-testid="repay-extension-penalty">
                  <Money amount={q.penaltyIncluded} />
                </dd>
              </>
            ) : null}
            <dt className="kv__total">{t('extension.payNow')}</dt>
            <dd className="kv__total" data-testid="repay-extension-fee">
              <Money amount={q.extensionFee} />
            </dd>
            <dt>{t('extension.amountDueNow')}</dt>
            <dd data-testid="repay-extension-owed-now">
              <Money amount={q.amountDueNow} />
            </dd>
            <dt>{t('extension.amountDueAfter')}</dt>
            <dd data-testid="repay-extension-owed-today">
              <Money amount={q.amountDueAfter} />
            </dd>
            <dt className="kv__total">{t('extension.amountDueOnNewDueDate', { date: q.newDueDate ?? '' })}</dt>
            <dd className="kv__total" data-testid="repay-extension-owed-new-date">
              <Money amount={q.amountDueOnNewDueDate} />
            </dd>
          </dl>
        </section>
        {q.shortened && q.maxLoanDays !== null ? (
          <p className="repay-note" data-testid="repay-extension-shortened">
            {t('extension.shortened', { count: q.extensionDays, max: isolate(q.maxLoanDays) })}
          </p>
        ) : null}
        <p className="repay-muted" data-testid="repay-extension-fee-note">
          {q.penaltyIncluded > 0 ? t('extension.feeNoteWithPenalty', { before: moneyInText(q.amountDueNow), after: moneyInText(q.amountDueAfter) }) : null}
          {q.penaltyIncluded > 0 && q.ownFee > 0 ? ' ' : null}
          {q.ownFee > 0 ? t('extension.feeNote') : null}
        </p>
        <section className="card">
          {cashier.data ? (
            <ChannelList
              channels={cashier.data.channels}
              value={channelId}
              onChange={(v) => {
                setChannelId(v);
                setChannelError(undefined);
              }}
              error={channelError}
            />
          ) : (
            <Skeleton lines={3} />
          )}
        </section>
        {error ? (
          <p className="repay-alert" role="alert" data-testid="repay-form-error">
            {error}
          </p>
        ) : null}
        <Dialog
          open={asking}
          title={t('extension.confirmTitle')}
          onClose={() => !busy && setAsking(false)}
          actions={
            <>
              <Button variant="secondary" disabled={busy} onClick={() => setAsking(false)}>
                {t('common:cancel')}
              </Button>
              <Button busy={busy} onClick={confirm} data-testid="repay-extension-confirm">
                {t('common:confirm')}
              </Button>
            </>
          }
        >
          <p data-testid="repay-extension-charge">
            {t('extension.confirmBody', { fee: moneyInText(q.extensionFee), channel: channel?.name ?? '', date: isolate(q.newDueDate ?? '') })}
          </p>
        </Dialog>
      </>
    );
    footer = (
      <Button block busy={busy} onClick={() => (channelId ? setAsking(true) : setChannelError(t('cashier.channelIdEmpty')))} data-testid="repay-extension-pay">
        {t('extension.confirm', { amount: moneyInText(q.extensionFee) })}
      </Button>
    );
  }
  return (
    <Page title={t('extension.title')} footer={footer}>
      {verification.prompt}
      {body}
    </Page>
  );
}

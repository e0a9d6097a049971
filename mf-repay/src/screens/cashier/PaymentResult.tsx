import { useTranslation } from 'react-i18next';
import { OrderStatus } from 'shared';
import { Money } from 'shared/ui';
import type { OrderView, PaymentView } from '../../features/types';
import type { PaymentPhase } from '../../features/paymentState';

/** What came back from the gateway: paid, failed, or not finished. */
export function PaymentResult({ phase, payment, order }: { phase: PaymentPhase; payment: PaymentView; order: OrderView }) {
  const { t } = useTranslation('repay');
  const ok = phase === 'success';
  const failed = phase === 'failed' || phase === 'expired';
  return (
    <section className="card repay-result" data-testid={`repay-result-${phase}`} role="status">
      <div className={`repay-result__icon ${ok ? 'repay-result__icon--ok' : failed ? 'repay-result__icon--fail' : 'repay-result__icon--wait'}`} aria-hidden>
        {ok ? '✓' : failed ? '!' : '…'}
      </div>
      <h2 className="repay-result__title">{t(ok ? 'cashier.successTitle' : failed ? 'cashier.failedTitle' : 'cashier.pendingTitle')}</h2>
      {ok ? (
        <p>
          <Money amount={payment.amount} />
        </p>
      ) : null}
      <p className="repay-muted">{ok ? null : phase === 'expired' ? t('cashier.timedOut') : failed ? t('cashier.failedBody') : null}</p>
      {ok && order.status === OrderStatus.Finish ? <p className="repay-ok">{t('paidOff.title')}</p> : null}
      {ok && order.status !== OrderStatus.Finish ? (
        <dl className="kv repay-kv" style={{ inlineSize: '100%' }}>
          <dt>{t('cashier.remaining')}</dt>
          <dd data-testid="repay-remaining">
            <Money amount={order.amountDue} />
          </dd>
        </dl>
      ) : null}
    </section>
  );
}

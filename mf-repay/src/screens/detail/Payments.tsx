import { useTranslation } from 'react-i18next';
import { Badge, DateText, Money, SrLabel, type BadgeTone } from 'shared/ui';
import type { PaymentView } from '../../features/types';

const PAYMENT_TONES: Record<PaymentView['status'], BadgeTone> = { pending: 'warn', success: 'neutral', failed: 'danger' };

/** Payments made on the order (newest first), pending and failed ones included. */
export function Payments({ items }: { items: PaymentView[] }) {
  const { t } = useTranslation('repay');
  return (
    <section aria-labelledby="repay-payments">
      <h2 className="repay-section-title" id="repay-payments">
        {t('detail.payments')}
      </h2>
      {items.length === 0 ? (
        <p className="repay-muted">{t('detail.noPayments')}</p>
      ) : (
        <ul className="list" data-testid="repay-payments">
          {items.map((p) => (
            <li key={p.payOrderId} className="list__item repay-row">
              <div className="repay-row__main">
                <span>{t(`detail.paymentKind.${p.kind}`)}</span>
                <span className="repay-muted">
                  <SrLabel>{t('detail.rowAt')}</SrLabel>
                  <DateText value={p.completedAt ?? p.createdAt} withTime />
                </span>
              </div>
              <div className="repay-row__end">
                <strong>
                  <SrLabel>{t('detail.rowAmount')}</SrLabel>
                  <Money amount={p.amount} />
                </strong>
                <Badge tone={PAYMENT_TONES[p.status]}>{t(`detail.paymentStatus.${p.status}`)}</Badge>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

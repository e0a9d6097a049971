import { useTranslation } from 'react-i18next';
import { DateText, Money } from 'shared/ui';
import type { RepaymentDetail as Detail } from '../../features/types';
import type { RepayColors } from '../../features/statusColors';
import { StatusBadge } from './StatusBadge';

/** The top card: what is due, by when, and how late. */
export function DueSummary({ detail, colors }: { detail: Detail; colors?: RepayColors }) {
  const { t } = useTranslation('repay');
  const { order, amountDue } = detail;
  const overdue = order.figures.overdueDays;
  return (
    <section className="card repay-hero" aria-labelledby="repay-due-label">
      <div className="repay-hero__row">
        <p className="repay-hero__label" id="repay-due-label">
          {t('detail.amountDue')}
        </p>
        <StatusBadge status={order.status} daysToDue={order.daysToDue} colors={colors} />
      </div>
      <p className="repay-hero__amount" data-testid="repay-amount-due">
        <Money amount={amountDue} />
      </p>
      <div className="repay-hero__row">
        <span>
          {t('detail.dueDate')}: {order.dueDate ? <DateText value={order.dueDate} /> : '—'}
        </span>
        {overdue > 0 ? (
          <span className="repay-danger" data-testid="repay-overdue">
            {t('detail.overdueBy', { count: overdue })}
          </span>
        ) : null}
      </div>
    </section>
  );
}

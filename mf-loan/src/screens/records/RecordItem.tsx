/** One order in the records list: tapping it opens the screen of its status (4, 8, 9 do not navigate). */
import { useTranslation } from 'react-i18next';
import { go, screenForStatus, type OrderSummary } from 'shared';
import { DateText, Money, StatusBadge } from 'shared/ui';

export function RecordItem({ order: o }: { order: OrderSummary }) {
  const { t } = useTranslation('loan');
  const target = screenForStatus(o.status);
  const showDue = o.amountDue > 0 && (o.statusText === 'repaying' || o.statusText === 'overdue' || o.statusText === 'failed');
  const content = (
    <>
      <span className="loan-record__row">
        <strong>{o.productName}</strong>
        <StatusBadge text={o.statusText} label={t(`status.${o.statusText}`)} />
      </span>
      <span className="loan-record__row">
        <Money amount={o.amount} />
        <span className="loan-muted">
          {t('records.applied')} <DateText value={o.createdAt} />
        </span>
      </span>
      {showDue ? (
        <span className="loan-record__row">
          <span>
            {t('records.amountDue')} <Money amount={o.amountDue} />
          </span>
          {o.dueDate ? (
            <span className="loan-muted">
              {t('records.due')} <DateText value={o.dueDate} />
            </span>
          ) : null}
        </span>
      ) : null}
      <span className="loan-record__hint">{t(`hint.${o.statusText}`)}</span>
    </>
  );
  return (
    <li className="list__item" data-testid="record" data-order={o.orderNo} data-status={o.status}>
      {target ? (
        <button type="button" className="list__link loan-record" onClick={() => go(target.route, { ...target.query, orderNo: o.orderNo })}>
          {content}
        </button>
      ) : (
        <div className="list__link loan-record" style={{ cursor: 'default' }}>
          {content}
        </div>
      )}
    </li>
  );
}

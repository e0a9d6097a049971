/** The order's history of events and its repayment schedule (what borrowers of peer apps expect to see; the fee and tax it includes under a market profile that collects them with the repayment). */
import { useTranslation } from 'react-i18next';
import { type Order } from 'shared';
import { DateText, Money, SrLabel } from 'shared/ui';
import { useEventText } from './eventText';

export function OrderTimeline({ order }: { order: Order }) {
  const { t } = useTranslation('loan');
  const eventText = useEventText();
  return (
    <>
      {order.schedule.length > 0 ? (
        <section className="card" aria-labelledby="loan-schedule">
          <h2 id="loan-schedule">{t('history.schedule')}</h2>
          <ul className="loan-timeline" data-testid="schedule">
            {order.schedule.map((s) => (
              <li key={s.installment}>
                <span>
                  {t('history.installment', { n: s.installment })}
                  <span aria-hidden="true"> · </span>
                  <SrLabel>{t('history.rowDue')}</SrLabel>
                  <DateText value={s.dueDate} />
                </span>
                <span>
                  <SrLabel>{t('history.rowAmount')}</SrLabel>
                  <Money amount={s.total} />
                  <span aria-hidden="true"> · </span>
                  <SrLabel>{t('history.rowStatus')}</SrLabel>
                  {t(`history.scheduleStatus.${s.status}`)}
                </span>
                {s.charges ? (
                  <span data-testid="schedule-charges">
                    {t('history.scheduleCharges')} <Money amount={s.charges} />
                  </span>
                ) : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {order.history.length > 0 ? (
        <section className="card" aria-labelledby="loan-history">
          <h2 id="loan-history">{t('history.title')}</h2>
          <ol className="loan-timeline" data-testid="history">
            {order.history.map((e, i) => (
              <li key={i}>
                <span>{eventText(e)}</span>
                <span className="loan-muted">
                  <SrLabel>{t('history.rowAt')}</SrLabel>
                  <DateText value={e.at} withTime />
                </span>
              </li>
            ))}
          </ol>
        </section>
      ) : null}
    </>
  );
}

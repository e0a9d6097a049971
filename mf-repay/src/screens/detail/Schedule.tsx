import { useTranslation } from 'react-i18next';
import { DateText, Money } from 'shared';
import type { ScheduleItem } from '../../features/types';
import { installmentTone, type RepayColors } from '../../features/statusColors';
import { ToneBadge } from '../../features/ToneBadge';

/** The repayment schedule (one line per installment). */
export function Schedule({ items, colors }: { items: ScheduleItem[]; colors?: RepayColors }) {
  const { t } = useTranslation('repay');
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="repay-schedule">
      <h2 className="repay-section-title" id="repay-schedule">{t('detail.schedule')}</h2>
      <ul className="list" data-testid="repay-schedule">
        {items.map((s) => (
          <li key={s.installment} className="list__item repay-row">
            <div className="repay-row__main">
              <span>{t('detail.installment', { n: s.installment })}</span>
              <span className="repay-muted"><DateText value={s.dueDate} /></span>
            </div>
            <div className="repay-row__end">
              <strong><Money amount={s.total} /></strong>
              <ToneBadge
                tone={colors ? installmentTone(s.status, s.dueDate, Date.now(), colors) : null}
                colors={colors}
                fallbackClass={s.status === 'overdue' ? 'badge badge--danger' : s.status === 'paid' ? 'badge' : 'badge badge--warn'}
              >
                {t(`detail.scheduleStatus.${s.status}`)}
              </ToneBadge>
              {s.paid > 0 && s.status !== 'paid' ? <span className="repay-muted">{t('detail.paid')} <Money amount={s.paid} /></span> : null}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

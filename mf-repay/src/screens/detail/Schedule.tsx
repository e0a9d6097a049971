import { useTranslation } from 'react-i18next';
import { Badge, DateText, Ltr, Money, SrLabel, formatMoney, type BadgeTone } from 'shared/ui';
import type { ScheduleItem } from '../../features/types';
import { installmentTone, serverColour, type RepayColors } from '../../features/statusColors';

const INSTALLMENT_TONES: Record<ScheduleItem['status'], BadgeTone> = { pending: 'warn', paid: 'neutral', overdue: 'danger' };

/** The repayment schedule (one line per installment; the fee and tax it includes when collected with the repayment, market profile). */
export function Schedule({ items, colors }: { items: ScheduleItem[]; colors?: RepayColors }) {
  const { t } = useTranslation('repay');
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="repay-schedule">
      <h2 className="repay-section-title" id="repay-schedule">
        {t('detail.schedule')}
      </h2>
      <ul className="list" data-testid="repay-schedule">
        {items.map((s) => (
          <li key={s.installment} className="list__item repay-row">
            <div className="repay-row__main">
              <span>{t('detail.installment', { n: s.installment })}</span>
              <span className="repay-muted">
                <SrLabel>{t('detail.dueDate')}</SrLabel>
                <DateText value={s.dueDate} />
              </span>
            </div>
            <div className="repay-row__end">
              <strong>
                <SrLabel>{t('detail.rowAmount')}</SrLabel>
                <Money amount={s.total} />
              </strong>
              <Badge tone={INSTALLMENT_TONES[s.status]} server={colors ? serverColour(installmentTone(s.status, s.daysToDue, colors), colors) : undefined}>
                {t(`detail.scheduleStatus.${s.status}`)}
              </Badge>
              {s.charges ? (
                <span className="repay-muted" data-testid="repay-schedule-charges">
                  {t('detail.scheduleCharges')} <Money amount={s.charges} />
                </span>
              ) : null}
              {s.extensionFees ? (
                <span className="repay-muted" data-testid="repay-schedule-extension-fees">
                  {t('detail.scheduleExtensionFees')} <Money amount={s.extensionFees} />
                </span>
              ) : null}
              {s.reduction > 0 ? (
                <span className="repay-muted" data-testid="repay-schedule-reduction">
                  {t('detail.reduction')} <Ltr>− {formatMoney(s.reduction)}</Ltr>
                </span>
              ) : null}
              {s.paid > 0 && s.status !== 'paid' ? (
                <span className="repay-muted">
                  {t('detail.paid')} <Money amount={s.paid} />
                </span>
              ) : null}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

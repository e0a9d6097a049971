import { useTranslation } from 'react-i18next';
import { Ltr, useNow } from 'shared/ui';
import { isOpenAt, openingTime } from '../../features/serviceHours';

/** Working hours, 'except holidays', and whether the desk is open at this moment. */
export function ServiceHours({ hours }: { hours: string }) {
  const { t } = useTranslation('usercenter');
  const now = new Date(useNow());
  const open = isOpenAt(hours, now);
  const opens = openingTime(hours);
  return (
    <span className="uc-hours">
      <span>
        {t('service.everyDay')} <Ltr>{hours}</Ltr>
      </span>
      <span className="uc-contact__label">{t('service.exceptHolidays')}</span>
      {open === null ? null : (
        <span className={`badge ${open ? '' : 'badge--closed'}`} data-testid="service-open-state" data-open={open}>
          {open ? t('service.openNow') : t('service.closedNow')}
        </span>
      )}
      {open === false && opens ? <span className="uc-contact__label">{t('service.opensAt', { time: opens })}</span> : null}
    </span>
  );
}

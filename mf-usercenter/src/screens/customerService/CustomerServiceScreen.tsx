/** user_center/customer_services: how to reach the support desk, all from the server. */
import { useTranslation } from 'react-i18next';
import { endpoints, useRequest } from 'shared';
import { ErrorState, Ltr, Page, Skeleton } from 'shared/ui';
import { mailtoHref, telHref, whatsappHref } from '../../features/contactLinks';
import { ChatIcon, ClockIcon, MailIcon, PhoneIcon, PinIcon, ShieldIcon } from '../../features/icons';
import { ContactRow } from './ContactRow';
import { ServiceHours } from './ServiceHours';
import '../../usercenter.css';

export default function CustomerServiceScreen() {
  const { t } = useTranslation('usercenter');
  const { data, error, loading, reload } = useRequest(endpoints.customerService, {});

  let body: React.ReactNode;
  if (error) body = <ErrorState error={error} onRetry={reload} />;
  else if (loading || !data) body = <Skeleton lines={6} height={24} />;
  else {
    body = (
      <>
        <p className="uc-muted">{t('service.intro')}</p>
        <ul className="uc-contacts" data-testid="customer-service">
          <ContactRow
            testId="service-phone"
            icon={<PhoneIcon />}
            label={t('service.phone')}
            value={<Ltr>{data.phone}</Ltr>}
            action={{ href: telHref(data.phone), label: t('service.call'), testId: 'service-call' }}
          />
          <ContactRow
            testId="service-whatsapp"
            icon={<ChatIcon />}
            label={t('service.whatsapp')}
            value={<Ltr>{data.whatsapp}</Ltr>}
            action={{ href: whatsappHref(data.whatsapp), label: t('service.chat'), external: true, testId: 'service-chat' }}
          />
          <ContactRow
            testId="service-email"
            icon={<MailIcon />}
            label={t('service.email')}
            value={<Ltr>{data.email}</Ltr>}
            action={{ href: mailtoHref(data.email), label: t('service.write'), testId: 'service-write' }}
          />
          <ContactRow testId="service-hours" icon={<ClockIcon />} label={t('service.hours')} value={<ServiceHours hours={data.hours} />} />
          <ContactRow testId="service-address" icon={<PinIcon />} label={t('service.address')} value={data.address} />
        </ul>
        <p className="uc-note" role="note">
          <ShieldIcon />
          <span>{t('service.safety')}</span>
        </p>
      </>
    );
  }
  return <Page title={t('service.title')}>{body}</Page>;
}

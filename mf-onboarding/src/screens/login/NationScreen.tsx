/** user/nation: the country of the mobile number, from the country calls (/cou). */
import { useTranslation } from 'react-i18next';
import { endpoints, goBack, useRequest } from 'shared';
import { Button, EmptyState, ErrorState, Ltr, Page, Skeleton } from 'shared/ui';
import { readNation, saveNation } from './nation';
import '../../onboarding.css';

export default function NationScreen() {
  const { t } = useTranslation('onboarding');
  const code = useRequest(endpoints.countryCode, {});
  const ip = useRequest(endpoints.countryIp, {});
  const current = readNation();

  let body;
  if (code.loading) body = <Skeleton lines={3} />;
  else if (code.error) body = <ErrorState error={code.error} onRetry={code.reload} />;
  else if (!code.data) body = <EmptyState />;
  else {
    const c = code.data;
    const chosen = current.countryCode === c.countryCode;
    body = (
      <>
        <p className="ob-muted">{t('nation.intro')}</p>
        <div className="card" aria-current={chosen || undefined}>
          <h2>
            {c.name} <Ltr>({c.dialCode})</Ltr>
          </h2>
          {ip.data && ip.data.countryCode === c.countryCode ? <p className="ob-muted">{t('nation.detected')}</p> : null}
        </div>
        {ip.data && !ip.data.allowed ? (
          <p className="ob-notice" role="status">
            {t('nation.notAllowed')}
          </p>
        ) : null}
      </>
    );
  }
  return (
    <Page
      title={t('nation.title')}
      footer={
        code.data ? (
          <Button
            block
            onClick={() => {
              saveNation({ countryCode: code.data!.countryCode, name: code.data!.name, dialCode: code.data!.dialCode });
              goBack();
            }}
          >
            {t('nation.choose')}
          </Button>
        ) : undefined
      }
    >
      {body}
    </Page>
  );
}

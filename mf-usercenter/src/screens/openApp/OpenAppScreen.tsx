/** user_center/open_app: where to get the native app (from the server), or a note when already in it. */
import { useTranslation } from 'react-i18next';
import { bridge, endpoints, useRequest } from 'shared';
import { ErrorState, Ltr, Page, Skeleton } from 'shared/ui';
import '../../usercenter.css';

export default function OpenAppScreen() {
  const { t } = useTranslation('usercenter');
  const { data, error, loading, reload } = useRequest(endpoints.appDownloadAddress, {});

  let body: React.ReactNode;
  if (error) body = <ErrorState error={error} onRetry={reload} />;
  else if (loading || !data) body = <Skeleton lines={4} height={28} />;
  else {
    body = (
      <>
        <section className="card" data-testid="open-app">
          <p style={{ marginBlockStart: 0 }}>{t('openApp.intro')}</p>
          <p className="uc-muted">
            {t('openApp.latest')} <Ltr>{data.version}</Ltr>
          </p>
        </section>
        {bridge.inApp ? (
          <p className="uc-note" role="note">
            {t('openApp.inApp')}
          </p>
        ) : null}
        {bridge.inApp && data.forceUpdate ? (
          <p className="uc-note" role="alert">
            {t('openApp.update')}
          </p>
        ) : null}
        <div className="uc-actions">
          <a className="btn btn--primary btn--block" href={data.android} target="_blank" rel="noopener noreferrer" data-testid="open-app-android">
            {t('openApp.android')}
          </a>
          {data.ios ? (
            <a className="btn btn--secondary btn--block" href={data.ios} target="_blank" rel="noopener noreferrer" data-testid="open-app-ios">
              {t('openApp.ios')}
            </a>
          ) : (
            <p className="uc-muted" style={{ textAlign: 'center' }}>
              {t('openApp.iosNone')}
            </p>
          )}
        </div>
      </>
    );
  }
  return <Page title={t('openApp.title')}>{body}</Page>;
}

/** The app-wide "you are offline" notice: shown while the phone has no network, gone when it is back. */
import { useTranslation } from 'react-i18next';
import { useOnline } from '../runtime/online';

export function OfflineBanner() {
  const { t } = useTranslation('common');
  if (useOnline()) return null;
  return (
    <div className="offline" role="status" data-testid="offline">
      <strong>{t('offline.title')}</strong> {t('offline.body')}
    </div>
  );
}

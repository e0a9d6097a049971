/** auth/additionalInfomation: loads the saved work info, then the form. */
import { useTranslation } from 'react-i18next';
import { ErrorState, Page, Skeleton, endpoints, useRequest } from 'shared';
import { AdditionalForm } from './AdditionalForm';
import '../../onboarding.css';

export default function AdditionalScreen() {
  const { t } = useTranslation('onboarding');
  const profile = useRequest(endpoints.userProfile, {});
  if (profile.error) return <Page title={t('additional.title')}><ErrorState message={profile.error.message} onRetry={profile.reload} /></Page>;
  if (!profile.data) return <Page title={t('additional.title')}><Skeleton lines={8} height={44} /></Page>;
  return <AdditionalForm saved={profile.data.additionInfo ?? {}} />;
}

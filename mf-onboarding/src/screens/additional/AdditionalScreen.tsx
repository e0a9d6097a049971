/** auth/additionalInfomation: loads the saved work info and the states, then the form. */
import { useTranslation } from 'react-i18next';
import { ErrorState, Page, Skeleton, endpoints, useRequest } from 'shared';
import { AdditionalForm } from './AdditionalForm';
import '../../onboarding.css';

export default function AdditionalScreen() {
  const { t } = useTranslation('onboarding');
  const profile = useRequest(endpoints.userProfile, {});
  const states = useRequest(endpoints.states, {});
  const error = profile.error ?? states.error;
  if (error)
    return (
      <Page title={t('additional.title')}>
        <ErrorState
          error={error}
          onRetry={() => {
            profile.reload();
            states.reload();
          }}
        />
      </Page>
    );
  if (!profile.data || !states.data)
    return (
      <Page title={t('additional.title')}>
        <Skeleton lines={8} height={44} />
      </Page>
    );
  return <AdditionalForm saved={profile.data.additionInfo ?? {}} states={states.data.states} />;
}

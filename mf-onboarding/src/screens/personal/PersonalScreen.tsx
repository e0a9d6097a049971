/** auth/personal_infomation: loads the saved profile and the states, then the form. */
import { useTranslation } from 'react-i18next';
import { ErrorState, Page, Skeleton, endpoints, useRequest } from 'shared';
import { PersonalForm } from './PersonalForm';
import '../../onboarding.css';

export default function PersonalScreen() {
  const { t } = useTranslation('onboarding');
  const profile = useRequest(endpoints.userProfile, {});
  const states = useRequest(endpoints.states, {});
  const error = profile.error ?? states.error;
  if (error) {
    return (
      <Page title={t('personal.title')}>
        <ErrorState
          error={error}
          onRetry={() => {
            profile.reload();
            states.reload();
          }}
        />
      </Page>
    );
  }
  if (!profile.data || !states.data) {
    return (
      <Page title={t('personal.title')}>
        <Skeleton lines={8} height={44} />
      </Page>
    );
  }
  return <PersonalForm saved={profile.data.basicInfo ?? {}} states={states.data.states} />;
}

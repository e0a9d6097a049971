/** auth/personal_infomation: loads the saved profile and the states, then the form. */
import { useTranslation } from 'react-i18next';
import { WithProfileAndStates } from '../../features/WithProfileAndStates';
import { PersonalForm } from './PersonalForm';
import '../../onboarding.css';

export default function PersonalScreen() {
  const { t } = useTranslation('onboarding');
  return (
    <WithProfileAndStates title={t('personal.title')}>
      {(profile, states) => <PersonalForm saved={profile.basicInfo ?? {}} states={states} />}
    </WithProfileAndStates>
  );
}

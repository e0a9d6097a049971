/** auth/additionalInfomation: loads the saved work info and the states, then the form. */
import { useTranslation } from 'react-i18next';
import { WithProfileAndStates } from '../../features/WithProfileAndStates';
import { stepBack } from '../../features/stepBack';
import { AdditionalForm } from './AdditionalForm';
import '../../onboarding.css';

export default function AdditionalScreen() {
  const { t } = useTranslation('onboarding');
  return (
    <WithProfileAndStates title={t('additional.title')} back={stepBack('additionalInfomation')}>
      {(profile, states) => <AdditionalForm saved={profile.additionInfo ?? {}} states={states} />}
    </WithProfileAndStates>
  );
}

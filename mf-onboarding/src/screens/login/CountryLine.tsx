import { useTranslation } from 'react-i18next';
import { go } from 'shared';
import { Ltr } from 'shared/ui';
import { readNation } from './nation';

/** The country of the mobile number, with a way to change it (user/nation). */
export function CountryLine() {
  const { t } = useTranslation('onboarding');
  const n = readNation();
  return (
    <p className="ob-muted" style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 8 }}>
      <span>
        {t('login.country')}: {t(`login.countryNames.${n.countryCode}`, { defaultValue: n.name })} <Ltr>({n.dialCode})</Ltr>
      </span>
      <button type="button" className="link-button" onClick={() => go('nation')}>
        {t('login.change')}
      </button>
    </p>
  );
}

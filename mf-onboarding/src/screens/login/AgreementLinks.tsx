/** 'I agree to the Privacy Policy, Terms & Conditions and Data Policy', each a link by route name. */
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { go, type RouteName } from 'shared';

function PolicyLink({ route, label }: { route: RouteName; label: string }) {
  const open = (e: MouseEvent) => {
    // inside the checkbox's label: open the policy without ticking the box
    e.preventDefault();
    e.stopPropagation();
    go(route);
  };
  return (
    <button type="button" className="link-button" onClick={open}>
      {label}
    </button>
  );
}

export function AgreementLinks() {
  const { t } = useTranslation('onboarding');
  return (
    <span>
      {t('login.agreePrefix')} <PolicyLink route="privacyPolicy" label={t('login.privacyPolicy')} />
      {t('common:comma')} <PolicyLink route="termsCondition" label={t('login.termsCondition')} /> {t('login.and')}{' '}
      <PolicyLink route="dataPolicy" label={t('login.dataPolicy')} />
    </span>
  );
}

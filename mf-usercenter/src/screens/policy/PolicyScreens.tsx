/**
 * The policy-style routes: each a thin screen over PolicyDocument. One chunk holds them all
 * (they are small and share everything); routes.ts picks each export.
 */
import { useTranslation } from 'react-i18next';
import { PolicyDocument, type PolicyType } from './PolicyDocument';

function screen(type: PolicyType, titleKey: string) {
  function PolicyScreen() {
    const { t } = useTranslation('usercenter');
    return <PolicyDocument type={type} fallbackTitle={t(titleKey)} />;
  }
  PolicyScreen.displayName = `PolicyScreen(${type})`;
  return PolicyScreen;
}

export const PrivacyPolicyScreen = screen('privacy', 'menu.privacyPolicy');
export const TermsConditionScreen = screen('terms', 'menu.termsCondition');
export const DataPolicyScreen = screen('data', 'menu.dataPolicy');
export const PdPopScreen = screen('pdPop', 'policy.pdPop');
export const AboutUsScreen = screen('aboutUs', 'menu.aboutUs');
export const CustomerGuideScreen = screen('customerGuide', 'menu.customerGuide');

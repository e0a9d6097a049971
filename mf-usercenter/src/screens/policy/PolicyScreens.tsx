/**
 * The policy-style routes: each a thin screen over PolicyDocument. One chunk holds them all
 * (they are small and share everything); routes.ts picks each export.
 */
import { useTranslation } from 'react-i18next';
import { endpoints, useRequest } from 'shared';
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
/** about us: the document, and the licensed lender's full corporate name and licence where the market profile names one */
export function AboutUsScreen() {
  const { t } = useTranslation('usercenter');
  const lender = useRequest(endpoints.marketConfig, {}).data?.profile?.lender;
  return (
    <PolicyDocument type="aboutUs" fallbackTitle={t('menu.aboutUs')}>
      {lender ? (
        <section className="card uc-doc" data-testid="about-lender">
          <p>
            <strong>{t('about.lender')}:</strong> {lender.corporateName}
          </p>
          <p>
            <strong>{t('about.licence')}:</strong> {lender.licence}
          </p>
        </section>
      ) : null}
    </PolicyDocument>
  );
}
export const CustomerGuideScreen = screen('customerGuide', 'menu.customerGuide');

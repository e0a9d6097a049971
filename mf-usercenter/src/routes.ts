/** mf-usercenter's exposed module: its screens by route name (one lazy chunk each) and its strings. */
import { lazy } from 'react';
import { defineRemote } from 'shared';
import { en } from './i18n/en';
import { ur } from './i18n/ur';

// The policy-style screens share one small chunk.
const policy = (name: keyof typeof import('./screens/policy/PolicyScreens')) =>
  lazy(() => import('./screens/policy/PolicyScreens').then((m) => ({ default: m[name] })));

export default defineRemote({
  remote: 'mf_usercenter',
  namespace: 'usercenter',
  resources: { en, ur },
  screens: {
    me: lazy(() => import('./screens/me/MeScreen')),
    customerServices: lazy(() => import('./screens/customerService/CustomerServiceScreen')),
    settings: lazy(() => import('./screens/settings/SettingsScreen')),
    customerGuide: policy('CustomerGuideScreen'),
    aboutUs: policy('AboutUsScreen'),
    faq: lazy(() => import('./screens/faq/FaqScreen')),
    language: lazy(() => import('./screens/language/LanguageScreen')),
    openApp: lazy(() => import('./screens/openApp/OpenAppScreen')),
    provicy: policy('PrivacyPolicyScreen'),
    privacyPolicy: policy('PrivacyPolicyScreen'),
    dataPolicy: policy('DataPolicyScreen'),
    termsCondition: policy('TermsConditionScreen'),
    pdPop: policy('PdPopScreen'),
  },
});

/** mf-usercenter's exposed module: its screens by route name (one lazy chunk each) and its strings. */
import { defineRemote, lazyScreen } from 'shared';
import { routeTable } from './routeTable';
import { en } from './i18n/en';

// The policy-style screens share one small chunk.
const policy = (name: keyof typeof import('./screens/policy/PolicyScreens')) =>
  lazyScreen(() => import('./screens/policy/PolicyScreens').then((m) => ({ default: m[name] })));

export default defineRemote({
  table: routeTable,
  namespace: 'usercenter',
  // Urdu only when Urdu is chosen: its own chunk
  resources: { en, ur: () => import('./i18n/ur').then((m) => m.ur) },
  screens: {
    me: lazyScreen(() => import('./screens/me/MeScreen')),
    customerServices: lazyScreen(() => import('./screens/customerService/CustomerServiceScreen')),
    settings: lazyScreen(() => import('./screens/settings/SettingsScreen')),
    customerGuide: policy('CustomerGuideScreen'),
    aboutUs: policy('AboutUsScreen'),
    faq: lazyScreen(() => import('./screens/faq/FaqScreen')),
    language: lazyScreen(() => import('./screens/language/LanguageScreen')),
    openApp: lazyScreen(() => import('./screens/openApp/OpenAppScreen')),
    provicy: policy('PrivacyPolicyScreen'),
    privacyPolicy: policy('PrivacyPolicyScreen'),
    dataPolicy: policy('DataPolicyScreen'),
    termsCondition: policy('TermsConditionScreen'),
    pdPop: policy('PdPopScreen'),
    complaints: lazyScreen(() => import('./screens/complaints/ComplaintsScreen')),
    inbox: lazyScreen(() => import('./screens/inbox/InboxScreen')),
  },
});

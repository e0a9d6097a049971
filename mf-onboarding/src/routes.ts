/** mf-onboarding's exposed module: its screens by route name (one lazy chunk each) and its strings. */
import { defineRemote, lazyScreen } from 'shared';
import { routeTable } from './routeTable';
import { en } from './i18n/en';
import { withConsent } from './features/ConsentFirst';

export default defineRemote({
  table: routeTable,
  namespace: 'onboarding',
  // Urdu only when Urdu is chosen: its own chunk
  resources: { en, ur: () => import('./i18n/ur').then((m) => m.ur) },
  screens: {
    login: lazyScreen(() => import('./screens/login/LoginScreen')),
    register: lazyScreen(() => import('./screens/login/RegisterScreen')),
    nation: lazyScreen(() => import('./screens/login/NationScreen')),
    personalInfomation: lazyScreen(() => import('./screens/personal/PersonalScreen')),
    // the camera is used there: the device permissions are agreed first
    idCardAuthentication: lazyScreen(withConsent('idCardAuthentication', () => import('./screens/idcard/IdCardScreen'))),
    additionalInfomation: lazyScreen(() => import('./screens/additional/AdditionalScreen')),
    addBankCard: lazyScreen(() => import('./screens/bank/BankScreen')),
    backupAddBankCard: lazyScreen(() => import('./screens/bank/BackupBankCardScreen')),
    loanQuestion: lazyScreen(() => import('./screens/question/QuestionScreen')),
    reviewTips: lazyScreen(() => import('./screens/review/ReviewScreen')),
    devicePermissions: lazyScreen(() => import('./screens/permissions/PermissionsScreen')),
    validation: lazyScreen(() => import('./screens/validation/ValidationScreen')),
  },
});

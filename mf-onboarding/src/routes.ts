/** mf-onboarding's exposed module: its screens by route name (one lazy chunk each) and its strings. */
import { lazy } from 'react';
import { defineRemote } from 'shared';
import { en } from './i18n/en';
import { ur } from './i18n/ur';

export default defineRemote({
  remote: 'mf_onboarding',
  namespace: 'onboarding',
  resources: { en, ur },
  screens: {
    login: lazy(() => import('./screens/login/LoginScreen')),
    register: lazy(() => import('./screens/login/RegisterScreen')),
    nation: lazy(() => import('./screens/login/NationScreen')),
    personalInfomation: lazy(() => import('./screens/personal/PersonalScreen')),
    idCardAuthentication: lazy(() => import('./screens/idcard/IdCardScreen')),
    additionalInfomation: lazy(() => import('./screens/additional/AdditionalScreen')),
    addBankCard: lazy(() => import('./screens/bank/BankScreen')),
    backupAddBankCard: lazy(() => import('./screens/bank/BackupBankCardScreen')),
    loanQuestion: lazy(() => import('./screens/question/QuestionScreen')),
    reviewTips: lazy(() => import('./screens/review/ReviewScreen')),
    devicePermissions: lazy(() => import('./screens/permissions/PermissionsScreen')),
    validation: lazy(() => import('./screens/validation/ValidationScreen')),
  },
});

/** mf-onboarding's routes, published with each release (shared/src/routes/declare.ts). The first is its standalone page's first screen. */
import type { RouteTable } from 'shared';

export const routeTable = {
  remote: 'mf_onboarding',
  routes: [
    { name: 'login' },
    { name: 'register' },
    { name: 'nation' },
    { name: 'personalInfomation' },
    { name: 'idCardAuthentication' },
    { name: 'additionalInfomation' },
    { name: 'addBankCard' },
    { name: 'backupAddBankCard' },
    { name: 'loanQuestion' },
    { name: 'reviewTips' },
    { name: 'devicePermissions' },
    { name: 'validation' },
  ],
} as const satisfies RouteTable<'mf_onboarding'>;

/** mf-repay's exposed module: its screens by route name (one lazy chunk each) and its strings. */
import { lazy } from 'react';
import { defineRemote } from 'shared';
import { en } from './i18n/en';
import { ur } from './i18n/ur';

export default defineRemote({
  remote: 'mf_repay',
  namespace: 'repay',
  resources: { en, ur },
  screens: {
    repayDetail: lazy(() => import('./screens/detail/RepayDetailScreen')),
    cashier: lazy(() => import('./screens/cashier/CashierScreen')),
    repayBank: lazy(() => import('./screens/bank/RepayBankScreen')),
    exhibitionPeriodDetail: lazy(() => import('./screens/extension/ExtensionScreen')),
  },
});

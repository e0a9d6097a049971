/** mf-repay's exposed module: its screens by route name (one lazy chunk each) and its strings. */
import { defineRemote, lazyScreen } from 'shared';
import { routeTable } from './routeTable';
import { en } from './i18n/en';
import { ur } from './i18n/ur';

export default defineRemote({
  table: routeTable,
  namespace: 'repay',
  resources: { en, ur },
  screens: {
    repayDetail: lazyScreen(() => import('./screens/detail/RepayDetailScreen')),
    cashier: lazyScreen(() => import('./screens/cashier/CashierScreen')),
    repayBank: lazyScreen(() => import('./screens/bank/RepayBankScreen')),
    exhibitionPeriodDetail: lazyScreen(() => import('./screens/extension/ExtensionScreen')),
  },
});

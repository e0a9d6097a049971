/** mf-repay's exposed module: its screens by route name (one lazy chunk each) and its strings. */
import { defineRemote, lazyScreen } from 'shared';
import { routeTable } from './routeTable';
import { en } from './i18n/en';

export default defineRemote({
  table: routeTable,
  namespace: 'repay',
  // Urdu only when Urdu is chosen: its own chunk
  resources: { en, ur: () => import('./i18n/ur').then((m) => m.ur) },
  screens: {
    repayDetail: lazyScreen(() => import('./screens/detail/RepayDetailScreen')),
    cashier: lazyScreen(() => import('./screens/cashier/CashierScreen')),
    repayBank: lazyScreen(() => import('./screens/bank/RepayBankScreen')),
    exhibitionPeriodDetail: lazyScreen(() => import('./screens/extension/ExtensionScreen')),
  },
});

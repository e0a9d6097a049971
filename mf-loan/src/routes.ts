/** mf-loan's exposed module: its screens by route name (one lazy chunk each) and its strings. */
import { defineRemote, lazyScreen } from 'shared';
import { routeTable } from './routeTable';
import { en } from './i18n/en';

export default defineRemote({
  table: routeTable,
  namespace: 'loan',
  // Urdu only when Urdu is chosen: its own chunk
  resources: { en, ur: () => import('./i18n/ur').then((m) => m.ur) },
  screens: {
    home: lazyScreen(() => import('./screens/home/HomeScreen')),
    records: lazyScreen(() => import('./screens/records/RecordsScreen')),
    mortgageCalculator: lazyScreen(() => import('./screens/calculator/CalculatorScreen')),
    toBorrow: lazyScreen(() => import('./screens/borrow/ToBorrowScreen')),
    agreement: lazyScreen(() => import('./screens/borrow/AgreementScreen')),
    confirmBorrow: lazyScreen(() => import('./screens/borrow/ConfirmBorrowScreen')),
    lending: lazyScreen(() => import('./screens/borrow/LendingScreen')),
    yx1: lazyScreen(() => import('./screens/promo/Yx1Screen')),
    yx2: lazyScreen(() => import('./screens/promo/Yx2Screen')),
    yx2ConfirmBorrow: lazyScreen(() => import('./screens/promo/Yx2ConfirmBorrowScreen')),
    yx3: lazyScreen(() => import('./screens/promo/Yx3Screen')),
  },
});

/** mf-loan's exposed module: its screens by route name (one lazy chunk each) and its strings. */
import { lazy } from 'react';
import { defineRemote } from 'shared';
import { en } from './i18n/en';
import { ur } from './i18n/ur';

export default defineRemote({
  remote: 'mf_loan',
  namespace: 'loan',
  resources: { en, ur },
  screens: {
    home: lazy(() => import('./screens/home/HomeScreen')),
    records: lazy(() => import('./screens/records/RecordsScreen')),
    mortgageCalculator: lazy(() => import('./screens/calculator/CalculatorScreen')),
    toBorrow: lazy(() => import('./screens/borrow/ToBorrowScreen')),
    agreement: lazy(() => import('./screens/borrow/AgreementScreen')),
    confirmBorrow: lazy(() => import('./screens/borrow/ConfirmBorrowScreen')),
    lending: lazy(() => import('./screens/borrow/LendingScreen')),
    yx1: lazy(() => import('./screens/promo/Yx1Screen')),
    yx2: lazy(() => import('./screens/promo/Yx2Screen')),
    yx2ConfirmBorrow: lazy(() => import('./screens/promo/Yx2ConfirmBorrowScreen')),
    yx3: lazy(() => import('./screens/promo/Yx3Screen')),
  },
});

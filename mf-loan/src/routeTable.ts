/** mf-loan's routes, published with each release (shared/src/routes/declare.ts). The first is its standalone page's first screen. */
import type { RouteTable } from 'shared';

export const routeTable = {
  remote: 'mf_loan',
  routes: [
    { name: 'home', prefetch: ['marketIndex', 'lendingRecord'], next: ['login', 'toBorrow', 'records'] },
    { name: 'records', next: ['login', 'repayDetail'] },
    { name: 'mortgageCalculator' },
    { name: 'toBorrow' },
    { name: 'agreement' },
    { name: 'confirmBorrow' },
    { name: 'lending' },
    { name: 'yx1' },
    { name: 'yx2' },
    { name: 'yx2ConfirmBorrow' },
    { name: 'yx3' },
  ],
} as const satisfies RouteTable<'mf_loan'>;

/**
 * mf-repay's routes, published with each release (shared/src/routes/declare.ts). The first is its standalone page's first screen.
 * Its screens show a loan being repaid: the release's smoke load opens each as a borrower repaying one (`smokeAs`).
 */
import type { RouteTable } from 'shared';

export const routeTable = {
  remote: 'mf_repay',
  routes: [
    { name: 'repayDetail', smokeAs: 'repaying30Days' },
    { name: 'cashier', smokeAs: 'repaying30Days' },
    { name: 'repayBank', smokeAs: 'repaying30Days' },
    { name: 'exhibitionPeriodDetail', smokeAs: 'repaying30Days' },
  ],
} as const satisfies RouteTable<'mf_repay'>;

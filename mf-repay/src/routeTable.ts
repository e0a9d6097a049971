/** mf-repay's routes, published with each release (shared/src/routes/declare.ts). The first is its standalone page's first screen. */
import type { RouteTable } from 'shared';

export const routeTable = {
  remote: 'mf_repay',
  routes: [{ name: 'repayDetail' }, { name: 'cashier' }, { name: 'repayBank' }, { name: 'exhibitionPeriodDetail' }],
} as const satisfies RouteTable<'mf_repay'>;

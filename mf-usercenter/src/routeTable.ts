/** mf-usercenter's routes, published with each release (shared/src/routes/declare.ts). The first is its standalone page's first screen. */
import type { RouteTable } from 'shared';

export const routeTable = {
  remote: 'mf_usercenter',
  routes: [
    { name: 'me', next: ['login', 'faq', 'settings'] },
    { name: 'customerServices' },
    { name: 'settings' },
    { name: 'customerGuide' },
    { name: 'aboutUs' },
    { name: 'faq' },
    { name: 'language' },
    { name: 'openApp' },
    { name: 'provicy' },
    { name: 'privacyPolicy' },
    { name: 'dataPolicy' },
    { name: 'termsCondition' },
    { name: 'pdPop' },
  ],
} as const satisfies RouteTable<'mf_usercenter'>;

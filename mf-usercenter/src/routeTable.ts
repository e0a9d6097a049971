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
    // market profile (issue 29): the complaint tickets, where the profile runs a grievance process
    { name: 'complaints', path: '/user/complaints', guarded: true },
    // issue 41: the borrower's notices and reminders
    { name: 'inbox', path: '/user/inbox', guarded: true },
  ],
} as const satisfies RouteTable<'mf_usercenter'>;

declare module 'shared/routes' {
  interface RemoteRouteNames {
    complaints: true;
    inbox: true;
  }
}

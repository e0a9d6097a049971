/** mf-usercenter's exposed module: its screens by route name (one lazy chunk each) and its strings. */
import { lazy } from 'react';
import { defineRemote } from 'shared';
import { en } from './i18n/en';
import { ur } from './i18n/ur';

export default defineRemote({
  remote: 'mf_usercenter',
  namespace: 'usercenter',
  resources: { en, ur },
  screens: {
    customerServices: lazy(() => import('./screens/customerService/CustomerServiceScreen')),
  },
});

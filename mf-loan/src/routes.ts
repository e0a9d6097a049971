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
  },
});

import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRemoteConfigs } from '../rspack.config.base';
import { routeTable } from './src/routeTable';

const root = path.dirname(fileURLToPath(import.meta.url));
export default createRemoteConfigs({
  dir: 'mf-onboarding',
  root,
  exposes: { './routes': './src/routes.ts' },
  routeTable,
  // the shared modules its code imports (its parts' own copies too): singletons from the host, parts of shared by range (rspack.config.base.ts)
  shares: [
    'react',
    'react/jsx-runtime',
    'react-i18next',
    'shared',
    'shared/ui',
    'shared/schemas',
    'shared/forms',
    'shared/options',
    'zod',
    'react-hook-form',
    '@hookform/resolvers/zod',
  ],
});

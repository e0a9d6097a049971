import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRemoteConfigs } from '../rspack.config.base';
import { routeTable } from './src/routeTable';

const root = path.dirname(fileURLToPath(import.meta.url));
export default createRemoteConfigs({
  dir: 'mf-repay',
  root,
  exposes: { './routes': './src/routes.ts' },
  routeTable,
  // the shared singletons its code imports: all come from the host (rspack.config.base.ts)
  shares: ['react', 'react/jsx-runtime', 'react-i18next', 'shared', 'shared/schemas', 'shared/forms', 'react-hook-form'],
});

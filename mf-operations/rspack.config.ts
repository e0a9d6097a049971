import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRemoteConfigs } from '../rspack.config.base';
import { routeTable } from './src/routeTable';

const root = path.dirname(fileURLToPath(import.meta.url));
// A remote like the others (its container exposes ./routes, its release publishes the table), but staff open its own page,
// the console, on its own origin: no borrower's host loads the container (docs/decisions.md).
export default createRemoteConfigs({
  dir: 'mf-operations',
  root,
  exposes: { './routes': './src/routes.ts' },
  routeTable,
  pageTitle: 'Operations console',
  // the shared modules its code imports: the console's page bundles its own copies (no host provides them)
  shares: ['react', 'react/jsx-runtime', 'react-dom', 'react-dom/client', 'i18next', 'react-i18next', 'shared/format', 'shared/options', 'shared/staff'],
});

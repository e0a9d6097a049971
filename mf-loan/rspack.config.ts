import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createAppConfig } from '../rspack.config.base';

const root = path.dirname(fileURLToPath(import.meta.url));
export default createAppConfig({ dir: 'mf-loan', root, exposes: { './routes': './src/routes.ts' } });

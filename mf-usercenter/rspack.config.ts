import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRemoteConfigs } from '../rspack.config.base';

const root = path.dirname(fileURLToPath(import.meta.url));
export default createRemoteConfigs({ dir: 'mf-usercenter', root, exposes: { './routes': './src/routes.ts' } });

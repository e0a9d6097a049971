/**
 * `npm run prerender`: renders the entry pages from the running host (after a change of the
 * public configuration: products, limits), once, or every `--every` seconds (a small service,
 * keeping them under the bound of pages.mjs). `--host URL`: another host (default this shell's).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { APPS, RELEASES_DIR, originOf } from '../../../apps.config.mjs';
import { hostPublished } from '../core/store';
import { republishPages } from '../prerender/publish';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const { values: opts } = parseArgs({ options: { host: { type: 'string' }, every: { type: 'string' } } });
const hostOrigin = opts.host ?? originOf(APPS.find((a) => a.name === 'host'));
const publishedDir = hostPublished(path.resolve(root, RELEASES_DIR));
const every = opts.every === undefined ? 0 : Number(opts.every);
if (!(every >= 0)) {
  console.error(`--every takes seconds, not ${opts.every}`);
  process.exit(1);
}

const ok = await republishPages({ hostOrigin, publishedDir });
if (!every) process.exit(ok ? 0 : 1);
setInterval(() => void republishPages({ hostOrigin, publishedDir, log: (m) => console.log(`${new Date().toISOString()} ${m}`) }), every * 1000);

/**
 * `npm run prerender`: renders the entry pages from the running host (after a change of the
 * public configuration: products, limits), once, or every `--every` seconds (a small service,
 * keeping them under the bound of core/pages.ts). `--host URL`: another host (default this shell's).
 * `--after-switch`: as the release commands start it behind a switch, tried again while a render fails
 * (prerender/publish.ts renderAfterSwitch), each line with its time.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { APPS, RELEASES_DIR, originOf } from '../../../apps.config.mjs';
import { hostPublished } from '../core/store';
import { renderAfterSwitch, republishPages } from '../prerender/publish';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const { values: opts } = parseArgs({ options: { host: { type: 'string' }, every: { type: 'string' }, 'after-switch': { type: 'boolean' } } });
const hostOrigin = opts.host ?? originOf(APPS.find((a) => a.name === 'host'));
const publishedDir = hostPublished(path.resolve(root, RELEASES_DIR));
const every = opts.every === undefined ? 0 : Number(opts.every);
if (!(every >= 0)) {
  console.error(`--every takes seconds, not ${opts.every}`);
  process.exit(1);
}

const stamped = (m: string) => console.log(`${new Date().toISOString()} ${m}`);
if (opts['after-switch']) {
  stamped(`rendering the entry pages after a switch (pid ${process.pid})`);
  const done = await renderAfterSwitch({ publishedDir, render: () => republishPages({ hostOrigin, publishedDir, log: stamped }), log: stamped });
  process.exit(done ? 0 : 1);
}
const ok = await republishPages({ hostOrigin, publishedDir });
if (!every) process.exit(ok ? 0 : 1);
setInterval(() => void republishPages({ hostOrigin, publishedDir, log: stamped }), every * 1000);

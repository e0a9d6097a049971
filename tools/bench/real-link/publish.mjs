/**
 * The real-link benchmark's release step (bench.mjs runs it in the server's namespace, beside the API): every remote's
 * production build released into RELEASES_DIR as a squad's release does it (platform/src/stack/front-ends.ts
 * releaseBuilds, the same checks against the API's contract), each served from its https origin. The host's page and
 * remotes.json it publishes name those origins.
 *   RELEASES_DIR=<dir> node --import tsx tools/bench/real-link/publish.mjs --api http://127.0.0.1:4000 --origins '{"mf-loan":"https://…"}'
 */
import { parseArgs } from 'node:util';
import { localFrontEnds, releaseBuilds } from '../../../platform/src/stack/front-ends.ts';

const { values: o } = parseArgs({ options: { api: { type: 'string' }, origins: { type: 'string' } } });
const origins = JSON.parse(o.origins);
// the borrower's front end only: the staff console is served by none of the proxy's origins
await releaseBuilds(
  { ...localFrontEnds(o.api), staffApps: [] },
  {
    origin: (app) => {
      if (!origins[app.dir]) throw new Error(`no origin for ${app.dir}`);
      return origins[app.dir];
    },
  },
);

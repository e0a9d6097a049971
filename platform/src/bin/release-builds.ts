/**
 * Releases every app's production build in its dist/ into RELEASES_DIR, as the start does (stack/front-ends.ts
 * releaseBuilds: the fit checks against the API's contract, each squad's development key), each served where this
 * shell's originOf says (PUBLIC_ORIGIN: by path under it, docs/deploy/README.md) or at the origins given. The host's
 * page and remotes.json it publishes name them. For a deployment's rehearsal: the e2e suite's one-origin spec, the
 * real-link benchmark.
 *   RELEASES_DIR=<dir> node --import tsx platform/src/bin/release-builds.ts --api http://127.0.0.1:4000 [--origins '{"mf-loan":"https://…"}']
 */
import { parseArgs } from 'node:util';
import { localFrontEnds, releaseBuilds } from '../stack/front-ends';
import { originOf } from '../../../apps.config.mjs';

const { values: o } = parseArgs({ options: { api: { type: 'string' }, origins: { type: 'string' } } });
if (!o.api) throw new Error('--api <the API origin the fit checks ask for its contract>');
const origins: Record<string, string> | undefined = o.origins ? JSON.parse(o.origins) : undefined;
// the borrower's front end only: the staff console has an origin of its own, which no rehearsal of the host serves
await releaseBuilds(
  { ...localFrontEnds(o.api), staffApps: [] },
  {
    origin: (app) => {
      if (!origins) return originOf(app);
      if (!origins[app.dir]) throw new Error(`no origin for ${app.dir}`);
      return origins[app.dir];
    },
  },
);

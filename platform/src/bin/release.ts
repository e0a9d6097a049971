/**
 * A squad's release commands, run from its remote's folder (npm run <command> -w mf-repay):
 *   release [--from DIR]   publish DIR (default: its own checks, typecheck, lint and tests, then a fresh build of its
 *                          own) as a new version, smoke-load it in the composed app, and make it current
 *                          (--unverified: no smoke load, so never fallen back to)
 *   release --canary N     the same, but served to N% of devices only (the same devices each time)
 *   release --promote-from DIR   production: the version current in the staging environment whose releases folder is
 *                          DIR (its registry: PROMOTE_FROM_DB_URL), its folder and signature as they are, through this
 *                          environment's fit checks and smoke load (release/promote.ts); with RELEASES_PROMOTED_ONLY=1 the
 *                          only release this environment takes
 *   promote | abort        end the canary: current for every device, or for none
 *   rollback [VERSION]     make the last good (or the named) version current again
 *   pin [VERSION]          the link that pins a QA build's device to a version (default: the canary)
 *   list                   the versions, the current one marked, and every switch with who and why
 *   sync                   (for all remotes) write the files derived from the registry again: the pointers' copies,
 *                          remotes.json, the host page and its hashes (a runner's bucket copy after another's switch)
 * A release is signed with the squad's key: --key FILE or RELEASE_KEY (default, anywhere but a deployment: the squad's
 * development key in .release-keys/; core/signing.ts); the registry refuses one signed by any other key.
 * Every switch is logged with --by NAME (default: git's user.name, else the login name) and --note TEXT.
 *   watch [--every SECONDS] (for all remotes) demote each current release borrowers' phones report falling back
 *                          from (demote-watch.mjs; the API's counts with OPS_TOKEN), once or every SECONDS
 * Checked against the running host (--host URL, default the local host) and API (--api URL).
 * --origin URL: where the remote's releases are served (default: the port variables').
 * RELEASES_DIR: where releases live (default ./releases). RELEASES_DB_URL: the registry of pointers in PostgreSQL, shared by
 * every CI runner (core/registry.ts); unset, the releases folder is the registry (one machine). Exit code 2: refused, nothing changed.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { APPS, API_PORT, DIST_DIR, RELEASES_DIR, appByDir, originOf } from '../../../apps.config.mjs';
import { buildForRelease } from '../release/build';
import { SMOKE, smokeLoad, smokeLoadStaff, type Candidate } from '../release/smoke';
import { SOURCE_CHECKS, sourceProblem } from '../release/source-checks';
import type { MfManifest } from '../core/host-page';
import { fetchJson, SPEC_ROUTES_FILE, type SpecRoutesFile } from '../core/published';
import type { Contract } from '../release/checks';
import { describe, endCanaryRelease, rebuild, Refused, release, rollback } from '../release/release';
import { pinLink } from '../release/pin';
import { remoteDir } from '../core/store';
import { openRegistry, pointerOf } from '../core/registry';
import { signBuild, signingKey } from '../core/signing';
import { runWatch } from '../release/demote-watch';
import { promotionFrom } from '../release/promote';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../..');
const { values: opts, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    remote: { type: 'string' },
    from: { type: 'string' },
    host: { type: 'string' },
    api: { type: 'string' },
    unverified: { type: 'boolean' },
    origin: { type: 'string' },
    canary: { type: 'string' },
    by: { type: 'string' },
    note: { type: 'string' },
    every: { type: 'string' },
    key: { type: 'string' },
    'promote-from': { type: 'string' },
  },
});
const [command, version] = positionals;
const app = appByDir(opts.remote ?? process.env.npm_package_name ?? '');
const hostApp = APPS.find((a) => a.name === 'host')!;
const hostDist = path.join(root, hostApp.dir, DIST_DIR);
const releasesDir = path.resolve(root, RELEASES_DIR);
const apiOrigin = opts.api ?? `http://127.0.0.1:${API_PORT}`;
const hostOrigin = opts.host ?? originOf(hostApp);
/** who switches: as asked, else git's user name, else the login name */
const by = opts.by ?? (spawnSync('git', ['config', 'user.name'], { encoding: 'utf8' }).stdout?.trim() || os.userInfo().username);
const switchBy = { by, ...(opts.note ? { note: opts.note } : {}), ...(opts.origin ? { origin: opts.origin } : {}) };
/** short when under the current folder */
const rel = (p: string) => (path.relative(process.cwd(), p).startsWith('..') ? p : path.relative(process.cwd(), p) || '.');

/**
 * The entry pages rendered again from the composition just published (platform/src/prerender/), behind this command:
 * the switch withdrew them (their addresses serve the host's new page meanwhile), a process of its own renders them,
 * tried again while a render fails (bin/prerender.ts --after-switch), its lines in a log beside the releases. A staff
 * app changes none.
 */
const rerender = () => {
  if (app?.staff || process.env.PRERENDER === '0') return;
  const log = path.join(releasesDir, '.logs', 'entry-pages.log');
  fs.mkdirSync(path.dirname(log), { recursive: true });
  const out = fs.openSync(log, 'a');
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'platform/src/bin/prerender.ts'), '--after-switch', '--host', hostOrigin], {
    cwd: root,
    env: { ...process.env, RELEASES_DIR: releasesDir },
    detached: true,
    stdio: ['ignore', out, out],
  });
  child.unref();
  console.log(`entry pages: rendered again behind this command (pid ${child.pid}; until then their addresses serve the host's page), log: ${rel(log)}`);
};
/** a version to try before everyone: pinned in the host for a composed remote, its own address for a staff app */
const qaLink = (id: string) => (app!.staff ? `${opts.origin ?? originOf(app!)}/${id}/` : pinLink(hostOrigin, app!, id));

/** the version current in the environment whose releases folder is `dir` (its registry: PROMOTE_FROM_DB_URL) */
async function promoted(dir: string, a: NonNullable<typeof app>) {
  const source = path.resolve(dir);
  const registry = openRegistry(source, APPS, { RELEASES_DB_URL: process.env.PROMOTE_FROM_DB_URL });
  try {
    const p = await promotionFrom({ releasesDir: source, registry }, a);
    console.log(`${a.dir}: promoting ${p.id} from ${p.promotedFrom}`);
    return p;
  } finally {
    await registry.close();
  }
}

async function main() {
  /** `app`'s pointer as the registry has it */
  const stored = async (a: NonNullable<typeof app>) => {
    const registry = openRegistry(releasesDir, APPS);
    try {
      return pointerOf(await registry.read(), a);
    } finally {
      await registry.close();
    }
  };
  if (command === 'sync') {
    const registry = openRegistry(releasesDir, APPS);
    try {
      const { revision } = await rebuild({ apps: APPS, releasesDir, hostDist, registry });
      console.log(`${rel(releasesDir)}: written again from ${registry.where} (revision ${revision.slice(0, 12)})`);
    } finally {
      await registry.close();
    }
    return rerender();
  }
  if (command === 'watch')
    return (process.exitCode = await runWatch({ apps: APPS, releasesDir, hostDist, api: apiOrigin, every: opts.every, afterDemotion: async () => rerender() }));
  if (!app || app.name === 'host') throw new Error('run it for a remote: npm run <command> -w mf-repay (or --remote mf-repay)');
  const dir = remoteDir(releasesDir, app);
  if (command === 'list') {
    console.log(`${app.dir} releases in ${rel(dir)}:\n${describe(await stored(app))}`);
  } else if (command === 'release') {
    const promotion = opts['promote-from'] ? await promoted(opts['promote-from'], app) : undefined;
    if (!opts.from && !promotion) {
      console.log(`${app.dir}: its own checks (${SOURCE_CHECKS.join(', ')} at once)`);
      const problem = await sourceProblem({ root, dir: app.dir, releasesDir });
      if (problem) throw new Refused(problem);
    }
    const from = promotion?.from ?? path.resolve(opts.from ?? (await buildForRelease(app)));
    // signed here, with the squad's key (a promotion keeps staging's signature): the registry (release()) checks it is
    // the key of the squad owning the remote
    const signed = promotion?.signed ?? signBuild(from, app.name, signingKey(app.name, opts.key));
    // a staff app meets no host: only the API
    const [hostManifest, spec, contract] = await Promise.all([
      app.staff ? undefined : fetchJson<MfManifest>(`${hostOrigin}/mf-manifest.json`, 'the host'),
      app.staff ? undefined : fetchJson<SpecRoutesFile>(`${hostOrigin}/${SPEC_ROUTES_FILE}`, "the host's route table"),
      fetchJson<Contract>(`${apiOrigin}/contract`, 'the API'),
    ]);
    const verify = async (candidate: Candidate) => {
      const t0 = Date.now();
      const problems = app.staff
        ? await smokeLoadStaff({ page: new URL('index.html', candidate.entry).href, candidate })
        : await smokeLoad({ hostOrigin, api: apiOrigin, remote: app.name, candidate });
      const took = `${((Date.now() - t0) / 1000).toFixed(1)} s`;
      const where = app.staff ? 'on its own page' : `in the composed app, each held ${SMOKE.holdMs / 1000} s,`;
      if (!problems.length)
        console.log(`${app.dir} ${candidate.version}: smoke load of ${candidate.routes.length} routes ${where} in English and Urdu: ok in ${took}`);
      return problems;
    };
    /** who gets it: the staff on the console's origin, or the borrowers through the host */
    const audience = app.staff
      ? `staff get it on their next page load (${originOf(app)}/)`
      : `borrowers get it on their next page load (${hostOrigin}/remotes.json)`;
    const r = await release({
      app,
      apps: APPS,
      from,
      releasesDir,
      hostDist,
      hostManifest,
      spec,
      contract,
      apiOrigin,
      ...(opts.unverified ? { verified: false } : { verify }),
      ...(opts.canary ? { canary: Number(opts.canary) } : {}),
      signed,
      promotedFrom: promotion?.promotedFrom,
      promotedOnly: process.env.RELEASES_PROMOTED_ONLY === '1',
      ...switchBy,
    });
    console.log(r.published ? `${app.dir} ${r.id} published in ${rel(path.join(dir, r.id))}` : `${app.dir} ${r.id} was already published (the same build)`);
    if (r.pointer.canary) {
      console.log(`${app.dir}: ${r.id} is the canary on ${r.pointer.canary.share}% of devices; ${r.pointer.current} stays current for the rest`);
      console.log(`those devices get it on their next page load; \`npm run promote\` or \`npm run abort\` ends it (QA: ${qaLink(r.id)})`);
    } else {
      console.log(
        r.before === r.id
          ? `${app.dir}: ${r.id} is already current`
          : `${app.dir}: ${r.before ?? 'nothing'} -> ${r.id} (current); last good: ${r.pointer.lastGood ?? 'none'}`,
      );
      console.log(audience);
    }
    if (r.before !== r.pointer.current) rerender();
  } else if (command === 'rollback') {
    const r = await rollback({ app, apps: APPS, to: version, releasesDir, hostDist, ...switchBy });
    console.log(`${app.dir}: ${r.before} -> ${r.pointer.current} (current); last good: ${r.pointer.lastGood ?? 'none'}`);
    rerender();
  } else if (command === 'promote' || command === 'abort') {
    const r = await endCanaryRelease({ app, apps: APPS, how: command, releasesDir, hostDist, ...switchBy });
    console.log(
      command === 'promote'
        ? `${app.dir}: canary ${r.canary.id} promoted: ${r.before} -> ${r.pointer.current} (current for every device); last good: ${r.pointer.lastGood ?? 'none'}`
        : `${app.dir}: canary ${r.canary.id} aborted: every device on ${r.pointer.current}`,
    );
    if (command === 'promote') rerender();
  } else if (command === 'pin') {
    const pointer = await stored(app);
    const id = version ?? pointer.canary?.id;
    if (!id || !pointer.versions.some((v) => v.id === id))
      throw new Refused(`${app.dir} has no version ${id ?? '(none named, no canary)'}; \`npm run releases\` lists them`);
    if (app.staff) console.log(`a staff app's every version has its own address:\n  ${qaLink(id)}`);
    else console.log(`open on the QA device (a QA build: NATIVE_SIM=1):\n  ${pinLink(hostOrigin, app, id)}\nunpin: ${pinLink(hostOrigin, app, '')}`);
  } else {
    throw new Error(`unknown command ${command ?? ''}: release [--canary N], promote, abort, rollback [version], pin [version], list, sync or watch`);
  }
}

main().catch((e) => {
  console.error(e instanceof Refused ? `release refused: ${e.message}` : e.message);
  process.exit(e instanceof Refused ? 2 : 1);
});

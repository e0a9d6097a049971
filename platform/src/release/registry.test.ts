/**
 * The release registry in PostgreSQL (core/registry.ts): two CI runners, each from its own checkout, releasing into
 * one bucket at once. Needs a PostgreSQL: the `release` stage runs under scripts/with-postgres.sh (DATABASE_URL).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openRegistry, pointerOf, type Registry } from '../core/registry';
import { readPointer } from '../core/store';
import { buildIn, hostDistIn, RACE_APPS, raceRelease, signedBy } from './race-runner';
import { Refused, rebuild, release, rollback } from './release';

const url = process.env.DATABASE_URL;
const runner = path.join(path.dirname(new URL(import.meta.url).pathname), 'race-runner.ts');

/** a database of its own for one test, on the PostgreSQL of DATABASE_URL */
async function freshDb(name: string) {
  assert.ok(url, 'DATABASE_URL is not set: run the release stage under scripts/with-postgres.sh (node scripts/test.mjs release)');
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`drop database if exists ${name}`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.href;
}

const run = (args: string[], env: NodeJS.ProcessEnv) =>
  new Promise<{ code: number | null; out: string; err: string }>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', runner, ...args], { env: { ...process.env, ...env } });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    child.on('close', (code) => resolve({ code, out, err }));
  });

/** a bucket of its own in a fresh folder, a host build beside it, and its registry on a database of its own (`env` names it) */
async function freshBucket(name: string) {
  const env = { RELEASES_DB_URL: await freshDb(`release_registry_${name}`) };
  const root = fs.mkdtempSync(path.join(os.tmpdir(), `lm-${name}-`));
  const bucket = path.join(root, 'bucket');
  return { root, bucket, env, hostDist: hostDistIn(root), registry: openRegistry(bucket, RACE_APPS, env) };
}

/** every file under `dir` but the version folders, by path, with its hash: what a switch derives */
function derived(dir: string) {
  const files: Record<string, string> = {};
  const walk = (d: string): void =>
    fs.readdirSync(d, { withFileTypes: true }).forEach((e) => {
      const p = path.join(d, e.name);
      if (e.isDirectory()) return /^\d+\.\d+\.\d+-[0-9a-f]{7}$/.test(e.name) || e.name.startsWith('.') ? undefined : walk(p);
      if (!e.name.startsWith('.')) files[path.relative(dir, p)] = crypto.createHash('sha256').update(fs.readFileSync(p)).digest('hex');
    });
  walk(dir);
  return files;
}

test('two runners from two checkouts release at once against one registry: every switch logged, one current version that exists, derived files that match it', async () => {
  const { root, bucket, env, hostDist, registry } = await freshBucket('race');
  const start = path.join(root, 'start');
  const [a, b] = ['runner-a', 'runner-b'].map((c) => fs.mkdirSync(path.join(root, c), { recursive: true }) ?? path.join(root, c));
  const runs = [
    run([a, bucket, hostDist, start, 'mf-repay', 'mf-repay', 'mf-repay', 'mf-repay'], env),
    run([b, bucket, hostDist, start, 'mf-repay', 'mf-repay', 'mf-loan', 'mf-repay'], env),
  ];
  // both ready (their modules loaded), then both at once
  while (![a, b].every((c) => fs.existsSync(`${start}.${path.basename(c)}`))) await new Promise((r) => setTimeout(r, 20));
  fs.writeFileSync(start, '');
  const results = await Promise.all(runs);
  for (const r of results) assert.equal(r.code, 0, r.err);
  const released = results.flatMap((r) =>
    r.out
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as { remote: string; id: string }),
  );
  assert.equal(released.length, 8);
  const lost = results.reduce((n, r) => n + (r.out + r.err).split('reading it again').length - 1, 0);
  console.log(`switches that lost the race and were decided again: ${lost}`);

  try {
    const state = await registry.read();
    const repay = pointerOf(state, RACE_APPS[2]);
    const loan = pointerOf(state, RACE_APPS[1]);
    // the log has every release of both runners, each switching from the one current before it
    const log = repay.log!.filter((e) => e.action === 'release');
    assert.deepEqual(
      log.map((e) => e.version).sort(),
      released
        .filter((r) => r.remote === 'mf_repay')
        .map((r) => r.id)
        .sort(),
    );
    assert.deepEqual(
      log.slice(1).map((e) => e.from),
      log.slice(0, -1).map((e) => e.version),
      'each switch is from the version current before it',
    );
    assert.deepEqual(new Set(log.map((e) => e.by)), new Set(['runner-a', 'runner-b']));
    assert.equal(repay.current, log.at(-1)!.version);
    assert.equal(repay.versions.length, 7);
    assert.equal(loan.current, released.find((r) => r.remote === 'mf_loan')!.id);
    for (const p of [repay, loan])
      assert.ok(fs.existsSync(path.join(bucket, p.remote === 'mf_repay' ? 'mf-repay' : 'mf-loan', p.current!, 'mf-manifest.json')));
    // the bucket's derived files are those of the registry: its pointers' copies, remotes.json
    assert.deepEqual(readPointer(path.join(bucket, 'mf-repay'), 'mf_repay'), repay);
    assert.deepEqual(readPointer(path.join(bucket, 'mf-loan'), 'mf_loan'), loan);
    const remotes = JSON.parse(fs.readFileSync(path.join(bucket, 'host/remotes.json'), 'utf8'));
    assert.deepEqual([remotes.mf_repay.version, remotes.mf_loan.version, remotes.mf_repay.lastGood.version], [repay.current, loan.current, repay.lastGood]);
    // rebuilt again here and on another machine (a copy of the versions only): the same files
    const files = derived(bucket);
    await rebuild({ apps: RACE_APPS, releasesDir: bucket, hostDist, registry });
    assert.deepEqual(derived(bucket), files, 'a rebuild of the same registry changes nothing');
    const other = path.join(root, 'other-machine');
    for (const remote of ['mf-repay', 'mf-loan'])
      for (const v of fs.readdirSync(path.join(bucket, remote)).filter((f) => /^\d/.test(f) && !f.endsWith('.tmp')))
        fs.cpSync(path.join(bucket, remote, v), path.join(other, remote, v), { recursive: true });
    await rebuild({ apps: RACE_APPS, releasesDir: other, hostDist, registry });
    assert.deepEqual(derived(other), files, "another machine's rebuild gives the same files");
  } finally {
    await registry.close();
  }
});

test('a switch that lost the race is decided again: a rollback still valid lands; a release once a canary started is refused, naming it', async () => {
  const { root, bucket, hostDist, registry: inner } = await freshBucket('retry');
  const app = RACE_APPS[2];
  /** the registry as another runner moves it: `between` runs once, after this switch read and before it commits */
  let between: (() => Promise<unknown>) | undefined;
  const racing: Registry = {
    ...inner,
    async commit(...args) {
      const other = between;
      between = undefined;
      await other?.();
      return inner.commit(...args);
    },
  };
  const rel = (code: string, registry: Registry, canary?: number) => {
    const from = buildIn(root, app, code);
    return release({ ...raceRelease(app, registry, bucket, hostDist), from, signed: signedBy(app, from), verified: true, canary });
  };
  try {
    const one = await rel('one', inner);
    const two = await rel('two', inner);
    // a release lands between this rollback's read and its commit: the rollback is decided again from it
    between = () => rel('three', inner);
    const back = await rollback({ ...raceRelease(app, racing, bucket, hostDist), by: 'runner-a' });
    const state = await inner.read();
    assert.deepEqual(
      pointerOf(state, app).log!.map((e) => [e.action, e.from]),
      [
        ['release', null],
        ['release', one.id],
        ['release', two.id],
        ['rollback', pointerOf(state, app).log![2].version],
      ],
      'the rollback is from the release that landed first',
    );
    assert.equal(back.pointer.current, two.id, 'back to the last good one as it is now');
    // a canary starts between this release's read and its commit: refused, nothing switched, the refusal logged
    between = () => rel('canary', inner, 10);
    await assert.rejects(rel('four', racing), (e) => e instanceof Refused && /has a canary running \(1\.0\.0-\w+ on 10% of devices\)/.test(e.message));
    const after = pointerOf(await inner.read(), app);
    assert.equal(after.current, two.id);
    assert.deepEqual(after.log!.at(-1)!.action, 'refused');
    assert.equal(fs.readdirSync(path.join(bucket, 'mf-repay')).filter((f) => /^\d/.test(f)).length, 4, "the refused release's folder went again");
  } finally {
    await inner.close();
  }
});

test('a version folder never changes: the same content again is used as it is, other content under its id is refused', async () => {
  const { root, bucket, hostDist, registry } = await freshBucket('immutable');
  const app = RACE_APPS[2];
  const opts = { ...raceRelease(app, registry, bucket, hostDist), verified: true };
  const rel = (from: string) => release({ ...opts, from, signed: signedBy(app, from) });
  try {
    const first = await rel(buildIn(root, app, 'same'));
    // the same source built in another checkout: one version, its folder as it was (signed again: another signature)
    const again = await rel(buildIn(fs.mkdtempSync(path.join(root, 'other-')), app, 'same'));
    assert.deepEqual([again.id, again.published, again.before], [first.id, false, first.id]);
    // the folder of that id altered (a file of its own there): a build of the id is refused
    fs.writeFileSync(path.join(bucket, 'mf-repay', first.id, 'extra.js'), 'tampered');
    await assert.rejects(
      rel(buildIn(root, app, 'same')),
      (e) => e instanceof Refused && e.message.includes(`mf-repay ${first.id} is already published with other content`),
    );
  } finally {
    await registry.close();
  }
});

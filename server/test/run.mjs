/**
 * The server suite (`npm test -w server`): each test file in a process of its own with a database of its own (PGlite
 * directory; on PostgreSQL a database of its own, helpers.ts), SERVER_TEST_CONCURRENCY at a time, the longest first;
 * then, one at a time, the files whose assertions hold the wall clock and would fail on a machine their neighbours load.
 * `--db pglite|postgres|both` (default: postgres when DATABASE_URL is set, else pglite): `both` runs the files on
 * PostgreSQL and on PGlite as `runsOn` below says, side by side in one queue (DATABASE_URL names the PostgreSQL cluster;
 * the PGlite runs do not see it).
 * Arguments: test files to run instead of all (scripts/test.mjs --changed). Each file's TAP is printed when it ends,
 * then a table of the files' times, the longest first: where the suite's time goes.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const dir = path.dirname(fileURLToPath(import.meta.url));
/**
 * alone: those that check a time bound: socket time-outs (slow-clients), statement and lock time-outs (db-faults), a pool's
 * "refused at once" (face-pool, ocr-pool, whose Tesseract workers also take every core); and those that failed beside
 * another file on a loaded machine: a server started from source past its time-out (restart, sealed-requests), 500s
 * among 20 parallel code requests across instances (otp-abuse, on PostgreSQL at load 15)
 */
const ALONE = [
  'slow-clients.test.ts',
  'db-faults.test.ts',
  'face-pool.test.ts',
  'ocr-pool.test.ts',
  'restart.test.ts',
  'sealed-requests.test.ts',
  'otp-abuse.test.ts',
];
/**
 * the longest files (about 10-30 s each on a loaded 2-core machine, the others 2-6 s: the table this prints) start first,
 * so the last seconds are not one long file running alone
 */
const LONGEST = ['rails-faults.test.ts', 'fuzz.test.ts', 'money-property.test.ts', 'money.test.ts', 'lifecycle.test.ts', 'ratelimit.test.ts'];
/**
 * With `both`: PostgreSQL, the production database and the one where races are real, runs every file but PGLITE_ONLY's;
 * PGlite, the README's embedded database, runs those and PGLITE_TOO's. Its SQL is PostgreSQL's own, so what a second run of
 * every file on it added was its start-up and its slower queries (1,172 of the suite's 1,858 file-seconds on 2026-11-29)
 * while what is its own is covered here: its directory (migrations adopting an old runner's, the frozen back-fill,
 * a restart on the same data and its lock, the photo store on disk, data sealed at rest in its text columns), its handler
 * serialisation (job-races), the README start's fixtures and the whole borrower journey (lifecycle, calls, wire).
 * `--db pglite` alone still runs every file on PGlite (a machine without PostgreSQL).
 */
const PGLITE_TOO = [
  'migrations.test.ts',
  'ledger-backfill.test.ts',
  'restart.test.ts',
  'at-rest.test.ts',
  'job-races.test.ts',
  'dev-fixtures.test.ts',
  'lifecycle.test.ts',
  'calls.test.ts',
  'wire.test.ts',
];
/**
 * on PGlite only: the CNIC reader's and the face detector's own tests (real models; what they store goes through the
 * repositories every onboarding of the other files exercises), the disk photo store (PostgreSQL keeps photos in blobs),
 * and the files whose subject is no database's (the balancer's log, pure rules), which start no server
 */
const PGLITE_ONLY = [
  'identity.test.ts',
  'upload-disk-full.test.ts',
  'haproxy-log.test.ts',
  'name-validation.test.ts',
  'money-guard-rules.test.ts',
  'product-terms.test.ts',
  'overdue-rules.test.ts',
  'money-writers.test.ts',
];
const runsOn = (file, db) => (db === 'pglite' ? PGLITE_ONLY.includes(file) || PGLITE_TOO.includes(file) : !PGLITE_ONLY.includes(file));
/** one file per core, at most 2 (3 at a time measured on 2 cores, 2026-11-27: 284.5 s against 275.5 s with 2) */
const concurrency = Number(process.env.SERVER_TEST_CONCURRENCY) || Math.max(1, Math.min(2, os.availableParallelism()));

const args = process.argv.slice(2);
const dbArg = args.includes('--db') ? args[args.indexOf('--db') + 1] : process.env.DATABASE_URL ? 'postgres' : 'pglite';
const databases = dbArg === 'both' ? ['pglite', 'postgres'] : [dbArg];
if (!databases.every((d) => d === 'pglite' || d === 'postgres')) throw new Error(`--db: pglite, postgres or both, not ${dbArg}`);
if (databases.includes('postgres') && !process.env.DATABASE_URL) throw new Error('--db postgres needs DATABASE_URL (scripts/with-postgres.sh)');
const asked = args.filter((a, i) => a !== '--db' && args[i - 1] !== '--db').map((f) => path.basename(f));
const rank = (f) => (LONGEST.includes(f) ? LONGEST.indexOf(f) : LONGEST.length);
const files = (asked.length ? asked : fs.readdirSync(dir).filter((f) => f.endsWith('.test.ts'))).sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
const jobs = (group) => databases.flatMap((db) => group.filter((f) => databases.length === 1 || runsOn(f, db)).map((file) => ({ file, db })));
const together = jobs(files.filter((f) => !ALONE.includes(f)));
const alone = jobs(files.filter((f) => ALONE.includes(f)));

const times = [];
let failed = false;

function run({ file, db }) {
  const env = { ...process.env };
  if (db === 'pglite') delete env.DATABASE_URL;
  const t0 = Date.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', '--test', path.join('test', file)], { cwd: path.join(dir, '..'), env });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('close', (code) => {
      const s = (Date.now() - t0) / 1000;
      times.push({ file, db, s, ok: code === 0 });
      if (code !== 0) failed = true;
      // one file's report whole, never interleaved with a neighbour's
      process.stdout.write(`# ${file} on ${db}: ${code === 0 ? 'ok' : 'FAILED'} in ${s.toFixed(1)} s\n${out}`);
      resolve();
    });
  });
}

async function pool(queue, n) {
  const next = async () => {
    for (let job = queue.shift(); job; job = queue.shift()) await run(job);
  };
  await Promise.all(Array.from({ length: Math.min(n, queue.length) }, next));
}

const t0 = Date.now();
const aloneCount = alone.length;
await pool(together, concurrency);
await pool(alone, 1);
console.log(
  `\n# server test files (${databases.join(' and ')}), ${concurrency} at a time then ${aloneCount} alone: ${((Date.now() - t0) / 1000).toFixed(1)} s`,
);
for (const t of times.sort((a, b) => b.s - a.s)) console.log(`# ${t.s.toFixed(1).padStart(6)} s  ${t.db.padEnd(8)} ${t.file}${t.ok ? '' : '  FAILED'}`);
process.exit(failed ? 1 : 0);

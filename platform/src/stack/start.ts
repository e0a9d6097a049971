/**
 * Runs the whole product locally: the rails sandbox (the payment provider, server/sandbox/), the API server
 * on its embedded database, then the host and every remote, each on its own port as if deployed separately,
 * and the staff's operations console on its own (never composed into the host).
 *   npm start (bash scripts/start.sh)   production builds (built first), each remote's build released
 *                                       (release/) and served from its releases folder
 *   npm run dev                         rspack dev servers with hot reload (start.ts --dev)
 *   --no-build                      reuse the front ends' dist/ folders (the API is always compiled)
 * Environment: API_PORT, SANDBOX_PORT, HOST_PORT, MF_*_PORT (apps.config.mjs), and the server's own
 * settings (server/README.md); STAFF_ORIGINS defaults to the console's origins on its port.
 * One stack: a process of it that exits unasked (the API, a dev server), or an error escaping in
 * this process (which serves the production front ends), stops all of it with a message naming
 * what stopped and why, rather than leave some ports answering. No request can cause either: the
 * static servers answer a bad request 400 and an error in a request 500 (serve-static.ts).
 */
import { spawn, spawnSync, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { createRequire } from 'node:module';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { APPS, API_PORT, DIST_DIR, SANDBOX_PORT, STAFF_APPS, originOf } from '../../../apps.config.mjs';
import { BROWSER_BLOCKED_PORTS } from '../core/ports';
import { keepPagesRendered, localFrontEnds, releaseBuilds, serveFrontEnds } from './front-ends';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const require = createRequire(import.meta.url);
// the tools' own entry points, run by this node: no npx/shell wrappers between a signal and them
const TSX = require.resolve('tsx/cli');
const RSPACK = path.join(path.dirname(require.resolve('@rspack/cli/package.json')), 'bin/rspack.js');
const args = new Set(process.argv.slice(2));
const dev = args.has('--dev');
const children: ChildProcess[] = [];

function portFree(port: number) {
  return new Promise((resolve) => {
    const s = net
      .createServer()
      .once('error', () => resolve(false))
      .once('listening', () => s.close(() => resolve(true)));
    s.listen(port, '127.0.0.1');
  });
}

/** `name`: what the process is, for the message if it exits unasked */
function run(name: string, cmd: string, argv: string[], opts: SpawnOptions = {}) {
  const child = spawn(cmd, argv, { cwd: root, stdio: 'inherit', ...opts });
  children.push(child);
  child.on('exit', (code, signal) => {
    // Ctrl-C reaches the children too: this process stops the rest
    if (stopping || signal === 'SIGINT') return;
    console.error(`\n  start: ${name} (${argv.join(' ')}) exited ${signal ? `on ${signal}` : `with ${code}`}: stopping the stack\n`);
    stop(code || 1);
  });
  return child;
}

let stopping = false;
function stop(code = 0) {
  stopping = true;
  for (const c of children) c.kill('SIGTERM');
  setTimeout(() => process.exit(code), 300);
}
// last resort when killed without a chance to stop them (e.g. the parent gives up)
process.on('exit', () => children.forEach((c) => c.exitCode === null && c.kill('SIGKILL')));
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
process.on('uncaughtException', (e) => {
  console.error('\n  start: an error in this process, which serves the front ends:', e);
  console.error('  start: stopping the stack (the API and every front end)\n');
  if (!stopping) stop(1);
});

async function waitForApi(timeoutMs = 120_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      const res = await fetch(`http://127.0.0.1:${API_PORT}/health`);
      if (res.ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error('the API server did not come up');
}

async function main() {
  const all = [...APPS, ...STAFF_APPS];
  for (const app of all)
    if (BROWSER_BLOCKED_PORTS.has(app.port)) {
      console.error(
        `Port ${app.port} (${app.dir}) is one browsers refuse to load from (the Fetch standard's bad ports): choose another (apps.config.mjs names its variable).`,
      );
      process.exit(1);
    }
  for (const port of [API_PORT, SANDBOX_PORT, ...all.map((a) => a.port)]) {
    if (!(await portFree(port))) {
      console.error(
        `Port ${port} is busy. Free it or choose other ports: API_PORT, SANDBOX_PORT, HOST_PORT, MF_ONBOARDING_PORT, MF_LOAN_PORT, MF_REPAY_PORT, MF_USERCENTER_PORT, MF_OPERATIONS_PORT.`,
      );
      process.exit(1);
    }
  }
  const serverEnv = {
    ...process.env,
    PORT: String(API_PORT),
    RAILS_URL: process.env.RAILS_URL ?? `http://127.0.0.1:${SANDBOX_PORT}`,
    // a second stack (another DIST_DIR) gets its own embedded database
    ...(!process.env.DATA_DIR && DIST_DIR !== 'dist' ? { DATA_DIR: path.join(root, 'server/data', `pglite-${DIST_DIR}`) } : {}),
    ...(dev ? { DEV_CONTROLS: process.env.DEV_CONTROLS ?? '1' } : {}),
    // the console calls the staff API from its own origin: CORS for it wherever its port is
    STAFF_ORIGINS: process.env.STAFF_ORIGINS ?? STAFF_APPS.flatMap((a) => [originOf(a), originOf(a, '127.0.0.1')]).join(','),
  };
  const serverDir = path.join(root, 'server');
  // the payment provider the API talks to: the sandbox on its own port and data (beside a DATA_DIR given, or per DIST_DIR)
  const dataDir = process.env.DATA_DIR;
  const sandboxData = dataDir ? path.join(dataDir, 'rails-sandbox') : DIST_DIR !== 'dist' ? path.join(root, 'server/data', `sandbox-${DIST_DIR}`) : undefined;
  run('the rails sandbox', process.execPath, [TSX, 'sandbox/main.ts'], {
    cwd: serverDir,
    env: { ...process.env, SANDBOX_PORT: String(SANDBOX_PORT), ...(sandboxData && !process.env.SANDBOX_DATA_DIR ? { SANDBOX_DATA_DIR: sandboxData } : {}) },
  });
  if (dev) run('the API', process.execPath, [TSX, 'watch', 'src/main.ts'], { cwd: serverDir, env: serverEnv });
  else {
    // production runs the compiled JavaScript with node; compiled every start (about a second), so never stale
    const r = spawnSync(process.execPath, ['build.mjs'], { cwd: serverDir, stdio: 'inherit' });
    if (r.status !== 0) stop(1);
    run('the API', process.execPath, ['--enable-source-maps', 'dist/main.js'], { cwd: serverDir, env: serverEnv });
  }

  if (dev) {
    for (const app of all)
      run(`${app.dir}'s dev server`, process.execPath, [RSPACK, 'serve'], { cwd: path.join(root, app.dir), env: { ...process.env, NODE_ENV: 'development' } });
  } else {
    if (!args.has('--no-build')) {
      const t0 = Date.now();
      const r = spawnSync('npm', ['run', 'build', ...all.flatMap((a) => ['-w', a.dir])], {
        cwd: root,
        stdio: 'inherit',
        env: { ...process.env, NODE_ENV: 'production' },
      });
      if (r.status !== 0) stop(1);
      console.log(`built all apps in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    }
    await waitForApi();
    const front = localFrontEnds(`http://127.0.0.1:${API_PORT}`);
    await releaseBuilds(front);
    await serveFrontEnds(front);
    await keepPagesRendered(front);
  }
  await waitForApi();
  const host = APPS.find((a) => a.name === 'host')!;
  console.log(`\n  LoanMarket is running. Open http://localhost:${host.port}/ (phone-sized window recommended)\n`);
  for (const app of APPS.filter((a) => a.name !== 'host'))
    console.log(`  ${app.dir} standalone: http://localhost:${app.port}/${dev ? '' : ' (its current release)'}`);
  for (const app of STAFF_APPS) console.log(`  ${app.dir}, the operations console (staff only): http://localhost:${app.port}/`);
  console.log(`  API: http://localhost:${API_PORT}/  (one-time codes: the sandbox's texts, printed in this log)`);
  console.log(`  rails sandbox (payment provider): http://localhost:${SANDBOX_PORT}/  (server/README.md "Money rails")\n`);
}

main().catch((e) => {
  console.error(e.message);
  stop(1);
});

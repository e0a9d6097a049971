/**
 * Three API instances on one PostgreSQL behind HAProxy (Debian's package), plus the front end:
 *   bash scripts/with-postgres.sh node scripts/cluster.mjs     (or DATABASE_URL=... node scripts/cluster.mjs)
 *   --no-front     only the API instances and the balancer (the cluster test)
 * Ports: API_PORT is the balancer (default 4000), the instances take the next three;
 * the front end's ports come from apps.config.mjs (built dist/ folders: npm run build).
 * Instance settings are the server's own (server/README.md) and are passed through.
 * Also a module: startCluster() for scripts/cluster.test.ts.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { APPS, API_PORT } from '../apps.config.mjs';
import { localFrontEnds, releaseBuilds, serveFrontEnds } from './front-ends.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const HAPROXY = ['/usr/sbin/haproxy', '/usr/bin/haproxy'].find((p) => fs.existsSync(p));

async function waitFor(url, timeoutMs = 60_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not come up`);
}

/** round robin over the instances; a killed one is taken out by the health check (0.5 s) and
 *  a request that could not connect is sent to another; the answer names its instance (X-Served-By) */
export function haproxyConfig(lbPort, ports) {
  return `global
  maxconn 2000
  log stdout format raw local0 info
defaults
  mode http
  log global
  # the access log names the path only: the sealed params travel in the query (wire-protocol.md)
  log-format "%ci [%tr] %ft %b/%s %TR/%Tw/%Tc/%Tr/%Ta %ST %B %tsc %{+Q}HM %{+Q}HPO"
  timeout connect 2s
  timeout client 60s
  timeout server 60s
  retries 3
  option redispatch
frontend api
  bind 127.0.0.1:${lbPort}
  default_backend instances
backend instances
  balance roundrobin
  option httpchk GET /health
  http-request del-header X-Forwarded-For
  option forwardfor
  http-response set-header X-Served-By %s
${ports.map((p, i) => `  server api${i + 1} 127.0.0.1:${p} check inter 500 fall 1 rise 2`).join('\n')}
`;
}

/**
 * Starts `instances` API processes (compiled JavaScript) on DATABASE_URL and HAProxy on lbPort.
 * Returns the balancer URL, each instance ({name, port, process}) and stop().
 */
export async function startCluster({ lbPort = API_PORT, instances = 3, env = {}, log = 'inherit' } = {}) {
  if (!process.env.DATABASE_URL && !env.DATABASE_URL)
    throw new Error('cluster: DATABASE_URL is required (bash scripts/with-postgres.sh node scripts/cluster.mjs)');
  if (!HAPROXY) throw new Error('cluster: haproxy is not installed (bash scripts/setup.sh)');
  const built = spawnSync(process.execPath, ['build.mjs'], { cwd: path.join(root, 'server'), stdio: 'inherit' });
  if (built.status !== 0) throw new Error('cluster: the server build failed');
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'lm-cluster-'));
  const ports = Array.from({ length: instances }, (_, i) => lbPort + 1 + i);
  const nodes = [];
  const startNode = (i) => {
    const child = spawn(process.execPath, ['--enable-source-maps', 'dist/main.js'], {
      cwd: path.join(root, 'server'),
      stdio: ['ignore', log, log],
      // each instance its own local directories, as on separate machines: only PostgreSQL is shared
      env: {
        ...process.env,
        TRUST_PROXY: '127.0.0.1',
        ...env,
        PORT: String(ports[i]),
        HOST: '127.0.0.1',
        UPLOAD_DIR: path.join(tmp, `api${i + 1}`, 'uploads'),
        DATA_DIR: path.join(tmp, `api${i + 1}`, 'pglite'),
      },
    });
    nodes[i] = { name: `api${i + 1}`, port: ports[i], process: child };
    return child;
  };
  // the first instance migrates, the others start together after it
  startNode(0);
  await waitFor(`http://127.0.0.1:${ports[0]}/health`);
  for (let i = 1; i < instances; i++) startNode(i);
  await Promise.all(ports.map((p) => waitFor(`http://127.0.0.1:${p}/health`)));

  const cfgFile = path.join(tmp, 'haproxy.cfg');
  fs.writeFileSync(cfgFile, haproxyConfig(lbPort, ports));
  const check = spawnSync(HAPROXY, ['-c', '-q', '-f', cfgFile], { encoding: 'utf8' });
  if (check.status !== 0) throw new Error(`cluster: haproxy config refused: ${check.stderr}`);
  const lb = spawn(HAPROXY, ['-W', '-db', '-f', cfgFile], { stdio: ['ignore', log, log] });
  const url = `http://127.0.0.1:${lbPort}`;
  await waitFor(`${url}/health`);

  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    const all = [lb, ...nodes.map((n) => n.process)].filter((c) => c.exitCode === null && c.signalCode === null);
    await Promise.all(
      all.map(
        (c) =>
          new Promise((r) => {
            c.once('exit', r);
            c.kill('SIGTERM');
            setTimeout(() => c.kill('SIGKILL'), 5000).unref();
          }),
      ),
    );
    fs.rmSync(tmp, { recursive: true, force: true });
  };
  return { url, nodes, balancer: lb, stop };
}

async function main() {
  const front = !process.argv.includes('--no-front');
  const cluster = await startCluster({
    env: front ? { CORS_ORIGINS: APPS.flatMap((a) => [`http://localhost:${a.port}`, `http://127.0.0.1:${a.port}`]).join(',') } : {},
  });
  const shutdown = () => void cluster.stop().then(() => process.exit(0));
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
  for (const n of cluster.nodes) n.process.on('exit', (code, sig) => console.error(`${n.name} (port ${n.port}) exited: ${sig ?? code}`));
  if (front) {
    const frontEnds = localFrontEnds(cluster.url);
    await releaseBuilds(frontEnds);
    await serveFrontEnds(frontEnds);
  }
  const host = APPS.find((a) => a.name === 'host');
  console.log(
    `\n  LoanMarket cluster: ${cluster.nodes.length} API instances (${cluster.nodes.map((n) => n.port).join(', ')}) on one PostgreSQL behind HAProxy at ${cluster.url}`,
  );
  if (front) console.log(`  Open http://localhost:${host.port}/\n`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((e) => {
    console.error(e.message);
    process.exit(1);
  });
}

/**
 * Three API instances on one PostgreSQL behind HAProxy (Debian's package), plus the front end:
 *   bash scripts/with-postgres.sh npm run cluster     (or DATABASE_URL=... npm run cluster)
 *   --no-front     only the API instances and the balancer (the cluster test)
 *   npm run -s cluster -- haproxy > docs/deploy/haproxy.cfg: the production balancer's configuration
 * Ports: API_PORT is the balancer (default 4000), the instances take the next three, the rails and SMS sandbox
 * (server/sandbox/) the one after them unless RAILS_URL names a provider; the front end's ports come from
 * apps.config.mjs (built dist/ folders: npm run build).
 * Instance settings are the server's own (server/README.md) and are passed through; the providers' notices and
 * delivery reports are addressed to the balancer (RAILS_CALLBACK_URL, SMS_REPORT_URL), as in production.
 * Also a module: startCluster() for server/test/cluster/cluster.test.ts.
 */
import { spawn, spawnSync, type ChildProcess, type StdioNull, type StdioPipe } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { APPS, API_PORT } from '../../../apps.config.mjs';
import { localFrontEnds, releaseBuilds, serveFrontEnds } from './front-ends';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const require = createRequire(import.meta.url);
const HAPROXY = ['/usr/sbin/haproxy', '/usr/bin/haproxy'].find((p) => fs.existsSync(p));

/**
 * where the providers post to the API: server/src/http/railsRoutes.ts RAILS_NOTICE_PATH and smsRoutes.ts SMS_REPORT_PATH
 * (the cluster test checks they are equal)
 */
export const PROVIDER_PATHS = { railsNotice: '/rails/notify', smsReport: '/sms/report' } as const;

async function waitFor(url: string, timeoutMs = 60_000) {
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

/**
 * The balancer's limits. Per source address (stick table): connections open at once, new connections
 * and requests per 10 s; beyond them a connection is refused or the request answered 429 in the
 * envelope. Slow clients: headers within http-request, an idle keep-alive closed after http-keep-alive.
 */
export const BALANCER = {
  maxconn: 4000,
  perSourceConnections: 200,
  perSourceConnectionsPer10s: 1000,
  perSourceRequestsPer10s: 2000,
  serverMaxconn: 100,
  timeouts: { connect: '2s', client: '30s', server: '30s', httpRequest: '5s', httpKeepAlive: '5s', queue: '10s', check: '1s' },
};
/** restarting a crashed instance: first wait, longest wait, run time after which it counts as healthy */
const RESTART_BACKOFF_MS = { first: 500, max: 10_000, stableAfter: 30_000 };
/** the envelope of rateLimited (shared/src/contract/errors.ts) */
const RATE_LIMITED = JSON.stringify({ code: 400429, msg: 'Too many requests, please try again later', data: null });

/**
 * round robin over the ready instances (GET /ready every 0.5 s: a killed instance, or one whose database
 * is away, is taken out); a request that could not connect is sent to another; the answer names its
 * instance (X-Served-By).
 * The client: the connection's source, or for a connection from one of `frontProxies` (the front end's nginx,
 * docs/deploy/nginx-front-ends.conf, which sets X-Forwarded-For to the address it took the request from) the last
 * address of its X-Forwarded-For. The per-source caps count that client: a front proxy's connections carry every
 * borrower's requests, so for them the client's requests in progress stand for its open connections (tracked per
 * request, HAProxy counts those in conn_cur) and its requests per 10 s are capped as anyone's. The log names the
 * client, and the instances get it as the one address of X-Forwarded-For (TRUST_PROXY: the balancer's address),
 * whatever the client sent in that header.
 * `limits`: BALANCER's, or some of them replaced (tests).
 */
export function haproxyConfig(
  lbPort: number,
  ports: number[],
  { frontProxies = [], limits = {} }: { frontProxies?: string[]; limits?: Partial<typeof BALANCER> } = {},
): string {
  const b = { ...BALANCER, ...limits };
  const t = b.timeouts;
  const proxied = frontProxies.length > 0;
  const refuse = `http-request return status 429 content-type "application/json; charset=utf-8" string '${RATE_LIMITED}'`;
  const frontend = [
    `  bind 127.0.0.1:${lbPort}`,
    ...(proxied
      ? [
          "  # the front end's proxies: their X-Forwarded-For names the client; anyone else's is replaced",
          `  acl from_front_proxy src ${frontProxies.join(' ')}`,
        ]
      : []),
    '  stick-table type ip size 100k expire 60s store conn_cur,conn_rate(10s),http_req_rate(10s)',
    `  tcp-request connection track-sc0 src${proxied ? ' if !from_front_proxy' : ''}`,
    `  tcp-request connection reject if { sc0_conn_cur gt ${b.perSourceConnections} } || { sc0_conn_rate gt ${b.perSourceConnectionsPer10s} }`,
    '  http-request set-var(txn.client) src',
    ...(proxied
      ? [
          '  http-request set-var(txn.client) req.hdr_ip(x-forwarded-for,-1) if from_front_proxy { req.hdr_ip(x-forwarded-for,-1) -m found }',
          '  http-request track-sc0 var(txn.client) if from_front_proxy',
          `  ${refuse} if { sc0_http_req_rate gt ${b.perSourceRequestsPer10s} } || from_front_proxy { sc0_conn_cur gt ${b.perSourceConnections} }`,
        ]
      : [`  ${refuse} if { sc0_http_req_rate gt ${b.perSourceRequestsPer10s} }`]),
    '  http-request set-header X-Forwarded-For %[var(txn.client)]',
  ];
  return `global
  maxconn ${b.maxconn}
  log stdout format raw local0 info
defaults
  mode http
  log global
  # the access log names the path only: the sealed params travel in the query (wire-protocol.md); the client, then the
  # connection's source (a front proxy's address for a request it passed on)
  log-format "%{+Q}[var(txn.client)] %ci [%tr] %ft %b/%s %TR/%Tw/%Tc/%Tr/%Ta %ST %B %tsc %{+Q}HM %{+Q}HPO"
  maxconn ${b.maxconn}
  timeout connect ${t.connect}
  timeout client ${t.client}
  timeout server ${t.server}
  timeout http-request ${t.httpRequest}
  timeout http-keep-alive ${t.httpKeepAlive}
  timeout queue ${t.queue}
  timeout check ${t.check}
  retries 3
  option redispatch
frontend api
${frontend.join('\n')}
  default_backend instances
backend instances
  balance roundrobin
  option httpchk GET /ready
  http-response set-header X-Served-By %s
${ports.map((p, i) => `  server api${i + 1} 127.0.0.1:${p} check inter 500 fall 1 rise 2 maxconn ${b.serverMaxconn}`).join('\n')}
`;
}

/**
 * Starts `instances` API processes (compiled JavaScript) on DATABASE_URL and HAProxy on lbPort, and the rails and SMS
 * sandbox on `sandboxPort` (its data in the cluster's temporary folder) unless RAILS_URL (in `env` or ours) names the
 * provider. Every instance gives the providers the balancer's address for their notices and delivery reports (unless
 * RAILS_CALLBACK_URL / SMS_REPORT_URL are set): a notice reaches whichever instance is up, not the one that started
 * the transfer (which may be down), and is applied once there (server/README.md "Money rails").
 * Supervised: an instance that exits without being asked is started again (back-off while it keeps
 * crashing), unless `restart` is false; `onExit(exit)` is told of each. `frontProxies`: haproxyConfig's. Returns the balancer URL, each instance ({name, port, process}:
 * the current process), `exits` (every such exit: {name, code, signal, at}) and stop().
 */
/** An instance that exited without being asked to. */
export interface Exit {
  name: string;
  code: number | null;
  signal: NodeJS.Signals | null;
  at: number;
}

export async function startCluster({
  lbPort = API_PORT,
  instances = 3,
  env = {},
  log = 'inherit',
  restart = true,
  onExit,
  frontProxies = [],
  sandboxPort = lbPort + instances + 1,
}: {
  lbPort?: number;
  instances?: number;
  sandboxPort?: number;
  env?: NodeJS.ProcessEnv;
  log?: 'inherit' | StdioNull | StdioPipe;
  restart?: boolean;
  onExit?: (exit: Exit) => void;
  frontProxies?: string[];
} = {}) {
  if (!process.env.DATABASE_URL && !env.DATABASE_URL) throw new Error('cluster: DATABASE_URL is required (bash scripts/with-postgres.sh npm run cluster)');
  if (!HAPROXY) throw new Error('cluster: haproxy is not installed (bash scripts/setup.sh)');
  const built = spawnSync(process.execPath, ['build.mjs'], { cwd: path.join(root, 'server'), stdio: 'inherit' });
  if (built.status !== 0) throw new Error('cluster: the server build failed');
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'lm-cluster-'));
  const ports = Array.from({ length: instances }, (_, i) => lbPort + 1 + i);
  const url = `http://127.0.0.1:${lbPort}`;
  const given = { ...process.env, ...env };
  let sandbox: ChildProcess | null = null;
  if (!given.RAILS_URL) {
    sandbox = spawn(process.execPath, [require.resolve('tsx/cli'), 'sandbox/main.ts'], {
      cwd: path.join(root, 'server'),
      stdio: ['ignore', log, log],
      env: { ...given, SANDBOX_PORT: String(sandboxPort), SANDBOX_HOST: '127.0.0.1', SANDBOX_DATA_DIR: path.join(tmp, 'sandbox') },
    });
    await waitFor(`http://127.0.0.1:${sandboxPort}/__sandbox/transactions`);
  }
  const providers = {
    ...(sandbox ? { RAILS_URL: `http://127.0.0.1:${sandboxPort}` } : {}),
    RAILS_CALLBACK_URL: given.RAILS_CALLBACK_URL ?? url + PROVIDER_PATHS.railsNotice,
    SMS_REPORT_URL: given.SMS_REPORT_URL ?? url + PROVIDER_PATHS.smsReport,
  };
  const nodes: { name: string; port: number; process: ChildProcess }[] = [];
  const exits: Exit[] = [];
  let stopped = false;
  const startNode = (i: number, backoffMs = RESTART_BACKOFF_MS.first): ChildProcess => {
    const startedAt = Date.now();
    const child = spawn(process.execPath, ['--enable-source-maps', 'dist/main.js'], {
      cwd: path.join(root, 'server'),
      stdio: ['ignore', log, log],
      // each instance its own local directories, as on separate machines: only PostgreSQL is shared
      env: {
        ...process.env,
        TRUST_PROXY: '127.0.0.1',
        ...env,
        ...providers,
        PORT: String(ports[i]),
        HOST: '127.0.0.1',
        UPLOAD_DIR: path.join(tmp, `api${i + 1}`, 'uploads'),
        DATA_DIR: path.join(tmp, `api${i + 1}`, 'pglite'),
      },
    });
    nodes[i] = { name: `api${i + 1}`, port: ports[i], process: child };
    child.on('exit', (code, signal) => {
      if (stopped) return;
      const exit: Exit = { name: nodes[i].name, code, signal, at: Date.now() };
      exits.push(exit);
      onExit?.(exit);
      if (!restart) return;
      // one that ran a while is restarted at once; one that keeps crashing waits longer each time
      const wait = Date.now() - startedAt > RESTART_BACKOFF_MS.stableAfter ? RESTART_BACKOFF_MS.first : backoffMs;
      setTimeout(() => stopped || startNode(i, Math.min(wait * 2, RESTART_BACKOFF_MS.max)), wait);
    });
    return child;
  };
  // the first instance migrates, the others start together after it
  startNode(0);
  await waitFor(`http://127.0.0.1:${ports[0]}/health`);
  for (let i = 1; i < instances; i++) startNode(i);
  await Promise.all(ports.map((p) => waitFor(`http://127.0.0.1:${p}/health`)));

  const cfgFile = path.join(tmp, 'haproxy.cfg');
  fs.writeFileSync(cfgFile, haproxyConfig(lbPort, ports, { frontProxies }));
  const check = spawnSync(HAPROXY, ['-c', '-q', '-f', cfgFile], { encoding: 'utf8' });
  if (check.status !== 0) throw new Error(`cluster: haproxy config refused: ${check.stderr}`);
  const lb = spawn(HAPROXY, ['-W', '-db', '-f', cfgFile], { stdio: ['ignore', log, log] });
  await waitFor(`${url}/health`);

  const stop = async () => {
    if (stopped) return;
    stopped = true;
    const all = [lb, sandbox, ...nodes.map((n) => n.process)].filter((c): c is ChildProcess => !!c && c.exitCode === null && c.signalCode === null);
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
  return { url, nodes, exits, balancer: lb, sandbox: sandbox && { url: providers.RAILS_URL!, process: sandbox }, stop };
}

/** the production balancer's configuration (docs/deploy/haproxy.cfg): API_PORT, three instances on the next ports, behind
 *  the front end's nginx on the same machine (docs/deploy/nginx-front-ends.conf's upstream: 127.0.0.1) */
export const productionHaproxyConfig = () =>
  `# Rendered by \`npm run -s cluster -- haproxy\` from platform/src/stack/cluster.ts (haproxyConfig, BALANCER): the balancer behind\n` +
  `# docs/deploy/nginx-front-ends.conf, as the cluster test runs it. Instances: loanmarket-api@4001..4003 (server/deploy/), TRUST_PROXY=127.0.0.1.\n` +
  haproxyConfig(
    API_PORT,
    [1, 2, 3].map((i) => API_PORT + i),
    { frontProxies: ['127.0.0.1'] },
  );

async function main() {
  if (process.argv[2] === 'haproxy') return void process.stdout.write(productionHaproxyConfig());
  const front = !process.argv.includes('--no-front');
  const cluster = await startCluster({
    onExit: (e) => console.error(`${e.name} exited (${e.signal ?? e.code}): restarting`),
    env: front ? { CORS_ORIGINS: APPS.flatMap((a) => [`http://localhost:${a.port}`, `http://127.0.0.1:${a.port}`]).join(',') } : {},
  });
  const shutdown = () => void cluster.stop().then(() => process.exit(0));
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);

  if (front) {
    const frontEnds = localFrontEnds(cluster.url);
    await releaseBuilds(frontEnds);
    await serveFrontEnds(frontEnds);
  }
  const host = APPS.find((a) => a.name === 'host')!;
  console.log(
    `\n  LoanMarket cluster: ${cluster.nodes.length} API instances (${cluster.nodes.map((n) => n.port).join(', ')}) on one PostgreSQL behind HAProxy at ${cluster.url}`,
  );
  if (cluster.sandbox) console.log(`  rails and SMS sandbox: ${cluster.sandbox.url} (its texts, one-time codes too, in this log)`);
  if (front) console.log(`  Open http://localhost:${host.port}/\n`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((e) => {
    console.error(e.message);
    process.exit(1);
  });
}

/**
 * autocannon on loopback: an encrypted, authenticated read (GET /loan/loan-order/latest, sealed path and
 * params, bearer token, DB reads) vs a plain Fastify route running the same SQL and view without the wire
 * layer vs a bare Fastify route, on the same server, on PGlite and, when DATABASE_URL is set, on PostgreSQL;
 * then (PostgreSQL) the sealed read through HAProxy to 1 and to 3 instances (platform/src/stack/cluster.ts, ports
 * BENCH_CLUSTER_PORT default 4080 and the next three). BENCH_SECONDS (default 10) per case, BENCH_CONNECTIONS (default 10).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { loadConfig } from '../src/settings/config';
import { buildServer } from '../src/app/server';
import { authenticate } from '../src/usecases/sessions';
import { handlers } from '../src/services';
import type { AuthedCtx } from '../src/context/deps';
import { makeClient, register, KEY } from '../test/helpers';
import C from '../src/api/contract';

const { sealRequest, endpoints, DEFAULT_PACKAGE_NAME } = C;
const seconds = Number(process.env.BENCH_SECONDS || 10);
const connections = Number(process.env.BENCH_CONNECTIONS || 10);

async function run(url: string, headers: Record<string, string>) {
  const r = await autocannon({ url, connections, duration: seconds, headers });
  return { rps: Math.round(r.requests.average), p99: r.latency.p99, errors: r.errors, non2xx: r.non2xx };
}

async function benchOne(kind: 'pglite' | 'postgres') {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'lm-bench-'));
  const cfg = loadConfig(
    { ...process.env, NODE_ENV: 'test', DATABASE_URL: kind === 'postgres' ? process.env.DATABASE_URL : '' },
    {
      port: 0,
      dataDir: path.join(root, 'pglite'),
      uploadDir: path.join(root, 'up'),
      databaseUrl: kind === 'postgres' ? process.env.DATABASE_URL! : null,
      otpFixedCode: '123456',
      logLevel: 'silent',
      rateLimitMax: 0,
      authRateLimitMax: 0,
      otpChallengeAfter: 0,
      validateResponses: false,
      jobIntervalMs: 0,
      ocrEnabled: false,
    },
  );
  const built = await buildServer(cfg);
  built.app.get('/__bench/bare', async () => ({ code: 0, msg: 'Success', data: { ok: true } }));
  // the same SQL (session + user, latest order with its events) and the same view, no sealing or schemas
  built.app.get('/__bench/plain', async (req) => {
    const a = await authenticate(built.deps, req.headers.authorization);
    if ('code' in a) return { code: a.code, msg: 'logged out', data: null };
    const ctx: AuthedCtx = { deps: built.deps, user: a.user, lang: 'en', ip: req.ip };
    return { code: 0, msg: 'Success', data: await handlers.latestOrder({}, ctx) };
  });
  await built.app.listen({ port: 0, host: '127.0.0.1' });
  const addr = built.app.server.address() as { port: number };
  const base = `http://127.0.0.1:${addr.port}`;
  try {
    const call = makeClient(base);
    const u = await register(call);
    await call('applyMarket', { productId: 'P001', amount: 5000, tenureDays: 91 }, { token: u.token });
    const ep = endpoints.latestOrder;
    const req = sealRequest(KEY, ep.prefix, ep.path, {});
    const sealedUrl = `${base}${req.url}?${req.field}=${req.sealed}`;
    const headers = { packageName: DEFAULT_PACKAGE_NAME, Authorization: `Bearer ${u.token}`, lang: 'en' };
    const check = (await (await fetch(sealedUrl, { headers })).json()) as { code: number };
    if (check.code !== 0) throw new Error(`bench request failed: ${JSON.stringify(check)}`);
    const bare = await run(`${base}/__bench/bare`, {});
    const plain = await run(`${base}/__bench/plain`, headers);
    const sealed = await run(sealedUrl, headers);
    return { kind, bare, plain, sealed };
  } finally {
    await built.close();
  }
}

/** the sealed read through HAProxy to n compiled instances on DATABASE_URL (own processes: client apart) */
async function benchCluster(n: number) {
  const lbPort = Number(process.env.BENCH_CLUSTER_PORT || 4080);
  const { startCluster } = (await import('../../platform/src/stack/cluster.ts' as string)) as {
    startCluster(o: object): Promise<{ url: string; stop(): Promise<void> }>;
  };
  const cluster = await startCluster({
    lbPort,
    instances: n,
    log: 'ignore',
    env: {
      NODE_ENV: 'test',
      OTP_FIXED_CODE: '123456',
      LOG_LEVEL: 'silent',
      RATE_LIMIT_MAX: '0',
      AUTH_RATE_LIMIT_MAX: '0',
      OTP_CHALLENGE_AFTER: '0',
      VALIDATE_RESPONSES: '0',
      JOB_INTERVAL_MS: '0',
      OCR_ENABLED: '0',
    },
  });
  try {
    const call = makeClient(cluster.url);
    const u = await register(call);
    await call('applyMarket', { productId: 'P001', amount: 5000, tenureDays: 91 }, { token: u.token });
    const ep = endpoints.latestOrder;
    const req = sealRequest(KEY, ep.prefix, ep.path, {});
    return {
      kind: `postgres, HAProxy -> ${n} instance${n > 1 ? 's' : ''}`,
      sealed: await run(`${cluster.url}${req.url}?${req.field}=${req.sealed}`, {
        packageName: DEFAULT_PACKAGE_NAME,
        Authorization: `Bearer ${u.token}`,
        lang: 'en',
      }),
    };
  } finally {
    await cluster.stop();
  }
}

const results = [await benchOne('pglite')];
if (process.env.DATABASE_URL) results.push(await benchOne('postgres'));
const clusters = process.env.DATABASE_URL && process.env.BENCH_CLUSTER !== '0' ? [await benchCluster(1), await benchCluster(3)] : [];
console.log(`\nautocannon, ${connections} connections, ${seconds} s per case, loopback, Node ${process.version}, ${os.cpus().length} CPUs`);
console.log('| database | route | requests/s | p99 ms | errors | non-2xx | sealed / plain |');
console.log('|---|---|---|---|---|---|---|');
for (const r of results) {
  console.log(`| ${r.kind} | bare Fastify route | ${r.bare.rps} | ${r.bare.p99} | ${r.bare.errors} | ${r.bare.non2xx} | |`);
  console.log(`| ${r.kind} | plain route, same SQL, no wire layer | ${r.plain.rps} | ${r.plain.p99} | ${r.plain.errors} | ${r.plain.non2xx} | |`);
  console.log(
    `| ${r.kind} | sealed + authenticated latestOrder | ${r.sealed.rps} | ${r.sealed.p99} | ${r.sealed.errors} | ${r.sealed.non2xx} | ${(r.sealed.rps / r.plain.rps).toFixed(2)} |`,
  );
}
for (const c of clusters)
  console.log(`| ${c.kind} | sealed + authenticated latestOrder | ${c.sealed.rps} | ${c.sealed.p99} | ${c.sealed.errors} | ${c.sealed.non2xx} | |`);
process.exit(0);

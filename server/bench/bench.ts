/**
 * autocannon on loopback: an encrypted, authenticated read (GET /loan/loan-order/latest, sealed path and
 * params, bearer token, DB reads) vs a bare Fastify route on the same server, on PGlite and, when
 * DATABASE_URL is set, on PostgreSQL. BENCH_SECONDS (default 10) per case, BENCH_CONNECTIONS (default 10).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { loadConfig } from '../src/config';
import { buildServer } from '../src/server';
import { makeClient, register, KEY } from '../test/helpers';
import C from '../src/contract';

const { sealRequest, endpoints, DEFAULT_PACKAGE_NAME } = C;
const seconds = Number(process.env.BENCH_SECONDS || 10);
const connections = Number(process.env.BENCH_CONNECTIONS || 10);

async function run(url: string, headers: Record<string, string>) {
  const r = await autocannon({ url, connections, duration: seconds, headers });
  return { rps: Math.round(r.requests.average), p99: r.latency.p99, errors: r.errors, non2xx: r.non2xx };
}

async function benchOne(kind: 'pglite' | 'postgres') {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'lm-bench-'));
  const cfg = loadConfig({ ...process.env, NODE_ENV: 'test', DATABASE_URL: kind === 'postgres' ? process.env.DATABASE_URL : '' }, {
    port: 0, dataDir: path.join(root, 'pglite'), uploadDir: path.join(root, 'up'), databaseUrl: kind === 'postgres' ? process.env.DATABASE_URL! : null,
    otpFixedCode: '123456', logLevel: 'silent', rateLimitMax: 0, authRateLimitMax: 0, validateResponses: false, jobIntervalMs: 0, ocrEnabled: false,
  });
  const built = await buildServer(cfg);
  built.app.get('/__bench/bare', async () => ({ code: 0, msg: 'Success', data: { ok: true } }));
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
    const check = await (await fetch(sealedUrl, { headers })).json() as { code: number };
    if (check.code !== 0) throw new Error(`bench request failed: ${JSON.stringify(check)}`);
    const bare = await run(`${base}/__bench/bare`, {});
    const sealed = await run(sealedUrl, headers);
    return { kind, bare, sealed };
  } finally {
    await built.close();
  }
}

const results = [await benchOne('pglite')];
if (process.env.DATABASE_URL) results.push(await benchOne('postgres'));
console.log(`\nautocannon, ${connections} connections, ${seconds} s per case, loopback, Node ${process.version}, ${os.cpus().length} CPUs`);
console.log('| database | route | requests/s | p99 ms | errors | non-2xx |');
console.log('|---|---|---|---|---|---|');
for (const r of results) {
  console.log(`| ${r.kind} | bare Fastify route | ${r.bare.rps} | ${r.bare.p99} | ${r.bare.errors} | ${r.bare.non2xx} |`);
  console.log(`| ${r.kind} | sealed + authenticated latestOrder | ${r.sealed.rps} | ${r.sealed.p99} | ${r.sealed.errors} | ${r.sealed.non2xx} |`);
}
process.exit(0);

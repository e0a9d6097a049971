/**
 * What the fault scripts share: options, a throw-away PostgreSQL they can restart, the cluster of the
 * chosen checkout (--root, for a run on the code before a fix), and a wire client. Every address is
 * 127.0.0.1 (sources 127.0.0.x).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import C from '../../server/src/api/contract';
import type { EndpointName } from '../../server/src/api/contract';

const { endpoints, deriveKey, sealRequest, fillPath, DEFAULT_PACKAGE_NAME } = C;
const KEY = deriveKey(DEFAULT_PACKAGE_NAME);
export const FIXED_CODE = '123456';
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** --root DIR (the checkout whose cluster runs; default this one), --log FILE */
export function options() {
  const arg = (name: string) => {
    const i = process.argv.indexOf(name);
    return i > 0 ? process.argv[i + 1] : undefined;
  };
  const here = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
  return {
    root: path.resolve(arg('--root') ?? here),
    log: arg('--log') ?? path.join(os.tmpdir(), `lm-fault-${process.pid}.log`),
    lbPort: Number(process.env.API_PORT ?? 4000),
    pgPort: Number(process.env.PG_TEST_PORT ?? 55432),
  };
}

/** a throw-away PostgreSQL cluster on 127.0.0.1:port that the script can restart */
export function postgres(port: number) {
  const bin = fs
    .readdirSync('/usr/lib/postgresql')
    .map((v) => `/usr/lib/postgresql/${v}/bin`)
    .sort()
    .pop()!;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lm-fault-pg-'));
  const root = process.getuid?.() === 0;
  if (root) fs.chownSync(dir, Number(spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).stdout.trim()), -1);
  const run = (cmd: string, args: string[]) => {
    const r = root
      ? spawnSync('runuser', ['-u', 'postgres', '--', `${bin}/${cmd}`, ...args], { encoding: 'utf8' })
      : spawnSync(`${bin}/${cmd}`, args, { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`${cmd}: ${r.stderr}`);
  };
  const data = path.join(dir, 'data');
  const opts = ['-D', data, '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`, '-l', path.join(dir, 'log'), '-w'];
  run('initdb', ['-D', data, '-A', 'trust', '-U', 'lm', '--no-sync']);
  run('pg_ctl', [...opts, 'start']);
  run('createdb', ['-h', '127.0.0.1', '-p', String(port), '-U', 'lm', 'lm_fault']);
  return {
    url: `postgres://lm@127.0.0.1:${port}/lm_fault`,
    /** stops with -m fast (every connection cut) and starts again; resolves when it accepts connections */
    restart: () => run('pg_ctl', [...opts, '-m', 'fast', 'restart']),
    stop: () => {
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', 'stop']);
      } catch {
        /* already down */
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export type Cluster = {
  url: string;
  nodes: { name: string; port: number; process: import('node:child_process').ChildProcess }[];
  /** the supervised cluster's record of instance exits (absent on code before supervision) */
  exits?: unknown[];
  stop(): Promise<void>;
};

/** starts the cluster of `root` on DATABASE_URL `db`; counts every instance process exit */
export async function cluster(root: string, lbPort: number, db: string, log: string, env: Record<string, string> = {}) {
  const mod = (await import(path.join(root, 'platform/src/stack/cluster.ts'))) as { startCluster(o: object): Promise<Cluster> };
  const fd = fs.openSync(log, 'a');
  let exits = 0;
  const c = await mod.startCluster({
    lbPort,
    log: fd,
    onExit: () => exits++,
    env: { DATABASE_URL: db, NODE_ENV: 'test', OTP_FIXED_CODE: FIXED_CODE, LOG_LEVEL: 'warn', AUTH_RATE_LIMIT_MAX: '0', RATE_LIMIT_MAX: '0', ...env },
  });
  // code before supervision has no onExit: watch its processes (they are never replaced there)
  if (!c.exits) for (const n of c.nodes) n.process.on('exit', () => exits++);
  return { ...c, exitCount: () => exits };
}
export type Started = Awaited<ReturnType<typeof cluster>>;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each call answers its own shape
export type Answer = { status: number; code: number; msg: string; data: any; ms: number };

/** one wire call; a request that got no answer resolves with status 0 */
export function call(
  base: string,
  name: EndpointName,
  params: Record<string, unknown> = {},
  o: { token?: string; lang?: string; from?: string; timeoutMs?: number } = {},
): Promise<Answer> {
  const ep = endpoints[name];
  const { path: logical, rest } = fillPath(ep.path, params);
  const req = sealRequest(KEY, ep.prefix, logical, rest);
  const headers: Record<string, string> = { appName: 'LoanMarket', afid: 'fault', lang: o.lang ?? 'en', packageName: DEFAULT_PACKAGE_NAME };
  if (o.token) headers.Authorization = `Bearer ${o.token}`;
  let body: string | undefined;
  let p = `${req.url}?${req.field}=${encodeURIComponent(req.sealed)}`;
  if (ep.method === 'POST') {
    headers['content-type'] = 'application/json';
    body = JSON.stringify({ [req.field]: req.sealed });
    p = req.url;
  }
  const u = new URL(base);
  const t0 = Date.now();
  return new Promise((resolve) => {
    const fail = () => resolve({ status: 0, code: -1, msg: 'no answer', data: null, ms: Date.now() - t0 });
    const r = http.request({ host: u.hostname, port: u.port, path: p, method: ep.method, headers, localAddress: o.from, agent: false }, (res) => {
      let b = '';
      res.setEncoding('utf8');
      res.on('data', (d) => (b += d));
      res.on('end', () => {
        try {
          resolve({ ...JSON.parse(b), status: res.statusCode ?? 0, ms: Date.now() - t0 });
        } catch {
          resolve({ status: res.statusCode ?? 0, code: -1, msg: b.slice(0, 80), data: null, ms: Date.now() - t0 });
        }
      });
      res.on('error', fail);
    });
    r.setTimeout(o.timeoutMs ?? 30_000, () => r.destroy());
    r.on('error', fail);
    r.end(body);
  });
}

let seq = 0;
/** a fresh valid Pakistani mobile */
export const newMobile = () =>
  `03${String(10 + (process.pid % 89))}${String(Date.now() % 100000).padStart(5, '0')}${String(++seq % 100).padStart(2, '0')}`.slice(0, 11);

/** registers a borrower through `base` (retrying while the service is away) */
export async function register(base: string, from?: string): Promise<{ token: string; userId: number }> {
  const mobile = newMobile();
  for (let i = 0; i < 50; i++) {
    const v = await call(base, 'getVerifyCode', { mobile, type: 'register' }, { from });
    const r = v.code === 0 ? await call(base, 'register', { mobile, code: FIXED_CODE }, { from }) : v;
    if (r.code === 0) return { token: r.data.token as string, userId: r.data.user.userId as number };
    await sleep(200);
  }
  throw new Error(`register ${mobile} failed`);
}

export const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] : NaN;
};

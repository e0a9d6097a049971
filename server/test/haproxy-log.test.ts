/**
 * The balancer (platform/src/stack/cluster.ts's HAProxy config, docs/deploy/haproxy.cfg) behind the front end's nginx
 * (docs/deploy/nginx-front-ends.conf), both real, before a backend that answers the X-Forwarded-For it got: the
 * per-source caps count the client nginx names, never nginx nor what a client writes (issue 38 item 4); the access
 * logs name the path, never the query string where the sealed params travel (issue 25 item 9, issue 38 item 5).
 * The whole chain with the API: server/test/cluster/cluster.test.ts. Skipped without HAProxy (and nginx).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import http from 'node:http';
import net from 'node:net';
import { spawn } from 'node:child_process';

const HAPROXY = ['/usr/sbin/haproxy', '/usr/bin/haproxy'].find((p) => fs.existsSync(p));
const root = path.resolve(import.meta.dirname, '../..');

type HaproxyConfig = (lb: number, ports: number[], o?: { frontProxies?: string[]; limits?: Record<string, unknown> }) => string;
const cluster = async () =>
  (await import('../../platform/src/stack/cluster.ts' as string)) as { haproxyConfig: HaproxyConfig; productionHaproxyConfig(): string };

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** a backend answering the X-Forwarded-For it got; HAProxy on `cfg`, its log collected */
async function balancer(config: (lbPort: number, backendPort: number) => string) {
  const backend = http.createServer((req, res) => res.end(JSON.stringify({ forwardedFor: req.headers['x-forwarded-for'] ?? null })));
  await new Promise<void>((r) => backend.listen(0, '127.0.0.1', r));
  const lbPort = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lm-haproxy-'));
  const cfg = path.join(dir, 'haproxy.cfg');
  fs.writeFileSync(cfg, config(lbPort, (backend.address() as net.AddressInfo).port));
  const lb = spawn(HAPROXY!, ['-W', '-db', '-f', cfg], { stdio: ['ignore', 'pipe', 'pipe'] });
  const state = { log: '' };
  lb.stdout!.on('data', (d) => (state.log += d));
  lb.stderr!.on('data', (d) => (state.log += d));
  const exited = new Promise((r) => lb.once('exit', r));
  // up once the health check has passed
  for (
    let i = 0;
    i < 100 &&
    !(await fetch(`http://127.0.0.1:${lbPort}/ready`).then(
      (r) => r.ok,
      () => false,
    ));
    i++
  )
    await sleep(200);
  return {
    lbPort,
    state,
    async stop() {
      if (lb.exitCode === null) lb.kill();
      await exited;
      backend.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** a GET from `from` to `port`; answers the status and what the backend was told */
function get(port: number, at: string, from: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const r = http.request({ host: '127.0.0.1', port, path: at, localAddress: from, headers, agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8').on('data', (d) => (body += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    r.on('error', reject);
    r.end();
  });
}
const forwardedFor = (a: { body: string }) => (JSON.parse(a.body) as { forwardedFor: string }).forwardedFor;

test('HAProxy logs the path of a sealed request without its query', { skip: HAPROXY ? false : 'haproxy not installed' }, async () => {
  const { haproxyConfig } = await cluster();
  const lb = await balancer((lbPort, port) => haproxyConfig(lbPort, [port]));
  try {
    const sealed = 'Zx9' + 'q'.repeat(60);
    const res = await get(lb.lbPort, `/api/SEALEDPATH?abcdef1=${sealed}`, '127.0.0.1');
    assert.equal(res.status, 200);
    for (let i = 0; i < 50 && !lb.state.log.includes('/api/SEALEDPATH'); i++) await sleep(100);
    assert.match(lb.state.log, /"GET" "\/api\/SEALEDPATH"/, lb.state.log);
    assert.ok(!lb.state.log.includes(sealed) && !lb.state.log.includes('abcdef1='), `the query is in the balancer's log:\n${lb.state.log}`);
  } finally {
    await lb.stop();
  }
});

test(
  'docs/deploy/haproxy.cfg is the one platform/src/stack/cluster.ts renders, and HAProxy accepts it',
  { skip: HAPROXY ? false : 'haproxy not installed' },
  async () => {
    const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => k !== 'API_PORT'));
    const { spawnSync } = await import('node:child_process');
    const r = spawnSync(process.execPath, ['--import', 'tsx', 'platform/src/stack/cluster.ts', 'haproxy'], { cwd: root, env, encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
    const doc = path.join(root, 'docs/deploy/haproxy.cfg');
    assert.equal(fs.readFileSync(doc, 'utf8'), r.stdout, 'render it again: npm run -s cluster -- haproxy > docs/deploy/haproxy.cfg');
    const check = spawnSync(HAPROXY!, ['-c', '-q', '-f', doc], { encoding: 'utf8' });
    assert.equal(check.status, 0, check.stderr);
  },
);

test(
  "behind the documented nginx, the balancer's per-source caps count each client, never one a client writes; no log keeps a query",
  { skip: HAPROXY ? false : 'haproxy not installed' },
  async (t) => {
    const { NGINX, startNginx } = (await import('../../platform/src/core/nginx.ts' as string)) as {
      NGINX?: string;
      startNginx(dir: string, config: string, port: number): Promise<() => Promise<void>>;
    };
    const { nginxConfig } = (await import('../../platform/src/core/security-headers.ts' as string)) as { nginxConfig(o: object): string };
    if (!NGINX) return t.skip('nginx is not installed');
    const { haproxyConfig } = await cluster();
    const cap = 5;
    // the documented balancer (nginx on this machine: 127.0.0.1) with a cap of 5 requests per 10 s per source
    const lb = await balancer((lbPort, port) => haproxyConfig(lbPort, [port], { frontProxies: ['127.0.0.1'], limits: { perSourceRequestsPer10s: cap } }));
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lm-nginx-lb-'));
    const [hostPort, ...remotePorts] = await Promise.all([0, 1, 2, 3, 4].map(freePort));
    const origins = { host: `http://127.0.0.1:${hostPort}`, remotes: remotePorts.map((p) => `http://127.0.0.1:${p}`), api: `http://127.0.0.1:${lb.lbPort}` };
    const stopNginx = await startNginx(
      dir,
      nginxConfig({ origins, root: dir, logDir: dir, staffOrigins: [], apiUpstream: `127.0.0.1:${lb.lbPort}` }),
      hostPort,
    );
    const sealed = (i: number) => `/api/SEALEDPATH?abcdef${i}=Zx9${'q'.repeat(40)}${i}`;
    let n = 0;
    try {
      // one client through nginx, writing another address each time: the balancer counts it, and only it, to the cap
      const first: { status: number; body: string }[] = [];
      for (let i = 0; i <= cap; i++) first.push(await get(hostPort, sealed(n++), '127.0.4.1', { 'X-Forwarded-For': `127.0.4.${10 + i}` }));
      assert.deepEqual(
        first.map((a) => a.status),
        [...Array(cap).fill(200), 429],
      );
      assert.deepEqual(first.slice(0, cap).map(forwardedFor), Array(cap).fill('127.0.4.1'), 'the backend gets the client nginx took the request from');
      // another client through the same nginx is not counted with it
      const other = await get(hostPort, sealed(n++), '127.0.4.2');
      assert.equal(other.status, 200);
      assert.equal(forwardedFor(other), '127.0.4.2');
      // straight to the balancer: the connection's source, whatever the header says
      const direct = await get(lb.lbPort, sealed(n++), '127.0.4.3', { 'X-Forwarded-For': '127.0.4.2' });
      assert.equal(forwardedFor(direct), '127.0.4.3');
      for (let i = 0; i < 50 && !lb.state.log.includes('"127.0.4.3"'); i++) await sleep(100);
      assert.match(lb.state.log, /^"127\.0\.4\.2" 127\.0\.0\.1 /m, 'the balancer logs the client behind nginx');

      // the balancer away: nginx answers 502, and its error lines (which quote the request line) keep no query either
      await lb.stop();
      assert.equal((await get(hostPort, sealed(n++), '127.0.4.1')).status, 502);
    } finally {
      await stopNginx();
      await lb.stop();
    }
    const read = (f: string) => (fs.existsSync(path.join(dir, f)) ? fs.readFileSync(path.join(dir, f), 'utf8') : '');
    const access = read('loanmarket.access.log');
    const logs = { 'nginx access': access, 'nginx default access': read('access.log'), 'nginx error': read('error.log'), balancer: lb.state.log };
    fs.rmSync(dir, { recursive: true, force: true });
    assert.match(access, /^127\.0\.4\.1 .*"GET \/api\/SEALEDPATH HTTP\/1\.1" 502 /m, 'the failure is in the access log');
    assert.equal(access.match(/SEALEDPATH/g)?.length, n - 1, 'every request through nginx in its access log');
    for (const [name, text] of Object.entries(logs)) assert.ok(!text.includes('abcdef') && !text.includes('Zx9'), `a query in the ${name} log:\n${text}`);
  },
);

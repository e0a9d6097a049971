// The front end's security headers (core/security-headers.ts) as serve-static.ts
// sends them, and the production proxy's configuration in docs/deploy rendered from the same module.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AddressInfo } from 'node:net';
import { appOrigins, CSP_HASHES, inlineHashes, nginxConfig, pageHashesFile } from '../core/security-headers';
import { BROTLI_STATIC, HAS_BROTLI_STATIC, NGINX, checkNginx, startNginx } from '../core/nginx';
import { serveStatic } from './serve-static';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const sha = (s: string) => `'sha256-${crypto.createHash('sha256').update(s).digest('base64')}'`;
const { host: hostOrigin } = appOrigins();

test('the hashes of a page are those of its inline code that runs: not data blocks, not scripts with a src', () => {
  const html = `<script id="d" type="application/json">{"a":1}</script><script>boot()</script><script defer src="main.js"></script><style>body{margin:0}</style>`;
  assert.deepEqual(inlineHashes(html), { scripts: [sha('boot()')], styles: [sha('body{margin:0}')] });
});

test("pre-rendered markup's style attributes are allowed by their hash, as the browser reads them ('unsafe-hashes')", () => {
  const html = `<div style="gap:12px"></div><p style="font-family:&quot;x&quot;"></p><div style="gap:12px"></div>`;
  assert.deepEqual(inlineHashes(html).styles, ["'unsafe-hashes'", sha('gap:12px'), sha('font-family:"x"')]);
  assert.deepEqual(inlineHashes('<div></div>').styles, []);
});

async function serving(files: Record<string, string>, opts: Partial<Parameters<typeof serveStatic>[0]> = {}) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lm-headers-'));
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), text);
  const server = await serveStatic({ dir, port: 0, ...opts });
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { dir, base, close: () => new Promise((r) => server.close(r)) };
}

test('a published page runs its inline code by hash only; every answer carries the headers; no source map', async () => {
  const page = '<!doctype html><script>start()</script><style>p{}</style><script src="main.12345678.js"></script>';
  const s = await serving({ 'main.12345678.js': 'start()', 'main.12345678.js.map': '{}' });
  try {
    fs.writeFileSync(path.join(s.dir, CSP_HASHES), pageHashesFile(s.dir, 'index.html', page));
    fs.writeFileSync(path.join(s.dir, 'index.html'), page);
    const res = await fetch(`${s.base}/`);
    const csp = res.headers.get('content-security-policy') ?? '';
    assert.match(csp, new RegExp(`script-src 'self' ${hostOrigin} [^;]*${sha('start()').replace(/[+/]/g, '\\$&')}`));
    assert.ok(csp.includes(sha('p{}')), 'the inline style by its hash');
    assert.doesNotMatch(csp, /unsafe-(eval|inline)|\*/);
    assert.match(csp, /frame-ancestors 'none'/);
    const js = await fetch(`${s.base}/main.12345678.js`);
    for (const [name, value] of [
      ['x-frame-options', 'DENY'],
      ['referrer-policy', 'no-referrer'],
      ['x-content-type-options', 'nosniff'],
    ])
      assert.equal(js.headers.get(name), value, name);
    assert.match(js.headers.get('permissions-policy') ?? '', /(^|, )camera=\(self\), microphone=\(\)/);
    assert.ok(!js.headers.get('content-security-policy')?.includes(sha('start()')), "a file's policy names no page's hashes");
    assert.equal((await fetch(`${s.base}/main.12345678.js.map`)).status, 404);
  } finally {
    await s.close();
  }
});

test("CORS: a remote's files for the host's origin only, never *; the host's own files for no other origin", async () => {
  const remote = await serving({ 'mf-manifest.json': '{}' });
  const host = await serving({ 'remotes.json': '{}' }, { servesHost: true });
  try {
    const forHost = await fetch(`${remote.base}/mf-manifest.json`, { headers: { Origin: hostOrigin } });
    assert.equal(forHost.headers.get('access-control-allow-origin'), hostOrigin);
    assert.match(forHost.headers.get('vary') ?? '', /Origin/);
    const forOther = await fetch(`${remote.base}/mf-manifest.json`, { headers: { Origin: 'https://evil.example' } });
    assert.equal(forOther.headers.get('access-control-allow-origin'), null);
    const hostFile = await fetch(`${host.base}/remotes.json`, { headers: { Origin: 'https://evil.example' } });
    assert.equal(hostFile.headers.get('access-control-allow-origin'), null);
  } finally {
    await remote.close();
    await host.close();
  }
});

/** the default configuration: none of the environment's ports, host names or origins (`set`: these instead) */
function renderDefault(...args: string[]) {
  return renderWith({}, ...args);
}
function renderWith(set: Record<string, string>, ...args: string[]) {
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/_PORT$|^PUBLIC_HOSTNAME$|_PUBLIC_ORIGIN$|^PUBLIC_ORIGIN$/.test(k)));
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'platform/src/core/security-headers.ts', 'nginx', ...args], {
    cwd: root,
    env: { ...env, ...set },
    encoding: 'utf8',
  });
  assert.equal(r.status, 0, r.stderr);
  return r.stdout;
}
/** docs/deploy/nginx-production.conf: the documented production origins (docs/deploy/README.md) */
const PRODUCTION = {
  PUBLIC_ORIGIN: 'https://app.loanmarket.pk',
  STAFF_PUBLIC_ORIGIN: 'https://ops.loanmarket.pk',
  API_PUBLIC_ORIGIN: 'https://api.loanmarket.pk',
};
const renderProduction = () => renderWith(PRODUCTION, '--brotli');

test('the production proxy configuration in docs/deploy is the one the module renders', () => {
  const doc = fs.readFileSync(path.join(root, 'docs/deploy/nginx-front-ends.conf'), 'utf8');
  assert.equal(doc, renderDefault(), 'render it again: npm run -s nginx -w platform > docs/deploy/nginx-front-ends.conf');
});

test("the production configuration in docs/deploy: the remotes by path in the host's server, TLS and HTTP/2, the console's own origin", () => {
  const doc = fs.readFileSync(path.join(root, 'docs/deploy/nginx-production.conf'), 'utf8');
  const rendered = renderProduction();
  assert.equal(
    doc,
    rendered,
    'render it again: PUBLIC_ORIGIN=https://app.loanmarket.pk STAFF_PUBLIC_ORIGIN=https://ops.loanmarket.pk API_PUBLIC_ORIGIN=https://api.loanmarket.pk npm run -s nginx -w platform -- --brotli > docs/deploy/nginx-production.conf',
  );
  const blocks = serverBlocks(rendered);
  assert.deepEqual(Object.keys(blocks), ['host', 'mf-operations'], "two servers: the borrower's origin and the console's");
  for (const dir of ['mf-onboarding', 'mf-loan', 'mf-repay', 'mf-usercenter']) {
    assert.match(blocks.host, new RegExp(`location /${dir}/ \\{\\n {4}root /srv/loanmarket/releases;`), dir);
    assert.match(blocks.host, new RegExp(`location ~ \\^/${dir}/\\(index\\\\\\.html\\)\\?\\$`), `${dir}'s pointer page`);
  }
  assert.match(blocks.host, /listen 443 ssl http2;\n {2}ssl_certificate \/etc\/ssl\/loanmarket\/app\.loanmarket\.pk\.crt;/);
  assert.match(blocks['mf-operations'], /server_name ops\.loanmarket\.pk;/);
  assert.match(blocks.host, /script-src 'self' https:\/\/app\.loanmarket\.pk;/, 'one origin in the policy');
  assert.match(blocks.host, /connect-src 'self' https:\/\/app\.loanmarket\.pk https:\/\/api\.loanmarket\.pk;/);
});

test('nginx accepts the production configuration, its certificates and brotli module in place (where nginx is installed)', (t) => {
  if (!NGINX) return t.skip('nginx is not installed');
  if (!HAS_BROTLI_STATIC) return t.skip(`nginx's brotli module is not installed (${BROTLI_STATIC.package})`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lm-nginx-production-'));
  try {
    for (const origin of [PRODUCTION.PUBLIC_ORIGIN, PRODUCTION.STAFF_PUBLIC_ORIGIN]) {
      const name = new URL(origin).hostname;
      const at = (ext: string) => path.join(dir, `${name}.${ext}`);
      const made = spawnSync(
        'openssl',
        ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1'].concat([
          '-subj',
          `/CN=${name}`,
          '-keyout',
          at('key'),
          '-out',
          at('crt'),
        ]),
        {
          encoding: 'utf8',
        },
      );
      assert.equal(made.status, 0, made.stderr);
    }
    const config = renderProduction().replaceAll('/etc/ssl/loanmarket/', `${dir}/`).replaceAll('/var/log/nginx/', `${dir}/`);
    const checked = checkNginx(dir, config, [BROTLI_STATIC.module]);
    assert.ok(checked.ok, checked.output);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('nginx accepts the configuration (where nginx is installed)', (t) => {
  const nginx = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => fs.existsSync(p));
  if (!nginx) return t.skip('nginx is not installed');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lm-nginx-'));
  fs.writeFileSync(
    path.join(dir, 'nginx.conf'),
    // its logs in the temporary folder
    `error_log ${dir}/error.log;\npid ${dir}/nginx.pid;\nevents {}\nhttp {\naccess_log off;\n${renderDefault().replaceAll('/var/log/nginx/', `${dir}/`)}}\n`,
  );
  const r = spawnSync(nginx, ['-t', '-p', dir, '-c', path.join(dir, 'nginx.conf')], { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
});

/** the server blocks of a rendered configuration, by the comment line naming each (`# <dir>...`) */
const serverBlocks = (conf: string) =>
  Object.fromEntries(
    conf
      .split(/\n(?=# [a-z-]+[: ])/)
      .filter((b) => b.includes('server {'))
      .map((b) => [b.slice(2).split(/[: ]/)[0], b]),
  );

test("the operations console: its own staff-only origin, never part of the borrower's host (no CORS, no /api, in no borrower policy)", () => {
  const conf = renderDefault('--staff-allow=10.20.0.0/16,192.168.5.7');
  const blocks = serverBlocks(conf);
  const staff = blocks['mf-operations'];
  assert.ok(staff, 'a server for the console');
  assert.match(staff, /listen 3105;/);
  assert.match(staff, /root \/srv\/loanmarket\/releases\/mf-operations;/);
  assert.match(staff, /allow 10\.20\.0\.0\/16;\n {2}allow 192\.168\.5\.7;\n {2}deny all;/);
  assert.doesNotMatch(staff, /Access-Control-Allow-Origin|proxy_pass|location = \/remotes\.json/);
  // its scripts from itself alone, its calls to the API
  assert.match(staff, /script-src 'self' http:\/\/localhost:3105;/);
  assert.doesNotMatch(staff, /localhost:310[0-4]/);
  for (const dir of ['host', 'mf-onboarding', 'mf-loan', 'mf-repay', 'mf-usercenter']) assert.doesNotMatch(blocks[dir], /3105|mf-operations/, dir);
  // without networks named it answers any address (the API still asks a staff sign-in)
  assert.doesNotMatch(serverBlocks(renderDefault())['mf-operations'], /deny all/);
});

test('nginx serves the console only to the staff networks (where nginx is installed)', async (t) => {
  if (!NGINX) return t.skip('nginx is not installed');
  const free = async () => {
    const { createServer } = await import('node:net');
    const srv = createServer().listen(0, '127.0.0.1');
    await new Promise((r) => srv.once('listening', r));
    const { port } = srv.address() as AddressInfo;
    await new Promise((r) => srv.close(r));
    return port;
  };
  const [host, a, b, c, d, e, staff] = [await free(), await free(), await free(), await free(), await free(), await free(), await free()];
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lm-nginx-staff-'));
  fs.mkdirSync(path.join(dir, 'releases/mf-operations'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'releases/mf-operations/index.html'), '<!doctype html><title>console</title>');
  const origins = { host: `http://127.0.0.1:${host}`, remotes: [a, b, c, d].map((p) => `http://127.0.0.1:${p}`), api: `http://127.0.0.1:${e}` };
  for (const [allow, status] of [
    [['10.20.0.0/16'], 403],
    [['10.20.0.0/16', '127.0.0.1'], 200],
  ] as const) {
    const conf = nginxConfig({ origins, root: dir, logDir: dir, staffOrigins: [`http://127.0.0.1:${staff}`], staffAllow: [...allow] });
    const stop = await startNginx(dir, conf, staff);
    try {
      const r = await fetch(`http://127.0.0.1:${staff}/`);
      assert.equal(r.status, status, allow.join(','));
      if (status === 200) assert.match(r.headers.get('content-security-policy') ?? '', /frame-ancestors 'none'/);
    } finally {
      await stop();
    }
  }
});

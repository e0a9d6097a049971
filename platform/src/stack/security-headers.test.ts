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
import { appOrigins, CSP_HASHES, inlineHashes, pageHashesFile } from '../core/security-headers';
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

/** the default configuration: none of the environment's ports or host names */
function renderDefault(...args: string[]) {
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/_PORT$|^PUBLIC_HOSTNAME$|^API_PUBLIC_ORIGIN$/.test(k)));
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'platform/src/core/security-headers.ts', 'nginx', ...args], { cwd: root, env, encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  return r.stdout;
}

test('the production proxy configuration in docs/deploy is the one the module renders', () => {
  const doc = fs.readFileSync(path.join(root, 'docs/deploy/nginx-front-ends.conf'), 'utf8');
  assert.equal(doc, renderDefault(), 'render it again: npm run -s nginx -w platform > docs/deploy/nginx-front-ends.conf');
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

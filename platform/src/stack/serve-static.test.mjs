// serve-static.ts under malformed and traversal request targets (issue 38): each sent as
// raw bytes (node:net, nothing normalizes them) to a server in its own process, which must answer
// each with a refusal, serve nothing outside its root, proxy nothing that leaves /api/, /cou/ or
// /__dev/, and stay up; then what the front ends rely on (precompressed copies, caching, overrides).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

const SERVE_STATIC = path.join(path.dirname(fileURLToPath(import.meta.url)), 'serve-static.ts');
const SECRET = `secret-${crypto.randomBytes(8).toString('hex')}`;
const PAGE = '<!doctype html><title>home</title>';

const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'lm-static-'));
const root = path.join(parent, 'www');
const published = path.join(parent, 'published');
function write(file, body) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, body);
}
write(path.join(root, 'index.html'), PAGE);
write(path.join(root, 'sub/index.html'), '<!doctype html><title>sub</title>');
write(path.join(root, 'main.1234abcd.js'), 'plain();');
write(path.join(root, 'main.1234abcd.js.br'), 'brotli-copy');
write(path.join(root, 'main.1234abcd.js.gz'), 'gzip-copy');
write(path.join(root, 'notes.json'), JSON.stringify({ text: 'x'.repeat(2000) }));
write(path.join(root, 'logo.png'), 'png');
write(path.join(root, 'main.1234abcd.js.map'), '{}');
write(path.join(root, '1.2.0-abcdef0/entry.js'), 'release();');
// outside the root: a sibling whose name starts with the root's, the parent, a published page
write(path.join(`${root}-secret`, 'secret.txt'), SECRET);
write(path.join(parent, 'secret.txt'), SECRET);
write(path.join(published, 'index.html'), '<!doctype html><title>published</title>');

/** the fake API: every request it gets */
const upstream = [];
const api = http.createServer((req, res) => {
  upstream.push(req.url);
  res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ code: 0, path: req.url }));
});
let apiOrigin;

/** serveStatic in a process of its own, so a crash shows as its exit */
let child;
let port;
let crashes = 0;
async function startServer() {
  const script = `
    import { serveStatic } from ${JSON.stringify(SERVE_STATIC)};
    const published = ${JSON.stringify(published)};
    const s = await serveStatic({
      dir: ${JSON.stringify(root)}, port: 0, apiOrigin: ${JSON.stringify(apiOrigin)}, servesHost: true,
      overrides: (p) => (p === '/' || p === '/index.html' ? published + '/index.html' : p === '/boom' ? null.x : undefined),
    });
    console.log(s.address().port);`;
  child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'pipe'] });
  child.stderr.resume();
  port = await new Promise((resolve, reject) => {
    child.stdout.once('data', (d) => resolve(Number(String(d).trim())));
    child.once('exit', (code) => reject(new Error(`serve-static exited with ${code} at start`)));
  });
}
/** the server answering (a case that killed it failed; the next case gets a new one) */
async function serverUp() {
  const running = () => child.exitCode === null && child.signalCode === null;
  if (running() && (await raw('/sub/')).status === 200) return true;
  // not answering: exiting, or hung (then stopped)
  if (running()) await new Promise((r) => child.once('exit', r).kill());
  crashes++;
  await startServer();
  return false;
}

before(async () => {
  await new Promise((r) => api.listen(0, '127.0.0.1', r));
  apiOrigin = `http://127.0.0.1:${api.address().port}`;
  await startServer();
});
after(async () => {
  child.kill();
  await new Promise((r) => api.close(r));
  fs.rmSync(parent, { recursive: true, force: true });
});

/** one request with exactly this request line; its status (null: no answer) and the bytes answered */
function raw(target, { method = 'GET', headers = {} } = {}) {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks = [];
    socket.setTimeout(5000, () => socket.destroy());
    socket.on('data', (d) => chunks.push(d));
    socket.on('error', () => {});
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('latin1');
      const status = /^HTTP\/1\.1 (\d{3})/.exec(text)?.[1];
      resolve({ status: status ? Number(status) : null, text });
    });
    const lines = [`${method} ${target} HTTP/1.1`, 'Host: 127.0.0.1', 'Connection: close', ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`)];
    // written, not ended: the server closes the connection after its answer (Connection: close)
    socket.write(Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1'));
  });
}

/** the server still up and serving its root */
async function assertServing() {
  assert.equal(child.exitCode, null, 'the server process is still running');
  const res = await raw('/sub/');
  assert.equal(res.status, 200, 'a normal request is answered');
  assert.match(res.text, /<title>sub<\/title>/);
}

const REFUSED = [400, 403, 404, 414, 431];
const CASES = {
  'malformed percent-encoding': ['/%', '/%zz', '/%2', '/index.html%', '/%u002e%u002e/www-secret/secret.txt', '/sub/%ff'],
  'overlong and invalid UTF-8': [
    '/%c0%af',
    '/%c0%ae%c0%ae/www-secret/secret.txt',
    '/%e0%80%ae%e0%80%ae/secret.txt',
    '/%c0%ae%c0%ae%c0%afsecret.txt',
    '/%ed%a0%80',
  ],
  'NUL and control characters': ['/%00', '/index.html%00', '/index.html%00.png', '/%00/../secret.txt', '/sub%0a/index.html', '/%7f'],
  backslashes: ['/..\\www-secret\\secret.txt', '/..%5cwww-secret%5csecret.txt', '/sub\\index.html', '/%5c%5cevil/'],
  'empty segments': ['//', '//etc/passwd', '///www-secret/secret.txt', '/sub//index.html', '//..%2fwww-secret/secret.txt'],
  'absolute-form and other targets': ['http://evil/', 'http://evil/../www-secret/secret.txt', 'http://127.0.0.1/index.html', '*', 'evil.example:443'],
  'very long paths': [`/${'a'.repeat(5000)}`, `/${'../'.repeat(2000)}secret.txt`, `/${'%2e%2e%2f'.repeat(1500)}secret.txt`, `/${'a/'.repeat(9000)}`],
  'dot segments, every encoding': [
    '/../www-secret/secret.txt',
    '/..%2fwww-secret/secret.txt',
    '/%2e%2e/www-secret/secret.txt',
    '/%2E%2E%2Fwww-secret%2Fsecret.txt',
    '/.%2e/www-secret/secret.txt',
    '/%2e./www-secret/secret.txt',
    '/sub/../../www-secret/secret.txt',
    '/sub/..%2f..%2fsecret.txt',
    '/..',
    '/..%2f..%2f..%2f..%2fetc%2fpasswd',
    '/./index.html',
    '/sub/./index.html',
    '/%2e/index.html',
    '/..;/www-secret/secret.txt',
    '/%ef%bc%8e%ef%bc%8e/www-secret/secret.txt',
  ],
  'double encoding': [
    '/%252e%252e/www-secret/secret.txt',
    '/%252e%252e%252fwww-secret%252fsecret.txt',
    '/..%252fwww-secret/secret.txt',
    '/%25%32%65%25%32%65/secret.txt',
  ],
};
const SIDE_EXITS = [
  '/api/../__ops/x',
  '/api/%2e%2e/__ops/x',
  '/api/..%2f__ops/x',
  '/api/.%2e/__ops/x',
  '/api/%2e%2e%2f__ops/x',
  '/api/..%5c__ops/x',
  '/api/..\\__ops/x',
  '/api/%252e%252e/__ops/x',
  '/api/x/../../__ops/x',
  '/api/./../__ops/x',
  '/cou/../__ops/x',
  '/__dev/..%2f__ops/x',
  '/api/%',
  '/api/x%00',
  '/api//../__ops/x',
  'http://evil/api/../__ops/x',
];

/** each target's failures (every target is tried, so a run against a broken server lists them all) */
async function attempt(targets, statuses) {
  const failures = [];
  for (const target of targets) {
    await serverUp();
    const seen = upstream.length;
    const res = await raw(target);
    const name = target.length > 60 ? `${target.slice(0, 60)}...` : target;
    if (!statuses.includes(res.status)) failures.push(`${name}: answered ${res.status ?? 'nothing'}`);
    if (res.text.includes(SECRET)) failures.push(`${name}: served a file outside the root`);
    if (upstream.length !== seen) failures.push(`${name}: proxied as ${upstream.slice(seen).join(', ')}`);
    if (!(await serverUp())) failures.push(`${name}: the server process died`);
  }
  return failures;
}

for (const [kind, targets] of Object.entries(CASES))
  test(`${kind}: refused, nothing outside the root, the server stays up`, async () => {
    assert.deepEqual(await attempt(targets, REFUSED), []);
  });

test('a path that leaves /api/, /cou/ or /__dev/ once decoded is refused, never proxied', async () => {
  assert.deepEqual(await attempt(SIDE_EXITS, [400, 404]), []);
});

test('what is proxied is the decoded path, with its query as sent', async () => {
  await serverUp();
  const seen = upstream.length;
  for (const target of ['/api/hello?x=1&y=%2e%2e', '/api/%61bc', '/cou/a%20b', '/__dev/fixtures'])
    assert.equal((await raw(target, { method: 'POST', headers: { 'Content-Length': 0 } })).status, 200, target);
  assert.deepEqual(upstream.slice(seen), ['/api/hello?x=1&y=%2e%2e', '/api/abc', '/cou/a%20b', '/__dev/fixtures']);
});

test('an error while answering a request answers 500 for it; the server stays up', async () => {
  await serverUp();
  assert.equal((await raw('/boom')).status, 500);
  await assertServing();
});

/** a seeded generator (mulberry32): the same run each time, the seed in the failure message */
function random(seed) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const PIECES = [
  ...['..', '.', '/', '//', '\\', '%2e', '%2E', '%2f', '%2F', '%5c', '%5C', '%', '%2', '%25', '%252e', '%252f', '%25%32%65'],
  ...['%c0%ae', '%c0%af', '%e0%80%ae', '%c1%9c', '%ff', '%00', '%0a', '%0d', '%zz', '%u002e', ';', '~', ':', '@', '?', '&', '=', '#'],
  ...['www-secret', 'secret.txt', 'www', 'api', 'cou', '__dev', '__ops', 'index.html', 'sub', 'main.1234abcd.js', '.map', '.br', 'a'],
];
const PREFIXES = ['/', '/', '/', '/api/', '/cou/', '/__dev/', '/sub/', 'http://evil/', 'http://evil/api/', ''];

test('fuzz: thousands of generated targets; nothing outside the root or the proxied prefixes, the server up throughout', async () => {
  const seed = Number(process.env.FUZZ_SEED ?? 38);
  const next = random(seed);
  const pick = (list) => list[Math.floor(next() * list.length)];
  const targets = Array.from({ length: Number(process.env.FUZZ_RUNS ?? 3000) }, () => {
    let t = pick(PREFIXES);
    for (let n = 1 + Math.floor(next() * 10); n > 0; n--) t += pick(PIECES);
    return t;
  });
  await serverUp();
  const crashedBefore = crashes;
  const statuses = {};
  for (let i = 0; i < targets.length; i += 16) {
    const batch = targets.slice(i, i + 16);
    const answers = await Promise.all(batch.map((t) => raw(t)));
    answers.forEach((res, j) => {
      statuses[res.status] = (statuses[res.status] ?? 0) + 1;
      assert.ok(!res.text.includes(SECRET), `seed ${seed}: ${batch[j]} served a file outside the root`);
      assert.ok(res.status !== null && res.status !== 500, `seed ${seed}: ${batch[j]} answered ${res.status}`);
    });
    assert.equal(child.exitCode, null, `seed ${seed}: the server exited during ${batch.join(' ')}`);
  }
  assert.equal(crashes, crashedBefore);
  // every path the API got stays under a proxied prefix however often it is decoded
  for (const url of upstream) {
    let p = url.split('?')[0];
    for (let i = 0; i < 4; i++) p = p.replace(/%([0-9a-f]{2})/gi, (_, h) => String.fromCharCode(parseInt(h, 16)));
    assert.match(p, /^\/(api|cou|__dev)\//, url);
    assert.ok(!p.split(/[/\\]/).some((s) => s === '..' || s === '.'), `the API got ${url}`);
  }
  await assertServing();
  console.log(`fuzz seed ${seed}: ${targets.length} targets, statuses ${JSON.stringify(statuses)}, ${upstream.length} proxied in all`);
});

/** fetch with no decompression: the bytes as sent */
function get(pathname, headers = {}, method = 'GET') {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path: pathname, method, headers }, (res) => {
      const chunks = [];
      res.on('data', (d) => chunks.push(d));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

test('precompressed copies by Accept-Encoding, else gzip on the fly for text, else the file', async () => {
  await serverUp();
  const br = await get('/main.1234abcd.js', { 'Accept-Encoding': 'gzip, deflate, br' });
  assert.equal(br.headers['content-encoding'], 'br');
  assert.equal(String(br.body), 'brotli-copy');
  assert.match(br.headers['content-type'], /^text\/javascript/);
  assert.match(br.headers.vary, /Accept-Encoding/);
  const gz = await get('/main.1234abcd.js', { 'Accept-Encoding': 'gzip' });
  assert.equal(gz.headers['content-encoding'], 'gzip');
  assert.equal(String(gz.body), 'gzip-copy');
  const plain = await get('/main.1234abcd.js');
  assert.equal(plain.headers['content-encoding'], undefined);
  assert.equal(String(plain.body), 'plain();');
  const json = await get('/notes.json', { 'Accept-Encoding': 'gzip' });
  assert.equal(json.headers['content-encoding'], 'gzip');
  assert.equal(JSON.parse(zlib.gunzipSync(json.body)).text.length, 2000);
  const head = await get('/main.1234abcd.js', {}, 'HEAD');
  assert.equal(head.status, 200);
  assert.equal(head.body.length, 0);
});

test('caching: pointers no-cache, hashed files and release folders immutable, the rest five minutes', async () => {
  await serverUp();
  const cache = async (p) => (await get(p)).headers['cache-control'];
  assert.equal(await cache('/main.1234abcd.js'), 'public, max-age=31536000, immutable');
  assert.equal(await cache('/1.2.0-abcdef0/entry.js'), 'public, max-age=31536000, immutable');
  assert.equal(await cache('/sub/'), 'no-cache');
  assert.equal(await cache('/logo.png'), 'public, max-age=300');
});

test('overrides answer their path; source maps, directories and missing files 404 with the security headers', async () => {
  await serverUp();
  const home = await get('/');
  assert.equal(home.status, 200);
  assert.match(String(home.body), /<title>published<\/title>/);
  for (const p of ['/main.1234abcd.js.map', '/sub', '/missing.js']) {
    const res = await get(p);
    assert.equal(res.status, 404, p);
    assert.equal(res.headers['x-frame-options'], 'DENY', p);
    assert.match(res.headers['content-security-policy'], /default-src 'self'/, p);
  }
  assert.equal((await get('/index.html', { 'Content-Length': 0 }, 'POST')).status, 405);
});

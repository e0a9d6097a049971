/**
 * The production proxy serving the entry pages: a real nginx (Debian's, scripts/setup.sh) on a
 * temporary prefix and ports, with the configuration `npm run nginx -w platform -- <releases dir>`
 * renders, over a releases folder where a host page and its pages are published as
 * a release and a render publish them.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { LANGUAGES, PAGE_ROUTES, PAGES_DIR, pageAnswer, pageFile, readPagesIndex } from '../core/pages';
import { contentSecurityPolicy, inlineHashes, nginxConfig, proxiedPages, publishedHashes, type Origins, type ProxiedPages } from '../core/security-headers';
import { contract } from '../core/shared';
import { BROTLI_STATIC, HAS_BROTLI_STATIC, NGINX, checkNginx, startNginx } from '../core/nginx';
import { hostPageFiles, publishHostPage } from '../core/host-page';
import zlib from 'node:zlib';
import { hostFixture, releaseFixture, renderFixture, type HostFixture } from './fixtures';
import { freePort } from '../core/ports';

/** a host and four remotes on free local ports (the API never reached) */
async function localOrigins(): Promise<{ origins: Origins; hostPort: number }> {
  const [hostPort, ...remotePorts] = await Promise.all([0, 1, 2, 3, 4].map(freePort));
  return { hostPort, origins: { host: `http://127.0.0.1:${hostPort}`, remotes: remotePorts.map((p) => `http://127.0.0.1:${p}`), api: 'http://127.0.0.1:1' } };
}

/** the configuration `npm run nginx -w platform -- <releases dir>` renders for what `host` published in `dir` */
const publishedConfig = (dir: string, origins: Origins, host: HostFixture, opts: { brotli?: boolean } = {}) =>
  nginxConfig({
    origins,
    root: dir,
    logDir: dir,
    hashes: { host: publishedHashes(path.join(host.publishedDir, 'index.html')) },
    pages: proxiedPages(host.publishedDir),
    ...opts,
  });

test(
  'nginx answers a page at its address in the language asked for, with its hashes; after a release, the plain page until rendered again',
  { skip: !NGINX && 'nginx is not installed' },
  async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lm-nginx-pages-'));
    const { origins, hostPort } = await localOrigins();
    const host = hostFixture(dir);
    let stop = async () => {};
    try {
      releaseFixture(host, '1.0.0-aaaaaaa');
      await renderFixture(host, { renderedAt: 1000 });
      // on this prefix and these ports
      const config = publishedConfig(dir, origins, host);
      stop = await startNginx(dir, config, hostPort);
      const get = async (at: string) => {
        const res = await fetch(`${origins.host}${at}`);
        const encoding = res.headers.get('content-encoding');
        return { status: res.status, type: res.headers.get('content-type'), csp: res.headers.get('content-security-policy'), encoding, body: await res.text() };
      };
      const pagesDir = () => path.join(host.publishedDir, 'pages', readPagesIndex(host.publishedDir)!.dir);
      const published = (file: string) => fs.readFileSync(path.join(pagesDir(), file), 'utf8');
      const plainPage = () => fs.readFileSync(path.join(host.publishedDir, 'index.html'), 'utf8');
      const policyOf = (html: string) => contentSecurityPolicy({ origins, hashes: inlineHashes(html) });

      const urdu = await get('/login?lang=ur');
      assert.equal(urdu.status, 200);
      assert.match(urdu.type ?? '', /^text\/html/);
      assert.equal(urdu.body, published('ur.login.html'));
      assert.equal(urdu.encoding, 'gzip', "the page's gzip copy, published with it");
      assert.match(urdu.body, /<html lang="ur" dir="rtl">/);
      assert.equal(urdu.csp, policyOf(urdu.body), 'the policy names the hashes of its inline scripts and styles');
      for (const [at, file] of [
        ['/login', 'en.login.html'],
        ['/login?utm_source=x', 'en.login.html'],
        ['/', 'en.home.html'],
        ['/?lang=ur', 'ur.home.html'],
      ]) {
        const res = await get(at);
        assert.equal(res.body, published(file), at);
        assert.equal(res.csp, policyOf(res.body), at);
      }
      // the language of `?lang=` by the app's rule (uiLanguage), in the proxy as in the local server (pageAnswer): none, empty or en is
      // English, any other value Urdu
      for (const query of ['', '?lang=', '?lang=en', '?lang=ur', '?lang=es']) {
        const file = pageFile('login', contract.uiLanguage(new URLSearchParams(query).get('lang')));
        assert.equal((await get(`/login${query}`)).body, published(file), `nginx: /login${query}`);
        assert.equal(pageAnswer(host.publishedDir, '/login', new URLSearchParams(query)), path.join(pagesDir(), file), `pageAnswer: /login${query}`);
      }
      assert.notEqual((await get('/')).csp, (await get('/login')).csp, "each page's own policy (home's style attributes differ)");
      assert.equal((await get('/index.html')).body, plainPage(), 'the plain page at its own address');
      assert.equal((await get('/yx1')).status, 404, 'no page rendered there');

      // a release: the host's new page at the pages' addresses, with its own policy, until the pages are rendered again
      releaseFixture(host, '1.0.1-bbbbbbb');
      for (const at of ['/login', '/login?lang=ur', '/']) {
        const res = await get(at);
        assert.equal(res.body, plainPage(), at);
        assert.match(res.body, /1\.0\.1-bbbbbbb/);
        assert.equal(res.csp, policyOf(plainPage()), at);
      }
      // rendered again (the same code: the same folder, the configuration unchanged)
      await renderFixture(host, { renderedAt: 2000 });
      const again = await get('/login?lang=ur');
      assert.equal(again.body, published('ur.login.html'));
      assert.match(again.body, /"renderedAt":2000/);
      assert.match(again.body, /1\.0\.1-bbbbbbb/);
      assert.equal(again.csp, policyOf(again.body));
    } finally {
      await stop();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  },
);

test(
  'a fresh nginx takes the configuration of a full release: every page of the route table in both languages, https origins, the remotes on origins of their own or by path',
  { skip: !NGINX && 'nginx is not installed' },
  () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lm-nginx-check-'));
    try {
      const hashes = { scripts: [`'sha256-${'a'.repeat(43)}='`], styles: [], attributes: [] };
      const pages: ProxiedPages = {
        folder: `/${PAGES_DIR}/${'0123456789abcdef'}`,
        addresses: PAGE_ROUTES.map((route) => ({ address: `/${route}`, route })),
        files: LANGUAGES.flatMap((lang) => PAGE_ROUTES.map((route) => ({ file: pageFile(route, lang), hashes }))),
      };
      const origins: Origins = {
        host: 'https://app.loanmarket.example.pk',
        remotes: ['onboarding', 'loan', 'repay', 'usercenter'].map((r) => `https://${r}.cdn.loanmarket.example.pk`),
        api: 'https://app.loanmarket.example.pk',
      };
      // a certificate per https origin, as the deployment keeps them
      for (const origin of [origins.host, ...origins.remotes]) {
        const name = new URL(origin).hostname;
        const made = spawnSync(
          'openssl',
          [
            'req',
            '-x509',
            '-newkey',
            'ec',
            '-pkeyopt',
            'ec_paramgen_curve:prime256v1',
            '-nodes',
            '-days',
            '1',
            '-subj',
            `/CN=${name}`,
            '-keyout',
            path.join(dir, `${name}.key`),
            '-out',
            path.join(dir, `${name}.crt`),
          ],
          { encoding: 'utf8' },
        );
        assert.equal(made.status, 0, made.stderr);
      }
      const config = nginxConfig({ origins, root: dir, logDir: dir, tlsDir: dir, pages });
      assert.match(config, /listen 443 ssl http2;/);
      const checked = checkNginx(dir, config);
      assert.ok(checked.ok, checked.output);
      // with the brotli copies sent too, the module loaded (where it is installed)
      if (HAS_BROTLI_STATIC) {
        const withBrotli = nginxConfig({ origins, root: dir, logDir: dir, tlsDir: dir, pages, brotli: true });
        assert.equal(withBrotli.match(/brotli_static on;/g)?.length, withBrotli.match(/gzip_static on;/g)?.length);
        const brotliChecked = checkNginx(dir, withBrotli, [BROTLI_STATIC.module]);
        assert.ok(brotliChecked.ok, brotliChecked.output);
      }
      // the remotes by path under the host's origin (one certificate, one server)
      const byPath = { ...origins, remotes: ['onboarding', 'loan', 'repay', 'usercenter'].map((r) => `${origins.host}/mf-${r}`) };
      const pathsChecked = checkNginx(dir, nginxConfig({ origins: byPath, root: dir, logDir: dir, tlsDir: dir, pages }));
      assert.ok(pathsChecked.ok, pathsChecked.output);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  },
);

/** GET `at` from `origin` asking for `encoding` (node's http: fetch would decode it): the encoding answered and the bytes as sent */
const getEncoded = (origin: string, at: string, encoding: string) =>
  new Promise<{ status: number; encoding: string | undefined; vary: string | undefined; body: Buffer }>((resolve, reject) => {
    http
      .get(`${origin}${at}`, { headers: { 'accept-encoding': encoding } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode!, encoding: res.headers['content-encoding'], vary: res.headers.vary, body: Buffer.concat(chunks) }),
        );
      })
      .on('error', reject);
  });
const decode = (r: { encoding: string | undefined; body: Buffer }) =>
  (r.encoding === 'br' ? zlib.brotliDecompressSync(r.body) : r.encoding === 'gzip' ? zlib.gunzipSync(r.body) : r.body).toString('utf8');

test(
  'the host page, remotes.json and the pages are published with brotli and gzip copies, which nginx sends as they are; a release replaces them and withdraws the pages with theirs',
  { skip: (!NGINX && 'nginx is not installed') || (!HAS_BROTLI_STATIC && `nginx's brotli module is not installed (${BROTLI_STATIC.package})`) },
  async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lm-nginx-copies-'));
    const { origins, hostPort } = await localOrigins();
    const host = hostFixture(dir);
    // a composition of four remotes with their last good versions, as a release publishes it (remotes.json and the page
    // over 512 bytes)
    const publish = (version: string) => {
      const remotes = Object.fromEntries(
        ['mf_onboarding', 'mf_loan', 'mf_repay', 'mf_usercenter'].map((name, i) => [
          name,
          {
            entry: `${origins.remotes[i]}/${version}/mf-manifest.json`,
            version,
            lastGood: { entry: `${origins.remotes[i]}/0.9.0-fffffff/mf-manifest.json`, version: '0.9.0-fffffff' },
          },
        ]),
      );
      publishHostPage(hostPageFiles({ hostDist: host.hostDist, outDir: host.publishedDir, remotes, files: {} }), host.publishedDir);
    };
    let stop = async () => {};
    try {
      publish('1.0.0-aaaaaaa');
      await renderFixture(host, { renderedAt: 1000 });
      const pagesDir = () => path.join(host.publishedDir, 'pages', readPagesIndex(host.publishedDir)!.dir);
      const published = [path.join(host.publishedDir, 'index.html'), path.join(host.publishedDir, 'remotes.json'), path.join(pagesDir(), 'ur.login.html')];
      for (const file of published) {
        const text = fs.readFileSync(file, 'utf8');
        assert.ok(text.length >= 512, file);
        assert.equal(zlib.brotliDecompressSync(fs.readFileSync(`${file}.br`)).toString('utf8'), text, `${file}.br`);
        assert.equal(zlib.gunzipSync(fs.readFileSync(`${file}.gz`)).toString('utf8'), text, `${file}.gz`);
      }
      const config = publishedConfig(dir, origins, host, { brotli: true });
      stop = await startNginx(dir, config, hostPort, [BROTLI_STATIC.module]);
      for (const [at, file] of [
        ['/remotes.json', published[1]],
        ['/index.html', published[0]],
        ['/login?lang=ur', published[2]],
      ]) {
        for (const [asked, sent] of [
          ['br, gzip', 'br'],
          ['gzip', 'gzip'],
        ]) {
          const res = await getEncoded(origins.host, at, asked);
          assert.equal(res.status, 200, at);
          assert.equal(res.encoding, sent, `${at} asking ${asked}`);
          assert.match(res.vary ?? '', /Accept-Encoding/, at);
          assert.deepEqual(res.body, fs.readFileSync(`${file}.${sent === 'br' ? 'br' : 'gz'}`), `${at}: the published copy as it is`);
        }
      }

      // a release: the new host page in every encoding; the withdrawn pages' copies gone with them
      publish('1.0.1-bbbbbbb');
      for (const asked of ['br', 'gzip', 'identity']) {
        const res = await getEncoded(origins.host, '/login?lang=ur', asked);
        assert.match(decode(res), /1\.0\.1-bbbbbbb/, asked);
        assert.match(decode(await getEncoded(origins.host, '/remotes.json', asked)), /1\.0\.1-bbbbbbb/, asked);
      }
      assert.deepEqual(
        fs.readdirSync(pagesDir()).filter((f) => /\.html/.test(f)),
        [],
        'no page, nor a copy of one',
      );
    } finally {
      await stop();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  },
);

test(
  "remotes by path under the host's origin: each its releases folder at /<dir>/ of the host's server, its pointer page and files with the copies, no server of its own",
  { skip: (!NGINX && 'nginx is not installed') || (!HAS_BROTLI_STATIC && `nginx's brotli module is not installed (${BROTLI_STATIC.package})`) },
  async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lm-nginx-paths-'));
    const hostPort = await freePort();
    const host = `http://127.0.0.1:${hostPort}`;
    const dirs = ['mf-onboarding', 'mf-loan', 'mf-repay', 'mf-usercenter'];
    const origins: Origins = { host, remotes: dirs.map((d) => `${host}/${d}`), api: 'http://127.0.0.1:1' };
    const hostFiles = hostFixture(dir);
    let stop = async () => {};
    try {
      releaseFixture(hostFiles, '1.0.0-aaaaaaa');
      // mf-loan's releases folder: its pointer page and a version's entry with its published copies
      const loan = path.join(dir, 'releases/mf-loan');
      const entry = `var entry = "${'remote code '.repeat(80)}";\n`;
      fs.mkdirSync(path.join(loan, '1.0.0-aaaaaaa'), { recursive: true });
      fs.writeFileSync(path.join(loan, 'index.html'), '<!doctype html><title>mf-loan</title><script>location.replace("1.0.0-aaaaaaa/")</script>');
      const file = path.join(loan, '1.0.0-aaaaaaa/remoteEntry.0123abcd.js');
      fs.writeFileSync(file, entry);
      fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(entry));
      fs.writeFileSync(`${file}.gz`, zlib.gzipSync(entry));
      fs.writeFileSync(`${file}.map`, '{}');
      const config = nginxConfig({
        origins,
        root: dir,
        logDir: dir,
        hashes: { host: publishedHashes(path.join(hostFiles.publishedDir, 'index.html')), 'mf-loan': publishedHashes(path.join(loan, 'index.html')) },
        staffOrigins: [],
        brotli: true,
      });
      assert.equal(config.match(/^server \{/gm)?.length, 1, "one server: the remotes are the host's locations");
      stop = await startNginx(dir, config, hostPort, [BROTLI_STATIC.module]);

      const at = '/mf-loan/1.0.0-aaaaaaa/remoteEntry.0123abcd.js';
      for (const [asked, sent] of [
        ['br, gzip', 'br'],
        ['gzip', 'gzip'],
      ]) {
        const res = await getEncoded(host, at, asked);
        assert.equal(res.status, 200, asked);
        assert.equal(res.encoding, sent, asked);
        assert.deepEqual(res.body, fs.readFileSync(`${file}.${sent === 'br' ? 'br' : 'gz'}`), `${asked}: the published copy as it is`);
      }
      const pointer = await fetch(`${host}/mf-loan/`);
      assert.equal(pointer.status, 200);
      assert.match(pointer.headers.get('content-type') ?? '', /^text\/html/);
      assert.equal(pointer.headers.get('cache-control'), 'no-cache');
      assert.equal(await pointer.text(), fs.readFileSync(path.join(loan, 'index.html'), 'utf8'));
      assert.equal(
        pointer.headers.get('content-security-policy'),
        contentSecurityPolicy({ origins, hashes: publishedHashes(path.join(loan, 'index.html')) }),
        "the pointer page's own hashes",
      );
      assert.doesNotMatch(pointer.headers.get('content-security-policy') ?? '', /\/mf-loan/, 'the policy names origins, the host once');
      assert.equal((await fetch(`${host}${at}.map`)).status, 404, 'no source maps');
      assert.equal((await fetch(`${host}/mf-loan/1.0.0-aaaaaaa/nothing.js`)).status, 404);
      assert.equal((await fetch(`${host}/mf-repay/`)).status, 404, 'a remote with nothing released');
      // the host's own page and remote map are where they were
      assert.match(await (await fetch(`${host}/`)).text(), /1\.0\.0-aaaaaaa/);
      assert.equal((await fetch(`${host}/remotes.json`)).status, 200);
      assert.throws(
        () => nginxConfig({ origins: { ...origins, remotes: [...origins.remotes.slice(0, 3), `${host}/me`] }, root: dir, logDir: dir }),
        /mf-usercenter under the host's origin is served at .*\/mf-usercenter/,
      );
    } finally {
      await stop();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  },
);

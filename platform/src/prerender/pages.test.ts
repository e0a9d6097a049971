/** How the entry pages are published and which file answers a page's address (the `release` stage of scripts/test.mjs). */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inlineHashes } from '../core/security-headers';
import { hostFixture, pagesFixture, releaseFixture, renderFixture } from './fixtures';
import { pageAddresses, pageAnswer, pagesCurrent, pageUrl, PAGES_DIR, readPagesIndex } from '../core/pages';
import { publishPages, renderAfterSwitch } from './publish';
import { assemble } from './render';

const q = (s: string) => new URLSearchParams(s);
const index = (publishedDir: string) => readPagesIndex(publishedDir)!;

test('addresses: one path segment (the route name for a deeper path), Urdu with ?lang=ur', () => {
  assert.equal(pageUrl({ name: 'home', path: '/' }, 'en'), '/');
  assert.equal(pageUrl({ name: 'yx1', path: '/yx1' }, 'ur'), '/yx1?lang=ur');
  assert.equal(pageUrl({ name: 'login', path: '/user/login' }, 'en'), '/login');
  assert.deepEqual(pageAddresses([{ name: 'login', path: '/user/login' }]), { '/user/login': { en: '/login', ur: '/login?lang=ur' } });
});

test('the gate is the same code in every page and at every render: what differs is in the data block before it', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lm-pages-'));
  try {
    const host = hostFixture(dir);
    releaseFixture(host, '1.0.0-aaaaaaa');
    const first = pagesFixture(host, { renderedAt: 1000 }).pages;
    const later = pagesFixture(host, { renderedAt: 2000 }).pages;
    const gate = (html: string) => html.match(/<script id="prerender-page" type="application\/json">([^<]*)<\/script><script>([\s\S]*?)<\/script>/)!;
    for (const p of [...first, ...later]) {
      const [, data, code] = gate(p.html);
      assert.equal(code, gate(first[0].html)[2], `${p.file}: the gate's code`);
      assert.equal(JSON.parse(data).lang, p.lang);
      assert.equal(JSON.parse(data).renderedAt, p.renderedAt);
    }
    for (const [i, p] of first.entries()) assert.deepEqual(inlineHashes(p.html), inlineHashes(later[i].html), `${p.file}: its hashes at another render`);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('a page answers its address in its language while published; a release withdraws them until they are rendered again', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lm-pages-'));
  try {
    const host = hostFixture(dir);
    const at = (file: string) => path.join(host.publishedDir, PAGES_DIR, index(host.publishedDir).dir, file);
    const plain = path.join(host.publishedDir, 'index.html');
    releaseFixture(host, '1.0.0-aaaaaaa');
    assert.equal(pageAnswer(host.publishedDir, '/login', q('')), undefined, 'nothing rendered: no page address');
    await renderFixture(host, { renderedAt: 1000 });
    const folder = index(host.publishedDir).dir;
    assert.equal(pageAnswer(host.publishedDir, '/login', q('')), at('en.login.html'));
    assert.equal(pageAnswer(host.publishedDir, '/login', q('lang=ur&utm=x')), at('ur.login.html'));
    assert.equal(pageAnswer(host.publishedDir, '/', q('lang=ur')), at('ur.home.html'));
    assert.equal(pageAnswer(host.publishedDir, '/yx1', q('')), undefined);
    // `?lang=` by the app's rule (uiLanguage): none, empty or en is English, any other value Urdu
    assert.equal(pageAnswer(host.publishedDir, '/login', q('lang=')), at('en.login.html'));
    assert.equal(pageAnswer(host.publishedDir, '/login', q('lang=en')), at('en.login.html'));
    assert.equal(pageAnswer(host.publishedDir, '/login', q('lang=es')), at('ur.login.html'));

    // a render begun before the next release
    const stale = pagesFixture(host, { renderedAt: 2000 });
    // a release: the host's plain page at the pages' addresses, their hashes kept
    releaseFixture(host, '1.0.1-bbbbbbb');
    assert.equal(pageAnswer(host.publishedDir, '/login', q('lang=ur')), plain);
    assert.equal(pageAnswer(host.publishedDir, '/', q('')), plain);
    assert.ok(fs.existsSync(at('csp-hashes.json')));
    // the same host page published again (a build already current): nothing withdrawn
    await renderFixture(host, { renderedAt: 3000 });
    releaseFixture(host, '1.0.1-bbbbbbb');
    assert.equal(pageAnswer(host.publishedDir, '/login', q('')), at('en.login.html'));
    // a render that began before the release is never published over the new composition
    await assert.rejects(publishPages({ publishedDir: host.publishedDir, ...stale }), /published again/);
    assert.equal(index(host.publishedDir).pages[0].renderedAt, 3000);
    // the same code at every render: the same folder
    assert.equal(index(host.publishedDir).dir, folder);
    assert.deepEqual(fs.readdirSync(path.join(host.publishedDir, PAGES_DIR)).sort(), [folder, 'pages.json', 'pages.json.br', 'pages.json.gz']);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('a page carries the stylesheets its screen uses inlined, each named before the start hints by a disabled link, and preloads none of them', () => {
  const hostPage =
    '<!doctype html><html lang="en" dir="ltr"><head><meta charset="utf-8"><title>LoanMarket</title>' +
    '<script id="remote-assets" type="application/json">{}</script><script>window.hints = 1</script>' +
    '<link rel="preload" as="script" href="bootstrap.0123abcd.js"><link rel="preload" as="style" href="225.b5f16ddc.css">' +
    '<link rel="preload" as="style" href="777.0badf00d.css"></head><body><div id="root"><div id="boot" role="status">…</div></div></body></html>';
  const loan = 'https://loan.cdn.example/1.0.0-aaaaaaa/892.0b466679.css';
  const html = assemble({
    hostPage,
    route: { name: 'home', path: '/' },
    lang: 'en',
    rendered: {
      html: '<main class="page"><h1>home</h1></main>',
      answers: {},
      styles: [
        { href: '/225.b5f16ddc.css', css: '.page{color:#123}' },
        { href: loan, css: '.loan{color:#456}' },
      ],
    },
    addresses: pageAddresses([{ name: 'home', path: '/' }]),
    renderedAt: 1000,
  });
  const head = html.slice(0, html.indexOf('</head>'));
  assert.match(head, /<style>\.page\{color:#123\}<\/style><style>\.loan\{color:#456\}<\/style>/);
  for (const href of ['/225.b5f16ddc.css', loan]) {
    const marker = `<link rel="stylesheet" href="${href}" disabled>`;
    assert.ok(head.includes(marker), href);
    assert.ok(head.indexOf(marker) < head.indexOf('window.hints'), `${href}: named before the start hints run`);
    assert.ok(!head.includes(`<link rel="preload" as="style" href="${href}">`), `${href}: not preloaded`);
  }
  assert.ok(head.includes('<link rel="preload" as="style" href="/777.0badf00d.css">'), 'a stylesheet the page does not carry is still preloaded');
  assert.ok(head.includes('<link rel="preload" as="script" href="/bootstrap.0123abcd.js">'));
  // nothing else names them: no stylesheet of the page is fetched
  assert.equal((head.match(/rel="stylesheet"/g) ?? []).length, 2);
  assert.equal((head.match(/<link rel="stylesheet"(?![^>]*disabled)/g) ?? []).length, 0);
});

test('after a switch the pages are rendered behind it, tried again while a render fails; meanwhile their addresses serve the new host page', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lm-pages-'));
  try {
    const host = hostFixture(dir);
    const plain = path.join(host.publishedDir, 'index.html');
    const lines: string[] = [];
    const log = (l: string) => lines.push(l);
    releaseFixture(host, '1.0.0-aaaaaaa');
    await renderFixture(host, { renderedAt: 1000 });
    assert.equal(pagesCurrent(host.publishedDir), true);
    // a switch (a rollback, say): the pages of the composition it replaced are never served
    releaseFixture(host, '1.0.1-bbbbbbb');
    assert.equal(pagesCurrent(host.publishedDir), false);
    assert.equal(pageAnswer(host.publishedDir, '/', q('')), plain);
    // the render behind it: two that fail (the host restarting, say), then one that publishes
    let calls = 0;
    const flaky = async () => {
      if (++calls < 3) return false;
      await renderFixture(host, { renderedAt: 2000 });
      return true;
    };
    assert.equal(await renderAfterSwitch({ publishedDir: host.publishedDir, render: flaky, tries: 4, waitMs: 5, log }), true);
    assert.equal(calls, 3);
    assert.deepEqual(lines, [
      'the entry pages will be rendered again in 0.005 s (try 2 of 4)',
      'the entry pages will be rendered again in 0.01 s (try 3 of 4)',
    ]);
    assert.notEqual(pageAnswer(host.publishedDir, '/', q('')), plain);
    // rendered already (another switch's render published them): none again
    assert.equal(await renderAfterSwitch({ publishedDir: host.publishedDir, render: async () => assert.fail('rendered twice'), log }), true);

    // away and back to the same host page: its pages were withdrawn, so they are not current (rendered again)
    releaseFixture(host, '1.0.0-aaaaaaa');
    releaseFixture(host, '1.0.1-bbbbbbb');
    assert.equal(pagesCurrent(host.publishedDir), false);
    assert.equal(pageAnswer(host.publishedDir, '/', q('')), plain);
    // a render that never works: given up after its tries, said so, the host's page still served
    lines.length = 0;
    calls = 0;
    const broken = async () => (calls++, false);
    assert.equal(await renderAfterSwitch({ publishedDir: host.publishedDir, render: broken, tries: 2, waitMs: 5, log }), false);
    assert.equal(calls, 2);
    assert.match(lines.at(-1)!, /still not rendered after 2 tries: their addresses serve the host's page/);
    assert.equal(pageAnswer(host.publishedDir, '/', q('')), plain);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

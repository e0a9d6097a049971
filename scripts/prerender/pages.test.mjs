/** Which file answers a page's address: the language's variant, and only while it was rendered from the composition published now. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { compositionOf, pageAddresses, pageUrl, prerenderedFile, PAGES_DIR, PAGES_INDEX } from './pages.mjs';

const q = (s) => new URLSearchParams(s);

test('addresses: one path segment (the route name for a deeper path), Urdu with ?lang=ur', () => {
  assert.equal(pageUrl({ name: 'home', path: '/' }, 'en'), '/');
  assert.equal(pageUrl({ name: 'yx1', path: '/yx1' }, 'ur'), '/yx1?lang=ur');
  assert.equal(pageUrl({ name: 'login', path: '/user/login' }, 'en'), '/login');
  assert.deepEqual(pageAddresses([{ name: 'login', path: '/user/login' }]), { '/user/login': { en: '/login', ur: '/login?lang=ur' } });
});

test('a page is served in its language while the composition it was rendered from is the published one', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lm-pages-'));
  fs.mkdirSync(path.join(dir, PAGES_DIR));
  fs.writeFileSync(path.join(dir, 'index.html'), 'host page 1');
  const pages = [
    { route: 'yx1', lang: 'en', url: '/yx1', file: 'en.yx1.html' },
    { route: 'yx1', lang: 'ur', url: '/yx1?lang=ur', file: 'ur.yx1.html' },
  ];
  fs.writeFileSync(path.join(dir, PAGES_DIR, PAGES_INDEX), JSON.stringify({ composition: compositionOf('host page 1'), pages }));
  assert.equal(prerenderedFile(dir, '/yx1', q('')), path.join(dir, PAGES_DIR, 'en.yx1.html'));
  assert.equal(prerenderedFile(dir, '/yx1', q('lang=ur&utm=x')), path.join(dir, PAGES_DIR, 'ur.yx1.html'));
  assert.equal(prerenderedFile(dir, '/yx2', q('')), undefined);
  // a release republished the host's page: the plain page until the pages are rendered again
  fs.writeFileSync(path.join(dir, 'index.html'), 'host page 2');
  assert.equal(prerenderedFile(dir, '/yx1', q('')), undefined);
  fs.rmSync(dir, { recursive: true, force: true });
  assert.equal(prerenderedFile(dir, '/yx1', q('')), undefined); // nothing rendered
});

/**
 * Which package the bytes of a page's JS files belong to, for the start-up benchmark: each file
 * is fetched as the servers send it (brotli, else gzip), its modules are found in the minified chunk, each
 * module is named by the package it comes from, and the file's brotli size is shared among them
 * by the brotli size of each module's own code. A module is named by what only that package's
 * code says (SIGNATURES), else by the chunk the Module Federation manifests say the file is for
 * (a shared package, a remote's exposed module), else as app code.
 */
import http from 'node:http';
import https from 'node:https';
import zlib from 'node:zlib';
import * as acorn from 'acorn';

export const PACKAGES = ['react-dom', 'react', 'MF runtime', 'react-router', 'i18next', 'axios', 'shared', 'crypto-js', 'zod', 'app code', 'other'];

/** strings only that package's code holds (error messages and names minification keeps) */
const SIGNATURES = [
  ['react-router', /No routes matched location|may be used only in the context of a <Router>/],
  ['axios', /ERR_BAD_REQUEST|AxiosHeaders/],
  ['crypto-js', /Malformed UTF-8 data|WordArray/],
  ['zod', /ZodError|invalid_type/],
  ['MF runtime', /__FEDERATION__|RUNTIME-00\d/],
  ['i18next', /i18next::/],
];

/** a shared package's name in the manifests -> the package it is counted as */
function packageOfShare(name) {
  if (/^react-dom/.test(name)) return 'react-dom';
  if (/^react(\/|$)/.test(name)) return 'react';
  if (/i18next/.test(name)) return 'i18next';
  if (/^shared/.test(name)) return 'shared';
  if (name === 'zod') return 'zod';
  return 'other';
}

/** GET as a phone's browser would (brotli and gzip accepted: what the server sends is counted) */
function fetchRaw(url, encoding = 'br, gzip') {
  return new Promise((resolve, reject) => {
    (url.startsWith('https:') ? https : http)
      .get(url, { headers: { 'accept-encoding': encoding, origin: new URL(url).origin } }, (res) => {
        const parts = [];
        res.on('data', (d) => parts.push(d));
        res.on('end', () => resolve({ body: Buffer.concat(parts), encoding: res.headers['content-encoding'] }));
      })
      .on('error', reject);
  });
}

const brotliSize = (text) => zlib.brotliCompressSync(text, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } }).length;

/** [start, end) of every module of a minified chunk: objects whose keys are all module ids and values functions */
function moduleSpans(code) {
  let ast;
  try {
    ast = acorn.parse(code, { ecmaVersion: 'latest', sourceType: 'script' });
  } catch {
    return [];
  }
  const spans = [];
  const visit = (node) => {
    if (!node || typeof node.type !== 'string') return;
    if (
      node.type === 'ObjectExpression' &&
      node.properties.length > 0 &&
      node.properties.every((p) => p.type === 'Property' && p.key.type === 'Literal' && typeof p.key.value === 'number' && /Function/.test(p.value.type))
    ) {
      for (const p of node.properties) spans.push([p.start, p.end]);
      return;
    }
    for (const v of Object.values(node)) {
      if (Array.isArray(v)) v.forEach(visit);
      else if (v && typeof v === 'object') visit(v);
    }
  };
  visit(ast);
  return spans;
}

/** file URL -> what the manifests say it is for */
async function labels(manifestUrls) {
  const out = new Map();
  for (const url of manifestUrls) {
    let m;
    try {
      m = JSON.parse((await fetchRaw(url, 'identity')).body.toString('utf8'));
    } catch {
      continue;
    }
    const at = (f) => new URL(f, url).href;
    for (const s of m.shared ?? []) for (const f of s.assets?.js?.sync ?? []) if (!out.has(at(f))) out.set(at(f), packageOfShare(s.name));
    for (const e of m.exposes ?? [])
      for (const f of [...(e.assets?.js?.sync ?? []), ...(e.assets?.js?.async ?? [])]) if (!out.has(at(f))) out.set(at(f), 'app code');
    const entry = m.metaData?.remoteEntry?.name;
    if (entry) out.set(at(entry), 'MF runtime');
  }
  return out;
}

/**
 * Brotli bytes per package of `jsUrls`; `manifestUrls`: the mf-manifest.json files of the page
 * (the host's and the remotes'). Also the total as sent.
 */
export async function bytesByPackage(jsUrls, manifestUrls) {
  const label = await labels(manifestUrls);
  const byPackage = Object.fromEntries(PACKAGES.map((p) => [p, 0]));
  let total = 0;
  for (const url of jsUrls) {
    const { body, encoding } = await fetchRaw(url);
    const sent = body.length;
    total += sent;
    const code = (encoding === 'br' ? zlib.brotliDecompressSync(body) : encoding === 'gzip' ? zlib.gunzipSync(body) : body).toString('utf8');
    const fileLabel = label.get(url) ?? (/\/main\.[0-9a-f]{8}\.js$/.test(url) ? 'MF runtime' : 'app code');
    const parts = moduleSpans(code).map(([s, e]) => {
      const text = code.slice(s, e);
      return { pkg: SIGNATURES.find(([, re]) => re.test(text))?.[0] ?? fileLabel, weight: brotliSize(text) };
    });
    const inModules = parts.reduce((n, p) => n + p.weight, 0);
    // what is outside the modules (the chunk's wrapper, a container's runtime) is the file's own
    parts.push({ pkg: fileLabel, weight: Math.max(0, brotliSize(code) - inModules) });
    const all = parts.reduce((n, p) => n + p.weight, 0) || 1;
    for (const p of parts) byPackage[p.pkg] += (sent * p.weight) / all;
  }
  return { total, byPackage };
}

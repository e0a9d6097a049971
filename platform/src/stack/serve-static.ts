/**
 * Serves one app's production build as if deployed on its own: the build's precompressed
 * brotli/gzip copies (else gzip on the fly), the security headers and CORS of
 * core/security-headers.ts (no source maps),
 * caching per architecture.md (pointers no-cache, content-hashed files immutable), and
 * /api, /cou, /__dev proxied to the API server so the app talks to it same-origin.
 * Usage: node --import tsx platform/src/stack/serve-static.ts <dist dir> <port> [api origin]
 */
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { VERSION_ID } from '../core/store';
import { corsHeaders, isPrivateFile, publishedHashes, securityHeaders } from '../core/security-headers';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain',
};
const NO_CACHE = new Set(['index.html', 'sw.js', 'remotes.json', 'releases.json', 'mf-manifest.json', 'mf-stats.json', 'remoteEntry.js']);
const PROXIED = ['/api/', '/cou/', '/__dev/'];
const HASHED = /\.[0-9a-f]{8}\.(js|css|woff2?|png|jpe?g|svg)$/;
/** a published release's folder (core/store.ts): never changes, so nothing in it does */
const IN_RELEASE = new RegExp(String.raw`^/${VERSION_ID}/(?!.*\.html$)`);

/**
 * `overrides`: URL path -> the file served for it instead (what is published for the host at its root),
 * an object, or a function of the path and the query (URLSearchParams) answering undefined for none.
 * `servesHost`: the host's origin (its files need no CORS).
 */
export function serveStatic({
  dir,
  port,
  apiOrigin,
  host = '127.0.0.1',
  overrides = {},
  servesHost = false,
}: {
  dir: string;
  port: number;
  apiOrigin?: string;
  host?: string;
  overrides?: Record<string, string> | ((urlPath: string, query: URLSearchParams) => string | undefined);
  servesHost?: boolean;
}): Promise<http.Server> {
  const root = path.resolve(dir);
  const gzCache = new Map<string, Buffer>();

  function proxy(req: IncomingMessage, res: ServerResponse) {
    const target = new URL(req.url!, apiOrigin);
    const up = http.request(target, { method: req.method, headers: { ...req.headers, host: target.host } }, (r) => {
      res.writeHead(r.statusCode ?? 502, r.headers);
      r.pipe(res);
    });
    up.on('error', () => {
      res.writeHead(502, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ code: 503, msg: 'API unavailable', data: null }));
    });
    req.pipe(up);
  }

  const server = http.createServer((req, res) => {
    if (apiOrigin && PROXIED.some((p) => req.url!.startsWith(p))) return proxy(req, res);
    const url = new URL(req.url!, 'http://x');
    const urlPath = decodeURIComponent(url.pathname);
    const override = typeof overrides === 'function' ? overrides(urlPath, url.searchParams) : overrides[urlPath];
    let file = override ?? path.join(root, urlPath.endsWith('/') ? `${urlPath}index.html` : urlPath);
    if (!override && !file.startsWith(root)) file = '';
    const page = file.endsWith('.html');
    for (const [name, value] of Object.entries({
      ...securityHeaders({ hashes: page ? publishedHashes(file) : undefined }),
      ...corsHeaders({ servesHost, requestOrigin: req.headers.origin }),
    }))
      res.setHeader(name, value);
    if (!file || isPrivateFile(urlPath) || !fs.existsSync(file) || fs.statSync(file).isDirectory()) {
      res.writeHead(404, { 'content-type': 'text/plain' });
      return res.end('not found');
    }
    const base = path.basename(file);
    const type = TYPES[path.extname(file)] ?? 'application/octet-stream';
    res.setHeader('Content-Type', type);
    const immutable = HASHED.test(base) || IN_RELEASE.test(urlPath);
    res.setHeader('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : NO_CACHE.has(base) || page ? 'no-cache' : 'public, max-age=300');
    res.setHeader('Vary', 'Origin, Accept-Encoding');
    const accepted = req.headers['accept-encoding'] ?? '';
    // the build's precompressed copies (build/precompress.ts) when there are some
    for (const [enc, ext] of [
      ['br', '.br'],
      ['gzip', '.gz'],
    ]) {
      if (new RegExp(`\\b${enc}\\b`).test(accepted) && fs.existsSync(file + ext)) {
        res.setHeader('Content-Encoding', enc);
        return res.end(fs.readFileSync(file + ext));
      }
    }
    const body = fs.readFileSync(file);
    const compressible = /text|javascript|json|svg/.test(type) && body.length > 512;
    if (compressible && /\bgzip\b/.test(accepted)) {
      const key = `${file}:${fs.statSync(file).mtimeMs}`;
      let gz = gzCache.get(key);
      if (!gz) gzCache.set(key, (gz = zlib.gzipSync(body, { level: 9 })));
      res.setHeader('Content-Encoding', 'gzip');
      return res.end(gz);
    }
    res.end(body);
  });
  return new Promise((resolve, reject) => {
    server.once('error', (e: NodeJS.ErrnoException) =>
      reject(e.code === 'EADDRINUSE' ? new Error(`port ${port} is busy (${dir}); set another port, see README`) : e),
    );
    server.listen(port, host, () => resolve(server));
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [dir, port, apiOrigin] = process.argv.slice(2);
  serveStatic({ dir, port: Number(port), apiOrigin }).then(
    () => console.log(`serving ${dir} on http://localhost:${port}`),
    (e) => {
      console.error(e.message);
      process.exit(1);
    },
  );
}

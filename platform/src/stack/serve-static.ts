/**
 * Serves one app's production build as if deployed on its own: the build's precompressed
 * brotli/gzip copies (else gzip on the fly), the security headers and CORS of
 * core/security-headers.ts (no source maps),
 * caching per architecture.md (pointers no-cache, content-hashed files immutable), and
 * /api, /cou, /__dev proxied to the API server so the app talks to it same-origin.
 *
 * Every request target is decoded and checked once (`requestPath`) before anything else: what is
 * served or proxied is that path, so no encoding of `..` reaches a file outside the root or an
 * API path outside the proxied prefixes. Files are sent by `send` (express's), which checks the
 * path again under its root and answers ETags, ranges and conditional requests. An error while
 * answering one request answers it 500 and is logged; the process stays up.
 * Usage: node --import tsx platform/src/stack/serve-static.ts <dist dir> <port> [api origin]
 */
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import send from 'send';
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
/** the build's precompressed copies (build/precompress.ts), best first */
const PRECOMPRESSED: [encoding: string, ext: string][] = [
  ['br', '.br'],
  ['gzip', '.gz'],
];
/** compressed on the fly when there is no copy (pages and pointers published at run time) */
const COMPRESSIBLE = /text|javascript|json|svg/;
const MIN_COMPRESSED_BYTES = 512;
/** the longest path answered; the query is not counted (the API's sealed parameters travel in it) */
export const MAX_PATH_LENGTH = 1024;

/**
 * A request target's path, decoded once, with its query as sent; or the status refusing it. Refused
 * (400): a target that is not a path (absolute-form `http://...`, `*`), malformed percent-encoding
 * or UTF-8 (overlong forms included), control characters (NUL), backslashes, a `%` left after
 * decoding (double encoding), empty segments (`//`) and `.` or `..` segments: no browser sends
 * them, so the path answered is already in normal form and cannot leave a prefix it starts with.
 */
export function requestPath(target: string): { status: number; path?: undefined; query?: undefined } | { path: string; query: string; status?: undefined } {
  if (!target.startsWith('/')) return { status: 400 };
  const q = target.indexOf('?');
  const encoded = q < 0 ? target : target.slice(0, q);
  if (encoded.length > MAX_PATH_LENGTH) return { status: 414 };
  let decoded: string;
  try {
    decoded = decodeURIComponent(encoded);
  } catch {
    return { status: 400 };
  }
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\%]/.test(decoded)) return { status: 400 };
  const segments = decoded.slice(1).split('/');
  if (segments.some((s, i) => s === '.' || s === '..' || (s === '' && i < segments.length - 1))) return { status: 400 };
  return { path: decoded, query: q < 0 ? '' : target.slice(q) };
}

/** a checked path encoded again, as sent on (to the API, or to `send`, which decodes it) */
const encodePath = (p: string) => p.split('/').map(encodeURIComponent).join('/');

const isFile = (file: string) =>
  fs.promises.stat(file).then(
    (s) => s.isFile(),
    () => false,
  );

function plain(res: ServerResponse, status: number) {
  res.statusCode = status;
  res.setHeader('Content-Type', 'text/plain; charset=utf-8');
  res.end(`${http.STATUS_CODES[status]?.toLowerCase() ?? status}\n`);
}

/** the last resort: the request answered 500 (or its connection closed), logged without its query */
function failed(req: IncomingMessage, res: ServerResponse, error: unknown) {
  console.error(`serve-static: ${req.method} ${JSON.stringify(String(req.url).split('?')[0].slice(0, 200))} failed:`, error);
  if (res.headersSent) res.destroy();
  else {
    for (const name of res.getHeaderNames()) res.removeHeader(name);
    for (const [name, value] of Object.entries(securityHeaders())) res.setHeader(name, value);
    plain(res, 500);
  }
}

/** `fn` for an event of the request's answer: what it throws answers the request 500 */
const guarded =
  <A extends unknown[]>(req: IncomingMessage, res: ServerResponse, fn: (...args: A) => void) =>
  (...args: A) => {
    try {
      fn(...args);
    } catch (e) {
      failed(req, res, e);
    }
  };

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
  const api = apiOrigin ? new URL(apiOrigin) : undefined;
  /** file -> its gzip, for the version of the file (mtime and size) it was made of */
  const gzCache = new Map<string, { mtimeMs: number; size: number; gz: Buffer }>();

  function proxy(req: IncomingMessage, res: ServerResponse, api: URL, target: string) {
    const up = http.request(
      { protocol: api.protocol, hostname: api.hostname, port: api.port, path: target, method: req.method, headers: { ...req.headers, host: api.host } },
      guarded(req, res, (r: IncomingMessage) => {
        res.writeHead(r.statusCode ?? 502, r.headers);
        r.on('error', () => res.destroy());
        r.pipe(res);
      }),
    );
    up.on('error', () => {
      if (res.headersSent) return res.destroy();
      res.writeHead(502, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ code: 503, msg: 'API unavailable', data: null }));
    });
    // the client gone before the answer: the API's request is dropped too
    res.on('close', () => res.writableFinished || up.destroy());
    req.on('error', () => up.destroy());
    req.pipe(up);
  }

  /** `name` (a checked path) from `from` by `send`, with this server's type, caching and encoding */
  function sendFile(
    req: IncomingMessage,
    res: ServerResponse,
    from: string,
    name: string,
    { type, cacheControl, encoding }: { type: string; cacheControl: string; encoding?: string },
  ) {
    send(req, encodePath(name), { root: from, index: false, cacheControl: false })
      .on(
        'headers',
        guarded(req, res, () => {
          res.setHeader('Content-Type', type);
          res.setHeader('Cache-Control', cacheControl);
          res.setHeader('Vary', 'Origin, Accept-Encoding');
          if (encoding) res.setHeader('Content-Encoding', encoding);
        }),
      )
      .on(
        'directory',
        guarded(req, res, () => plain(res, 404)),
      )
      .on(
        'error',
        guarded(req, res, (e: { status: number; headers?: Record<string, string> }) => {
          if (e.status >= 500) return failed(req, res, e);
          if (res.headersSent) return res.destroy();
          for (const [n, v] of Object.entries(e.headers ?? {})) res.setHeader(n, v);
          plain(res, e.status);
        }),
      )
      .pipe(res);
  }

  async function compressedOnTheFly(req: IncomingMessage, res: ServerResponse, file: string, headers: Record<string, string>) {
    const stat = await fs.promises.stat(file);
    let cached = gzCache.get(file);
    if (cached?.mtimeMs !== stat.mtimeMs || cached?.size !== stat.size) {
      cached = { mtimeMs: stat.mtimeMs, size: stat.size, gz: zlib.gzipSync(await fs.promises.readFile(file), { level: 9 }) };
      gzCache.set(file, cached);
    }
    for (const [n, v] of Object.entries({ ...headers, 'Content-Encoding': 'gzip', 'Content-Length': cached.gz.length })) res.setHeader(n, v);
    res.end(req.method === 'HEAD' ? undefined : cached.gz);
  }

  async function answer(req: IncomingMessage, res: ServerResponse) {
    const target = requestPath(req.url ?? '');
    const checked = target.path;
    if (api && checked !== undefined && PROXIED.some((p) => checked.startsWith(p))) return proxy(req, res, api, encodePath(checked) + target.query);
    const common = { ...securityHeaders(), ...corsHeaders({ servesHost, requestOrigin: req.headers.origin }) };
    for (const [name, value] of Object.entries(common)) res.setHeader(name, value);
    if (target.status !== undefined) return plain(res, target.status);
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.setHeader('Allow', 'GET, HEAD');
      return plain(res, 405);
    }
    const urlPath = target.path;
    const query = new URLSearchParams(target.query);
    const override = typeof overrides === 'function' ? overrides(urlPath, query) : Object.hasOwn(overrides, urlPath) ? overrides[urlPath] : undefined;
    const name = urlPath.endsWith('/') ? `${urlPath}index.html` : urlPath;
    const [from, sent] = override ? [path.dirname(override), `/${path.basename(override)}`] : [root, name];
    const file = path.join(from, sent);
    if (isPrivateFile(urlPath) || !(await isFile(file))) return plain(res, 404);
    const base = path.basename(file);
    const page = base.endsWith('.html');
    if (page) res.setHeader('Content-Security-Policy', securityHeaders({ hashes: publishedHashes(file) })['Content-Security-Policy']);
    const type = TYPES[path.extname(file)] ?? 'application/octet-stream';
    const immutable = HASHED.test(base) || IN_RELEASE.test(urlPath);
    const cacheControl = immutable ? 'public, max-age=31536000, immutable' : NO_CACHE.has(base) || page ? 'no-cache' : 'public, max-age=300';
    const accepted = req.headers['accept-encoding'] ?? '';
    for (const [encoding, ext] of PRECOMPRESSED)
      if (new RegExp(`\\b${encoding}\\b`).test(accepted) && (await isFile(file + ext)))
        return sendFile(req, res, from, sent + ext, { type, cacheControl, encoding });
    if (COMPRESSIBLE.test(type) && /\bgzip\b/.test(accepted) && (await fs.promises.stat(file)).size > MIN_COMPRESSED_BYTES)
      return compressedOnTheFly(req, res, file, { 'Content-Type': type, 'Cache-Control': cacheControl, Vary: 'Origin, Accept-Encoding' });
    sendFile(req, res, from, sent, { type, cacheControl });
  }

  const server = http.createServer((req, res) => {
    answer(req, res).catch((e) => failed(req, res, e));
  });
  return new Promise((resolve, reject) => {
    server.once('error', (e: NodeJS.ErrnoException) =>
      reject(e.code === 'EADDRINUSE' ? new Error(`port ${port} is busy (${dir}); set another port, see README`) : e),
    );
    server.listen(port, host, () => {
      // once listening, a server error (e.g. no file descriptor left to accept a connection) is logged, not thrown
      server.on('error', (e) => console.error(`serve-static (${dir}):`, e));
      resolve(server);
    });
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

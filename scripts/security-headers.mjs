/**
 * The one source of the headers every static origin of the front end sends (host and
 * remotes, as scripts/serve-static.mjs serves them and as docs/deploy/nginx.conf, rendered from
 * here, has a production proxy send them): a strict Content-Security-Policy, no framing,
 * referrer and permissions policies, CORS only for the host loading a remote's files, and no
 * source maps. Origins come from apps.config.mjs (PUBLIC_HOSTNAME, the ports, API_PUBLIC_ORIGIN).
 *
 * Inline code in a page runs only by its hash, computed when the page is published and kept
 * beside it in CSP_HASHES (`recordPageHashes`), so the server never parses a page it serves.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { APPS, API_PORT, originOf } from '../apps.config.mjs';

/** Beside every published page: page file name -> the hashes of its inline scripts and styles. */
export const CSP_HASHES = 'csp-hashes.json';

/** The origins the front end is made of: the host, the four remotes and the API. */
export function appOrigins() {
  const host = APPS.find((a) => a.name === 'host');
  return {
    host: originOf(host),
    remotes: APPS.filter((a) => a !== host).map((a) => originOf(a)),
    api: process.env.API_PUBLIC_ORIGIN ?? originOf({ port: API_PORT }),
  };
}

const sha256 = (text) => `'sha256-${crypto.createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/**
 * The hashes of a page's inline code that runs: scripts with no src (data blocks such as
 * type="application/json" are not run, so need none) and style elements.
 */
export function inlineHashes(html) {
  const scripts = [...html.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/gi)]
    .filter(([, attrs = '']) => !/\ssrc\s*=/i.test(attrs) && !/\stype\s*=\s*["']?application\/(ld\+)?json/i.test(attrs))
    .map(([, , body]) => sha256(body));
  const styles = [...html.matchAll(/<style(\s[^>]*)?>([\s\S]*?)<\/style>/gi)].map(([, , body]) => sha256(body));
  return { scripts: [...new Set(scripts)], styles: [...new Set(styles)] };
}

/** The text of `dir`/CSP_HASHES once `page` (its file name there) is published with `html`. */
export function pageHashesFile(dir, page, html) {
  const file = path.join(dir, CSP_HASHES);
  const all = fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : {};
  return `${JSON.stringify({ ...all, [page]: inlineHashes(html) }, null, 2)}\n`;
}

/** The published hashes of the page at `file` (none when it was not published with them). */
export function publishedHashes(file) {
  try {
    const all = JSON.parse(fs.readFileSync(path.join(path.dirname(file), CSP_HASHES), 'utf8'));
    return all[path.basename(file)] ?? { scripts: [], styles: [] };
  } catch {
    return { scripts: [], styles: [] };
  }
}

/**
 * The policy. Every origin of the app may serve code, styles, fonts and images (the host loads
 * the remotes' entries, chunks and CSS; the MF runtime adds them as script and link elements,
 * no eval) and be fetched (manifests, by the page and the service worker; the API). Photos are
 * previewed from blob: URLs (camera capture and compression); the favicon is a data: URL.
 */
export function contentSecurityPolicy({ origins = appOrigins(), hashes = { scripts: [], styles: [] } } = {}) {
  const app = [origins.host, ...origins.remotes];
  const directives = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...app, ...hashes.scripts],
    'style-src': ["'self'", ...app, ...hashes.styles],
    'font-src': ["'self'", ...app],
    'img-src': ["'self'", ...app, 'data:', 'blob:'],
    'connect-src': ["'self'", ...app, origins.api],
    'worker-src': ["'self'"],
    'manifest-src': ["'self'"],
    'media-src': ["'self'", 'blob:'],
    'object-src': ["'none'"],
    'frame-src': ["'none'"],
    'base-uri': ["'none'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${[...new Set(values)].join(' ')}`)
    .join('; ');
}

/** Features the app uses: the camera (CNIC and selfie photos), on its own page only. */
export const PERMISSIONS_POLICY =
  'camera=(self), microphone=(), geolocation=(), payment=(), usb=(), serial=(), bluetooth=(), hid=(), midi=(), display-capture=(), fullscreen=(), browsing-topics=()';

/** Sent by every origin on every answer; the CSP of a page carries its own hashes. */
export function securityHeaders({ origins = appOrigins(), hashes } = {}) {
  return {
    'Content-Security-Policy': contentSecurityPolicy({ origins, hashes }),
    'X-Frame-Options': 'DENY',
    'Referrer-Policy': 'no-referrer',
    'Permissions-Policy': PERMISSIONS_POLICY,
    'X-Content-Type-Options': 'nosniff',
    'Cross-Origin-Opener-Policy': 'same-origin',
  };
}

/**
 * CORS of a remote's files: only the host's page reads them across origins (the MF runtime and
 * the service worker fetch manifests; entries and chunks load with crossorigin). The host's
 * own origin needs none. Answers the headers for a request from `requestOrigin`.
 */
export function corsHeaders({ servesHost, requestOrigin, origins = appOrigins() }) {
  if (servesHost || requestOrigin !== origins.host) return { Vary: 'Origin' };
  return { 'Access-Control-Allow-Origin': origins.host, 'Timing-Allow-Origin': origins.host, Vary: 'Origin' };
}

/** Never published: source maps (production builds emit none; older releases may hold some). */
export const isPrivateFile = (urlPath) => /\.map$/i.test(urlPath);

/**
 * The one source of the headers every static origin of the front end sends (host and
 * remotes, as stack/serve-static.ts serves them and as docs/deploy/nginx.conf, rendered from
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
import { APPS, STAFF_APPS, apiPublicOrigin, originOf } from '../../../apps.config.mjs';
import { LANG_PARAM, pageFile, PAGES_DIR, readPagesIndex } from './pages';
import { contract } from './shared';

/** Beside every published page: page file name -> the hashes of its inline scripts and styles. */
export const CSP_HASHES = 'csp-hashes.json';

/** The origins the front end is made of: the host, the four remotes and the API. */
export interface Origins {
  host: string;
  remotes: string[];
  api: string;
}
/** The hashes a page's inline code runs by (CSP source expressions). */
export interface Hashes {
  scripts: string[];
  styles: string[];
}

export function appOrigins(): Origins {
  const host = APPS.find((a) => a.name === 'host')!;
  return {
    host: originOf(host),
    remotes: APPS.filter((a) => a !== host).map((a) => originOf(a)),
    api: apiPublicOrigin(),
  };
}

const sha256 = (text: string) => `'sha256-${crypto.createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/**
 * The hashes of a page's inline code that runs: scripts with no src (data blocks such as
 * type="application/json" are not run, so need none) and style elements.
 */
export function inlineHashes(html: string): Hashes {
  const scripts = [...html.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/gi)]
    .filter(([, attrs = '']) => !/\ssrc\s*=/i.test(attrs) && !/\stype\s*=\s*["']?application\/(ld\+)?json/i.test(attrs))
    .map(([, , body]) => sha256(body));
  const styles = [...html.matchAll(/<style(\s[^>]*)?>([\s\S]*?)<\/style>/gi)].map(([, , body]) => sha256(body));
  // style attributes of pre-rendered markup (prerender/): each allowed by its hash, which CSP takes only with 'unsafe-hashes'
  const attributes = [...html.matchAll(/\sstyle="([^"]*)"/gi)].map(([, value]) => sha256(decodeEntities(value)));
  return { scripts: [...new Set(scripts)], styles: [...new Set(styles), ...(attributes.length ? ["'unsafe-hashes'", ...new Set(attributes)] : [])] };
}

/** An attribute's value as the browser reads it (React escapes these five). */
const decodeEntities = (v: string) =>
  v.replace(/&(quot|#x27|#39|lt|gt|amp);/g, (_, e: string) => ({ quot: '"', '#x27': "'", '#39': "'", lt: '<', gt: '>', amp: '&' })[e]!);

/** The text of `dir`/CSP_HASHES once `page` (its file name there) is published with `html`. */
export function pageHashesFile(dir: string, page: string, html: string): string {
  const file = path.join(dir, CSP_HASHES);
  const all = fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : {};
  return `${JSON.stringify({ ...all, [page]: inlineHashes(html) }, null, 2)}\n`;
}

/** The published hashes of the page at `file` (none when it was not published with them). */
export function publishedHashes(file: string): Hashes {
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
export function contentSecurityPolicy({ origins = appOrigins(), hashes = { scripts: [], styles: [] } }: { origins?: Origins; hashes?: Hashes } = {}): string {
  // by origin: a remote served under the host's origin by path (nginxConfig) is the host's own
  const app = [origins.host, ...origins.remotes].map((o) => new URL(o).origin);
  const directives: Record<string, string[]> = {
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
  'camera=(self), microphone=(), geolocation=(), payment=(), usb=(), serial=(), hid=(), midi=(), display-capture=(), fullscreen=(), browsing-topics=()';

/** Sent by every origin on every answer; the CSP of a page carries its own hashes. */
export function securityHeaders({ origins = appOrigins(), hashes }: { origins?: Origins; hashes?: Hashes } = {}): Record<string, string> {
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
export function corsHeaders({
  servesHost,
  requestOrigin,
  origins = appOrigins(),
}: {
  servesHost: boolean;
  requestOrigin: string | undefined;
  origins?: Origins;
}): Record<string, string> {
  if (servesHost || requestOrigin !== origins.host) return { Vary: 'Origin' };
  return { 'Access-Control-Allow-Origin': origins.host, 'Timing-Allow-Origin': origins.host, Vary: 'Origin' };
}

/** Never published: source maps (production builds emit none; older releases may hold some). */
export const isPrivateFile = (urlPath: string) => /\.map$/i.test(urlPath);

/** nginx's add_header lines for `headers` (`always`: error answers carry them too). */
const addHeaders = (headers: Record<string, string>, indent: string) => Object.entries(headers).map(([n, v]) => `${indent}add_header ${n} "${v}" always;`);

/**
 * The pre-rendered entry pages as the proxy serves them (pages.ts), from the
 * index in the host's published folder `publishedDir`: their folder, per address the route and
 * languages, and each page file's hashes (none rendered yet: undefined).
 */
export interface ProxiedPages {
  folder: string;
  addresses: { address: string; route: string }[];
  files: { file: string; hashes: Hashes }[];
}

export function proxiedPages(publishedDir: string): ProxiedPages | undefined {
  const index = readPagesIndex(publishedDir);
  if (!index) return undefined;
  const hashes = (file: string) => publishedHashes(path.join(publishedDir, PAGES_DIR, index.dir, file));
  const at = (p: { url: string }) => p.url.split('?')[0];
  return {
    folder: `/${PAGES_DIR}/${index.dir}`,
    addresses: [...new Set(index.pages.map(at))].map((address) => ({ address, route: index.pages.find((p) => at(p) === address)!.route })),
    files: index.pages.map((p) => ({ file: p.file, hashes: hashes(p.file) })),
  };
}

/** the access log's format: no query string, no referrer (a query names a borrower: GET calls are sealed in it) */
const LOG_FORMAT = 'loanmarket';

/** the access log's format */
const accessLogFormat = [
  "# the access log: the path, never the query string (sealed API parameters: a borrower's number, order numbers, codes)",
  `log_format ${LOG_FORMAT} '$remote_addr [$time_local] "$request_method $uri $server_protocol" $status $body_bytes_sent '`,
  "  '$request_time $upstream_addr $upstream_status';",
];

/**
 * A server's client address: with `realIpFrom` (the addresses of a CDN or load balancer in front of nginx) the last
 * address of X-Forwarded-For that is not one of them (nginx's realip module); without, the connection's source, and
 * what a client writes in X-Forwarded-For is ignored.
 */
const realIp = (realIpFrom: string[], indent: string): string[] =>
  realIpFrom.length
    ? [
        `${indent}# the client as the CDN in front names it (only its addresses are believed)`,
        ...realIpFrom.map((a) => `${indent}set_real_ip_from ${a};`),
        `${indent}real_ip_header X-Forwarded-For;`,
        `${indent}real_ip_recursive on;`,
      ]
    : [];

/**
 * The page's language from its address's `?lang=` (nginx's $arg_lang: empty when absent), the app's rule
 * (shared/src/contract/limits.ts uiLanguage) rendered from its constants: none or en is English, any other Urdu.
 */
export const LANGUAGE_MAP = [
  `map $arg_${LANG_PARAM} $lm_page_lang {`,
  `  default ${contract.OTHER_UI_LANGUAGE};`,
  `  "" ${contract.DEFAULT_UI_LANGUAGE};`,
  `  ${contract.DEFAULT_UI_LANGUAGE} ${contract.DEFAULT_UI_LANGUAGE};`,
  '}',
];

/** the text types nginx compresses (text/html always is) */
const GZIP_TYPES = 'text/css application/javascript application/json image/svg+xml application/manifest+json';

/**
 * nginx's map_hash_bucket_size for `keys`: a bucket holds at least one key (a pointer, its length, the key rounded up to a
 * pointer's size) and the bucket's end; the default (a cache line, 64 here) refuses a start with a page's address of 51
 * characters ("could not build map_hash"), so it is a power of two that holds the longest key with room
 */
export const mapBucketSize = (keys: string[]) => 2 ** Math.max(6, Math.ceil(Math.log2(Math.max(0, ...keys.map((k) => k.length)) + 32)));

/**
 * The production proxy's configuration of the same headers (docs/deploy/nginx-front-ends.conf is
 * this for the default configuration): one server per origin, the host's build under the page
 * and remotes.json it publishes (releases/host), each remote's releases folder as its bucket.
 * `hashes`: per app dir, the published page's hashes (its CSP_HASHES); `pages`: proxiedPages'
 * (at each page's address the page of the language asked for while its file is there, else the
 * host's page; each with its own policy). The deploy step renders again after each publish that
 * changes them: the host's rebuild, a pages folder of other hashes (a release that changed their
 * styles; a re-render of the same lands in the same folder). nginx repeats add_header per location:
 * a location's own replace the server's. `apiUpstream`: the balancer the host's /api and /cou go to, with the
 * client's address in X-Forwarded-For; `logDir`: where the access log (no query strings) is written; an https origin is
 * served with TLS and HTTP/2 with its certificate from `tlsDir`; `realIpFrom`:
 * the addresses of a CDN in front whose X-Forwarded-For is believed (none: the connection's source is the client);
 * `brotli`: the published brotli copies sent as they are (nginx's brotli_static module must be loaded: core/nginx.ts
 * BROTLI_STATIC), beside the gzip copies.
 */
export function nginxConfig({
  origins = appOrigins(),
  hashes = {},
  pages,
  root = '/srv/loanmarket',
  apiUpstream = '127.0.0.1:4000',
  logDir = '/var/log/nginx',
  tlsDir = '/etc/ssl/loanmarket',
  realIpFrom = [],
  staffOrigins = STAFF_APPS.map((a) => originOf(a)),
  staffAllow = [],
  brotli = false,
}: {
  origins?: Origins;
  hashes?: Record<string, Hashes>;
  pages?: ProxiedPages;
  root?: string;
  apiUpstream?: string;
  logDir?: string;
  /** an https origin's certificate and key: `tlsDir`/<hostname>.crt and .key */
  tlsDir?: string;
  realIpFrom?: string[];
  /** each staff app's origin (apps.config.mjs STAFF_APPS, in its order; none: no staff server, as a test of the borrower's front ends has it) */
  staffOrigins?: string[];
  /** the staff networks (addresses or CIDRs) the staff origins answer; none: every address (the API still asks a staff sign-in) */
  staffAllow?: string[];
  brotli?: boolean;
} = {}): string {
  const files = securityHeaders({ origins });
  const lines = [
    '# Rendered by `npm run nginx -w platform` from platform/src/core/security-headers.ts, the one source',
    '# of these headers (platform/src/stack/serve-static.ts sends the same locally; e2e/tests/security-headers.spec.ts checks them).',
    "# Render again when the host is rebuilt or the pre-rendered pages' folder changes (releases/host/pages/pages.json `dir`):",
    "# a page's CSP carries the hashes published beside it (csp-hashes.json).",
    '',
    ...accessLogFormat,
    '',
    '# before the first map: the longest key of a map (the origins, the pages) fits a bucket',
    `map_hash_bucket_size ${mapBucketSize([origins.host, ...(pages?.files.map((p) => `${pages.folder}/${p.file}`) ?? [])])};`,
    '',
    "# CORS: only the host's page reads a remote's files across origins",
    'map $http_origin $lm_cors_origin {',
    '  default "";',
    `  "${origins.host}" "${origins.host}";`,
    '}',
    '',
    ...(pages
      ? [
          "# the pre-rendered entry pages (platform/src/core/pages.ts): the language asked for, by the app's rule (uiLanguage), each page's policy",
          ...LANGUAGE_MAP,
          'map $uri $lm_page_csp {',
          `  default "${files['Content-Security-Policy']}";`,
          ...pages.files.map((p) => `  "${pages.folder}/${p.file}" "${contentSecurityPolicy({ origins, hashes: p.hashes })}";`),
          '}',
        ]
      : ['# the pre-rendered entry pages (platform/src/core/pages.ts): their locations come with a releases folder holding them']),
  ];
  const cors = { 'Access-Control-Allow-Origin': '$lm_cors_origin', 'Timing-Allow-Origin': '$lm_cors_origin', Vary: 'Origin' };
  /** a server's opening: where it listens (TLS for https), its files, the log, compression, no source maps */
  const serverHead = (url: URL, files: string) => [
    'server {',
    ...(url.protocol === 'https:'
      ? [
          // TLS 1.3 (1.2 for older phones) and HTTP/2: one connection per origin, not six
          `  listen ${url.port || 443} ssl http2;`,
          `  ssl_certificate ${tlsDir}/${url.hostname}.crt;`,
          `  ssl_certificate_key ${tlsDir}/${url.hostname}.key;`,
          '  ssl_protocols TLSv1.2 TLSv1.3;',
          '  ssl_session_cache shared:loanmarket_tls:10m;',
        ]
      : [`  listen ${url.port || 80};`]),
    `  server_name ${url.hostname};`,
    `  root ${files};`,
    `  access_log ${logDir}/loanmarket.access.log ${LOG_FORMAT};`,
    ...realIp(realIpFrom, '  '),
    '  charset utf-8;',
    '  # the compressed copies published beside every text file (the builds, the host page, remotes.json, the pre-rendered',
    `  # pages: platform/src/core/compressed.ts) as they are${brotli ? ', brotli to a browser that takes it' : ''}; a file with none compressed here`,
    '  gzip_static on;',
    ...(brotli ? ['  brotli_static on;'] : []),
    '  gzip on;',
    `  gzip_types ${GZIP_TYPES};`,
    '  gzip_min_length 512;',
    '  gzip_vary on;',
    '  # no source maps, whatever a build folder holds',
    '  location ~* \\.map$ { return 404; }',
  ];
  const apps = APPS.map((app) => ({ app, origin: app.name === 'host' ? origins.host : origins.remotes[APPS.filter((a) => a.name !== 'host').indexOf(app)] }));
  const hostOrigin = new URL(origins.host).origin;
  /** remotes served by path under the host's origin: their locations go in the host's server */
  const byPath = apps.filter(({ app, origin }) => app.name !== 'host' && new URL(origin).origin === hostOrigin);
  for (const { app, origin } of byPath)
    if (new URL(origin).pathname.replace(/\/$/, '') !== `/${app.dir}`)
      throw new Error(`${app.dir} under the host's origin is served at ${hostOrigin}/${app.dir} (its releases folder's name), not ${origin}`);
  /** the pointer page to a remote's current standalone page at `at` (its releases folder: `files`), and its versions' files */
  const remoteLocations = (app: (typeof APPS)[number], at: string, files?: string) => [
    "  # the pointer page to the current version's standalone page",
    `  location ~ ^${at}(index\\.html)?$ {`,
    ...(files ? [`    root ${files};`] : []),
    `    try_files ${at}index.html =404;`,
    '    add_header Cache-Control "no-cache" always;',
    ...addHeaders({ ...securityHeaders({ origins, hashes: hashes[app.dir] }), ...(files ? { Vary: 'Origin' } : cors) }, '    '),
    '  }',
  ];
  for (const { app, origin } of apps) {
    if (byPath.some((p) => p.app === app)) continue;
    const isHost = app.name === 'host';
    const url = new URL(origin);
    const extra = isHost ? { Vary: 'Origin' } : cors;
    lines.push('', `# ${app.dir}: ${origin}`, ...serverHead(url, `${root}/${isHost ? `${app.dir}/dist` : `releases/${app.dir}`}`));
    const published = `${root}/releases/host`;
    if (isHost)
      lines.push(
        '  # what is published for the remotes (platform/src/core/host-page.ts): the page and the remote map',
        `  location ~ ^/(index\\.html)?$ {`,
        `    root ${published};`,
        '    try_files /index.html =404;',
        '    add_header Cache-Control "no-cache" always;',
        ...addHeaders({ ...securityHeaders({ origins, hashes: hashes[app.dir] }), ...extra }, '    '),
        '  }',
      );
    else lines.push(...remoteLocations(app, '/'));
    if (isHost)
      for (const remote of byPath) {
        const at = `/${remote.app.dir}/`;
        lines.push(
          `  # ${remote.app.dir}'s releases by path (${remote.origin}): one origin, no handshake of its own; its releases folder its own`,
          ...remoteLocations(remote.app, at, `${root}/releases`),
          `  location ${at} {`,
          `    root ${root}/releases;`,
          '    try_files $uri =404;',
          ...addHeaders({ ...files, Vary: 'Origin' }, '    '),
          '  }',
        );
      }
    if (isHost && pages)
      for (const { address, route } of pages.addresses)
        lines.push(
          `  location = ${address} {`,
          `    root ${published};`,
          `    try_files ${pages.folder}/${pageFile(route, '$lm_page_lang')} /index.html;`,
          '    add_header Cache-Control "no-cache" always;',
          ...addHeaders({ ...files, 'Content-Security-Policy': '$lm_page_csp', ...extra }, '    '),
          '  }',
        );
    if (isHost)
      lines.push(
        '  location = /remotes.json {',
        `    root ${published};`,
        '    add_header Cache-Control "no-cache" always;',
        ...addHeaders({ ...files, ...extra }, '    '),
        '  }',
        '  location ~ ^/(api|cou)/ {',
        `    proxy_pass http://${apiUpstream};`,
        '    proxy_set_header Host $host;',
        '    # the client is the address this request came from, never what it wrote in the header (the balancer trusts this',
        "    # proxy's X-Forwarded-For: platform/src/stack/cluster.ts haproxyConfig's frontProxies)",
        '    proxy_set_header X-Forwarded-For $remote_addr;',
        "    # nginx's error lines quote the whole request line, a sealed query included: none kept for the API; its failures",
        "    # are in the access log ($upstream_status) and in the balancer's log",
        '    error_log /dev/null;',
        '  }',
      );
    lines.push('  location / {', '    try_files $uri =404;', ...addHeaders({ ...files, ...extra }, '    '), '  }', '}');
  }
  staffOrigins.forEach((origin, i) => {
    const app = STAFF_APPS[i];
    // its own policy: its page's scripts and styles from itself alone (no borrower origin), its calls to the API only
    const own = { host: origin, remotes: [], api: origins.api };
    const page = securityHeaders({ origins: own, hashes: hashes[app.dir] });
    const headers = securityHeaders({ origins: own });
    lines.push(
      '',
      `# ${app.dir} (staff only, never composed into the host: no CORS, no /api): ${origin}`,
      ...serverHead(new URL(origin), `${root}/releases/${app.dir}`),
      ...(staffAllow.length
        ? [
            '  # the staff networks only; the API asks a staff sign-in (password and code) of every call besides',
            ...staffAllow.map((a) => `  allow ${a};`),
            '  deny all;',
          ]
        : []),
      "  # the pointer page to the current version's standalone page",
      `  location ~ ^/(index\\.html)?$ {`,
      '    try_files /index.html =404;',
      '    add_header Cache-Control "no-cache" always;',
      ...addHeaders(page, '    '),
      '  }',
      '  location / {',
      '    try_files $uri =404;',
      ...addHeaders(headers, '    '),
      '  }',
      '}',
    );
  });
  return `${lines.join('\n')}\n`;
}

/** The configuration for what is published in `releasesDir`: each app's page hashes (the staff console's too) and the host's pre-rendered pages. */
export function releasedNginxConfig(releasesDir: string, options: Omit<Parameters<typeof nginxConfig>[0] & {}, 'hashes' | 'pages'> = {}): string {
  const hashes = Object.fromEntries([...APPS, ...STAFF_APPS].map((a) => [a.dir, publishedHashes(path.join(releasesDir, a.dir, 'index.html'))]));
  const host = APPS.find((a) => a.name === 'host')!;
  return nginxConfig({ ...options, hashes, pages: proxiedPages(path.join(releasesDir, host.dir)) });
}

// npm run nginx -w platform -- [releases dir] [--real-ip-from=<address or CIDR>,...] [--staff-allow=<address or CIDR>,...] [--brotli]:
// the proxy's configuration for this configuration, with the hashes published in the releases folder (none given: a
// placeholder); the staff origins answering the --staff-allow networks only; --brotli: the brotli copies sent too (an
// nginx with the brotli_static module loaded, Debian's libnginx-mod-http-brotli-static)
if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname) && process.argv[2] === 'nginx') {
  const args = process.argv.slice(3);
  const releases = args.find((a) => !a.startsWith('--'));
  const listed = (flag: string) => args.filter((a) => a.startsWith(flag)).flatMap((a) => a.slice(flag.length).split(',').filter(Boolean));
  const placeholder = { scripts: ["'sha256-(published)'"], styles: ["'sha256-(published)'"] };
  const options = { realIpFrom: listed('--real-ip-from='), staffAllow: listed('--staff-allow='), brotli: args.includes('--brotli') };
  process.stdout.write(
    releases
      ? releasedNginxConfig(releases, options)
      : nginxConfig({ ...options, hashes: Object.fromEntries([...APPS, ...STAFF_APPS].map((a) => [a.dir, placeholder])) }),
  );
}

// Where each app runs locally: one place for the ports and MF names. Each port can be
// overridden by an environment variable (ports are sometimes taken on shared machines).
export const API_PORT = Number(process.env.API_PORT ?? 4000);
/** The rails sandbox (server/sandbox/): the payment provider the API talks to in development. */
export const SANDBOX_PORT = Number(process.env.SANDBOX_PORT ?? 4900);

/** Build output folder of every app (a second checkout of the stack can use another). */
export const DIST_DIR = process.env.DIST_DIR ?? 'dist';

export const APPS = [
  { dir: 'host', name: 'host', port: Number(process.env.HOST_PORT ?? 3100) },
  { dir: 'mf-onboarding', name: 'mf_onboarding', port: Number(process.env.MF_ONBOARDING_PORT ?? 3101) },
  { dir: 'mf-loan', name: 'mf_loan', port: Number(process.env.MF_LOAN_PORT ?? 3102) },
  { dir: 'mf-repay', name: 'mf_repay', port: Number(process.env.MF_REPAY_PORT ?? 3103) },
  { dir: 'mf-usercenter', name: 'mf_usercenter', port: Number(process.env.MF_USERCENTER_PORT ?? 3104) },
];

/**
 * Apps for the lender's staff: released with the same tooling as the remotes, each served alone on its own origin
 * (its release's own page), never composed into the borrower's host (whose remotes are APPS'). `staff: true` says so
 * wherever a tool takes either list.
 */
export const STAFF_APPS = [{ dir: 'mf-operations', name: 'mf_operations', port: Number(process.env.MF_OPERATIONS_PORT ?? 3105), staff: true }];

/** @type {(dir: string) => { dir: string; name: string; port: number; staff?: boolean } | undefined} */
export const appByDir = (dir) => [...APPS, ...STAFF_APPS].find((a) => a.dir === dir);

/**
 * Where remotes' releases are published and served from (platform/src/release/), one folder per
 * remote: immutable version folders and the pointer to the current one. A second stack
 * (another DIST_DIR) gets its own. Relative to the repository root (this file has no imports:
 * Playwright loads it too).
 */
export const RELEASES_DIR = process.env.RELEASES_DIR ?? (DIST_DIR === 'dist' ? 'releases' : `releases-${DIST_DIR}`);

/**
 * Where the browser reaches an app: its origin, or for a remote where its releases are served. Locally each app on its
 * own port, as if deployed apart. In production PUBLIC_ORIGIN is the host's origin (https://app.loanmarket.pk) and each
 * remote is served by path under it, `<PUBLIC_ORIGIN>/<its dir>` (docs/deploy/README.md: on a phone's link one origin was
 * measured faster than an origin per remote, and each remote keeps its own releases folder and pointer);
 * STAFF_PUBLIC_ORIGIN is the staff console's own origin.
 */
export const originOf = (app, hostname = process.env.PUBLIC_HOSTNAME ?? 'localhost') => {
  const local = `http://${hostname}:${app.port}`;
  if (app.staff) return process.env.STAFF_PUBLIC_ORIGIN ?? local;
  const host = process.env.PUBLIC_ORIGIN;
  if (!host || !app.dir) return local;
  return app.name === 'host' ? host : `${host}/${app.dir}`;
};

/** The API's public origin, as a browser reaches it (the pages' Content-Security-Policy; the operations console calls it directly). */
export const apiPublicOrigin = () => process.env.API_PUBLIC_ORIGIN ?? originOf({ port: API_PORT });

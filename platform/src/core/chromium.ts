/**
 * Debian's Chromium as every tool here launches it: the paths and the flags for a headless run in a
 * container (no sandbox, no GPU, no background traffic that would blur network figures, no QUIC so a
 * throttled link applies to every request).
 * Two builds of the same engine (one Debian source, one version):
 * - `chromium`, the whole browser, for what measures or shows what a borrower gets: the start-up benchmark,
 *   Lighthouse, screenshots (CHROMIUM_PATH overrides);
 * - `chromium-headless-shell`, the browser without its window layer, for automation: the e2e suite, a
 *   release's smoke load and its pre-rendered pages, test images (HEADLESS_SHELL_PATH overrides). The same
 *   58 foundation specs took 55-57 s on it against 84-87 s on the whole browser, one after the other (2026-11-27).
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const HEADLESS_SHELL_PATH = process.env.HEADLESS_SHELL_PATH ?? '/usr/bin/chromium-headless-shell';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/** Playwright's launch options for the whole browser. */
export const CHROMIUM_LAUNCH = { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS };
/** ... and for the headless shell. */
export const AUTOMATION_LAUNCH = { executablePath: HEADLESS_SHELL_PATH, args: CHROMIUM_ARGS };

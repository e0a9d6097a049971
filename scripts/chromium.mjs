/**
 * Debian's Chromium as every tool here launches it: the path (CHROMIUM_PATH overrides) and
 * the flags for a headless run in a container (no sandbox, no GPU, no background traffic
 * that would blur network figures, no QUIC so a throttled link applies to every request).
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

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

/** Playwright's launch options for it. */
export const CHROMIUM_LAUNCH = { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS };

/**
 * Start-up figures in one place.
 * - TARGETS: where start-up must get to (issue 26); the benchmark (measure-startup.mjs) prints
 *   its figures beside them. Times are medians of 3 on emulated slow 3G (400 ms, 400 kbit/s),
 *   the service worker's requests throttled too; bytes are JS as sent (brotli) on a first visit.
 *   Never asserted by a timed test: they depend on the machine's load.
 * - BUDGET: what the test command enforces (e2e/tests/pwa.spec.ts): a count of bytes, today's
 *   figure with a little room, lowered as the work gets nearer the target, never raised to let
 *   growth in.
 */
export const TARGETS = {
  homeVisibleMs: 1200,
  tapMeMs: 5000,
  repeatVisitMs: 500,
  warmChangeMs: 400,
  homeInteractiveJs: 170 * 1024,
  loginJs: 200 * 1024,
  lighthouseScore: 95,
  lighthouseLcpMs: 1500,
};

/**
 * Where start-up must get to on the shaped link (issue 44; tools/bench/real-link/bench.mjs): the production chain (DNS,
 * TCP, TLS 1.3, HTTP/2) behind 200 ms each way at 400 kbit/s, medians of 3, the floor (one small file on a fresh
 * connection) measured in the same run.
 */
export const REAL_LINK_TARGETS = {
  homeVisibleOverFloorMs: 400,
  homeInteractiveMs: 5000,
  tapMeMs: 3500,
  repeatVisitMs: 300,
};

// 2026-11-27 (issue 26), axios loaded by the first call, counted by the page's clock with every JS file 500 ms late
// (pwa.spec.ts): the pre-rendered home interactive 167.0 KB (184.5 before: axios was in the start); the host's plain page,
// whose first screen waits for its calls, 185.4 KB at home's first render (183.1 before: axios as a chunk of its own is
// 1.6 KB more than its share of shared's); login 163.7 KB (181.3 before). tools/measure-startup.mjs says which packages.
// 2026-11-28: login 172.6 KB after issues 38-45's merges (the session check, the sign-in state, the contract's new
// modules); the budget moved to 174 KB with the growth not yet traced to its packages: a regression to take back.
// 2026-11-29 (issue 42, signed releases): the pre-rendered home interactive 171.2 KB (175,313 B), the plain page's home
// 189.6 KB (194,196 B), both 1.2-1.7 KB more: the host's signature check (host/src/remotes/integrity.ts) and mf-loan's
// entry now carrying a sha384 per chunk (SubresourceIntegrityPlugin; base64 digests do not compress). Moved by that much,
// a price paid for what phones run being their squad's, not growth let in.
// 2026-11-29 (issue 44, fewer bytes before interactive): the pre-rendered home interactive 153.7 KB (157,363 B; 171.2 before),
// the plain page's home 184.4 KB (188,870 B; 189.6), login 154.3 KB (157,970 B; 171.7): a package's code in one chunk
// (react-i18next was there 3 times, react-dom's index and zustand twice), react-router's production build, the wire's cipher
// (crypto-js) loaded with the first call, the schemas' and error catalogue's messages after the hydrating screen (i18n/later.ts).
export const BUDGET = {
  homeInteractiveJs: 155 * 1024,
  homeJs: 186 * 1024,
  loginJs: 156 * 1024,
};

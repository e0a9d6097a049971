/**
 * Start-up figures in one place. Bytes are JS as transferred (compressed) before the screen
 * first renders, on a first visit.
 * - TARGETS: where start-up must get to (issue 10); the benchmark (measure-startup.mjs)
 *   reports against them.
 * - BUDGET: what the test command enforces (e2e/tests/pwa.spec.ts): today's figure with a
 *   little room, lowered as the work gets nearer the target, never raised to let growth in.
 */
export const TARGETS = {
  homeJs: 170 * 1024,
  // issue 26
  loginJs: 200 * 1024,
};

// 2026-11-27 (issue 26): home 183.1 KB, login 229.4 KB (scripts/build/startup-bytes.mjs says which packages)
export const BUDGET = {
  homeJs: 186 * 1024,
  loginJs: 232 * 1024,
};

/**
 * Start-up figures in one place: the budget the test command enforces (e2e/tests/perf-budget)
 * and the targets the benchmark (measure-startup.mjs) reports against. Bytes are JS as
 * transferred (compressed) before the screen first renders, on a first visit.
 */
export const BUDGET_TARGETS = {
  homeJs: 170 * 1024,
  loginJs: 190 * 1024,
};

/**
 * When a screen is there, as the page's own clock reads it, and what the page had fetched by then: for the start-up
 * benchmark (measure-startup.mjs) and the byte budgets (e2e/tests/pwa.spec.ts), so both count the same way.
 * "Interactive" is React owning the element (its props on the node: set as it hydrates or renders it); a pre-rendered
 * element is there long before.
 */

/** page time (ms) at the first animation frame where `selector` matches, and with `owned`, React owns it */
export const screenTimeOf = (page, selector, owned) =>
  page
    .waitForFunction(
      ([sel, own]) => {
        const el = document.querySelector(sel);
        if (!el) return false;
        if (own && !Object.keys(el).some((k) => k.startsWith('__reactProps'))) return false;
        return performance.now();
      },
      [selector, owned],
      { timeout: 120_000, polling: 'raf' },
    )
    .then((h) => h.jsonValue());

/** the addresses of the files that finished before page time `t` */
export const fetchedBefore = (page, t) =>
  page.evaluate(
    (until) =>
      performance
        .getEntriesByType('resource')
        .filter((e) => e.responseEnd <= until)
        .map((e) => e.name),
    t,
  );

/** JS bytes as transferred (compressed) of the files that finished before page time `t` */
export const jsBytesBefore = (page, t) =>
  page.evaluate(
    (until) =>
      performance
        .getEntriesByType('resource')
        .filter((e) => e.responseEnd <= until && /\.js(\?|$)/.test(e.name))
        .reduce((n, e) => n + e.encodedBodySize, 0),
    t,
  );

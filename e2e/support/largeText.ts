/**
 * Large text (issue 45; WCAG 1.4.4 resize text, 1.4.10 reflow): every route of the spec's table at 360 px with the
 * text at 200 %, signed out and signed in, in English and Urdu; no screen wider than the viewport.
 *
 * Text at 200 %: the app sizes all its text in rem (styles.css and each remote's; no px font sizes), so the root's
 * font size at 200 % is what a browser's or a phone's text-size setting does to it (not page zoom, which would
 * also halve the CSS viewport).
 */
import { expect, type Page } from '@playwright/test';
import { SPEC_ROUTES } from 'shared/routes';
import type { Borrower } from './api';
import { signIn } from './loan';

export const VIEWPORT = 360;

/** the text of the page at 200 %, as a text-size setting makes it (kept across the app's own navigations; set again after a load) */
export const textAt200 = (page: Page) => page.evaluate(() => void (document.documentElement.style.fontSize = '200%'));

/** how far the page is wider than its viewport, and the elements past either edge (for the failure message) */
export function overflowOf(page: Page) {
  return page.evaluate(() => {
    const vw = document.documentElement.clientWidth;
    const width = document.documentElement.scrollWidth;
    const culprits: string[] = [];
    if (width > vw)
      for (const el of Array.from(document.querySelectorAll('body *'))) {
        const r = el.getBoundingClientRect();
        if (r.width > 0 && (r.right > vw + 0.5 || r.left < -0.5))
          culprits.push(
            `<${el.tagName.toLowerCase()} class="${el.getAttribute('class') ?? ''}"> ${Math.round(r.left)}..${Math.round(r.right)} "${(el.textContent ?? '').trim().slice(0, 40)}"`,
          );
      }
    return { width, vw, culprits: culprits.slice(-6) };
  });
}

/** the screen shown and its data in (no skeleton left), text at 200 % */
async function settle(page: Page) {
  await expect(page.locator('main, [data-testid=remote-error]').first()).toBeVisible({ timeout: 20_000 });
  await expect(page.locator('.skeleton'))
    .toHaveCount(0, { timeout: 10_000 })
    .catch(() => undefined); // a screen that keeps a placeholder is measured as it is
  await textAt200(page);
  // the layout after the root's size changed (reading the widths lays the page out again anyway), and what the screen's own
  // observers of its size did with it: two frames on
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
}

/**
 * Opens `hash` and returns what spills past 360 px ('' when nothing). From a page of the app already loaded, the same
 * document (a hash navigation, as the app's own links go), the text kept at 200 %.
 */
export async function spillAt(page: Page, hash: string): Promise<string> {
  await page.goto(`/#${hash}`);
  await settle(page);
  const o = await overflowOf(page);
  return o.width > o.vw ? `${hash}: ${o.width} px wide\n    ${o.culprits.join('\n    ')}` : '';
}

/** what a walk also checks on a route it opens (its path, as in the route table): the screen's own words, a screenshot */
export type RouteChecks = Partial<Record<string, (page: Page) => Promise<void>>>;

/**
 * Every spec route signed out (`who` null) or as the borrower(s): `borrowing` for every route but the repayment
 * screens, which open `repaying`'s loan. Returns the routes that spill, with why.
 */
export async function walkRoutes(
  page: Page,
  lang: 'en' | 'ur',
  who: { borrowing: Borrower & { orderNo: string }; repaying: Borrower & { orderNo: string } } | null,
  checks: RouteChecks = {},
): Promise<string[]> {
  const spills: string[] = [];
  const walk = async (routes: readonly { path: string }[], query = '') => {
    for (const r of routes) {
      const s = await spillAt(page, `${r.path}${query}`);
      if (s) spills.push(s);
      await checks[r.path]?.(page);
    }
  };
  const isRepay = (r: { remote: string }) => r.remote === 'mf_repay';
  if (!who) {
    await page.goto('/e2e-storage');
    await page.evaluate((l) => localStorage.setItem('language', l), lang);
    await walk(SPEC_ROUTES);
    return spills;
  }
  await signIn(page, who.borrowing, { lang });
  await walk(
    SPEC_ROUTES.filter((r) => !isRepay(r)),
    `?orderNo=${who.borrowing.orderNo}`,
  );
  await signIn(page, who.repaying, { lang });
  await walk(SPEC_ROUTES.filter(isRepay), `?orderNo=${who.repaying.orderNo}`);
  return spills;
}

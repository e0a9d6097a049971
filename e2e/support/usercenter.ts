/**
 * Helpers for the user-centre specs: a registered borrower made through the real API (over
 * the sealed wire protocol, as the browser client does), and a logged-in page.
 */
import type { Page } from '@playwright/test';
import type { Borrower } from './api';

export { registerBorrower } from './api';

/** Stores the borrower's session the way the app does, before any page script runs. */
export async function loginPage(page: Page, b: Borrower, lang: 'en' | 'ur' = 'en'): Promise<void> {
  await page.addInitScript(
    ([token, user, l]) => {
      if (sessionStorage.getItem('__ucSeeded')) return; // only once: later reloads keep what the app wrote
      sessionStorage.setItem('__ucSeeded', '1');
      localStorage.setItem('token', JSON.stringify({ Authorization: `Bearer ${token}` }));
      localStorage.setItem('userInfo', JSON.stringify(user));
      localStorage.setItem('language', l);
    },
    [b.token, b.user, lang] as const,
  );
}

/** Stores only a language before the app starts (logged out). */
export async function presetLanguage(page: Page, lang: 'en' | 'ur'): Promise<void> {
  await page.addInitScript((l) => {
    if (sessionStorage.getItem('__ucLang')) return;
    sessionStorage.setItem('__ucLang', '1');
    localStorage.setItem('language', l);
  }, lang);
}

/** No serious or critical accessibility violations on the current page. */
export async function expectAccessible(page: Page): Promise<void> {
  const { default: AxeBuilder } = await import('@axe-core/playwright');
  const r = await new AxeBuilder({ page }).analyze();
  const bad = r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  if (bad.length) throw new Error(`axe: ${bad.map((v) => `${v.id} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`).join('; ')}`);
}

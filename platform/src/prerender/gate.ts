/**
 * First in every pre-rendered page (render.ts compiles this file into an inline script), before
 * anything paints: picks the variant of the stored language (the app's own rule and storage code:
 * shared/src/contract/limits.ts uiLanguage, shared/src/session/storage.ts), puts the route in the
 * hash where the app's hash router reads it, and decides whether the markup is hydrated
 * (`data-boot="hydrate"`) or the app renders itself (`"render"`: a signed-in borrower, another route
 * in the hash, or a page older than the bound); host/src/boot/prerendered.ts acts on it. With
 * JavaScript off none of this runs: the page shows as it was rendered.
 * The same code in every page and every render (its CSP hash changes only with this code, so a
 * proxy's configuration names it once): what differs, the page's route, language, time of rendering,
 * bound and the pages' addresses, is the JSON data block just before it (GateData, render.ts).
 * A hydrated page's buttons answer once their screen's code has arrived (seconds on a slow phone):
 * a tap before that is held (no native form submission) and done once the button is the app's; what
 * is typed in a field with a draft (`data-keep`) is stored as the app stores that draft (JSON, as
 * shared/src/session/userStorage.ts). Its links to the app's other routes (real addresses, for a
 * phone with JavaScript off) only change the hash: the Urdu page's `/?lang=ur#/me` would load the page again.
 * Browser code: it imports only what has no dependency (no React, no store).
 */
import { uiLanguage, type UiLanguage } from '../../../shared/src/contract/limits';
import { bearerOf, readKey, type StoredToken } from '../../../shared/src/session/storage';

/** The page's data block (`#prerender-page`), written by render.ts. */
export interface GateData {
  /** the route's path */
  path: string;
  lang: UiLanguage;
  renderedAt: number;
  maxAgeMs: number;
  /** route path -> its page's address in each language */
  pages: Record<string, Record<UiLanguage, string>>;
}

/** React's own key on every element it manages: absent, the element is still the pre-rendered markup */
const isApps = (el: Element) => Object.keys(el).some((k) => k.startsWith('__reactFiber$'));

function holdEarlyTaps() {
  let held: HTMLButtonElement | null = null;
  document.addEventListener(
    'click',
    (e) => {
      // a link to another route of the app's own page (its address here is already `/`): its hash, with no page load
      const link = e.target instanceof Element ? e.target.closest<HTMLAnchorElement>('#root a[href]') : null;
      if (link && !isApps(link) && link.origin === location.origin && link.pathname === '/' && link.hash) {
        e.preventDefault();
        location.hash = link.hash;
        return;
      }
      const button = e.target instanceof Element ? e.target.closest<HTMLButtonElement>('#root button') : null;
      if (!button || isApps(button)) return;
      e.preventDefault(); // a submit button's native submission would leave the page
      e.stopPropagation();
      held?.removeAttribute('data-tapped'); // the last tap is the one meant
      held = button;
      button.setAttribute('data-tapped', '');
      let waited = 0;
      const poll = setInterval(() => {
        waited += 200;
        if (held !== button || !button.isConnected || waited > 120_000) return clearInterval(poll);
        if (!isApps(button)) return;
        clearInterval(poll);
        held = null;
        button.removeAttribute('data-tapped');
        button.click();
      }, 200);
    },
    true,
  );
  // typed in a field whose screen keeps a draft (`data-keep`: the draft's storage key, as the app writes it): stored as
  // typed, so a screen whose code cannot arrive (offline) and is rendered anew later starts from it, not empty
  document.addEventListener(
    'input',
    (e) => {
      const field = e.target;
      if (!(field instanceof HTMLInputElement)) return;
      const key = !isApps(field) && field.closest('#root') ? field.getAttribute('data-keep') : null;
      if (!key) return;
      try {
        if (field.value) localStorage.setItem(key, JSON.stringify(field.value));
        else localStorage.removeItem(key);
      } catch {
        /* storage disabled: nothing kept, as in the app */
      }
    },
    true,
  );
  // Enter in a field: the form's own submission, held the same way (the browser taps its default button first)
  document.addEventListener(
    'submit',
    (e) => {
      if (e.target instanceof Element && e.target.closest('#root') && !isApps(e.target)) e.preventDefault();
    },
    true,
  );
}

function gate() {
  const page = JSON.parse(document.getElementById('prerender-page')!.textContent!) as GateData;
  const root = document.documentElement;
  // what the app reads at boot: its session's language and token (shared/src/session/store.ts)
  const lang = uiLanguage(readKey<string>('language'));
  const signedIn = bearerOf(readKey<StoredToken>('token')) !== null;
  const hash = location.hash.replace(/^#/, '');
  const path = hash ? hash.split('?')[0] : page.path;
  // the address's own query but the variant's `lang`
  const rest = location.search
    .replace(/^\?/, '')
    .split('&')
    .filter((p) => p && p.split('=')[0] !== 'lang')
    .join('&');
  const variant = page.pages[path];
  if (!signedIn && variant && (path !== page.path || lang !== page.lang)) {
    // the page of this route in the stored language, asked for before anything is painted
    root.style.display = 'none';
    const to = variant[lang];
    location.replace(to + (rest ? (to.includes('?') ? '&' : '?') + rest : '') + (hash ? `#${hash}` : ''));
    return;
  }
  // the app's address: its route in the hash, where its router reads it
  const search = rest ? `?${rest}` : '';
  if (location.pathname !== '/' || location.search !== search || (!hash && page.path !== '/'))
    history.replaceState(history.state, '', `/${search}#${hash || page.path}`);
  const fits = !signedIn && lang === page.lang && (!hash || hash === page.path) && Date.now() - page.renderedAt < page.maxAgeMs;
  root.setAttribute('data-boot', fits ? 'hydrate' : 'render');
  if (fits) holdEarlyTaps();
}

gate();

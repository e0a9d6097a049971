// First in every pre-rendered page (scripts/prerender/render.mjs), before anything paints:
// picks the variant of the stored language (the app's own rule: shared/src/session/store.ts),
// puts the route in the hash where the app's hash router reads it, and decides whether the
// markup is hydrated (`data-boot="hydrate"`) or the app renders itself (`"render"`: a signed-in
// borrower, another route in the hash, or a page older than the bound); host/src/boot/prerendered.ts
// acts on it. With JavaScript off none of this runs: the page shows as it was rendered.
// The same code in every page and every render (its CSP hash never changes, so a proxy's
// configuration names it once): what differs, the page's route, language, time of rendering,
// bound and the pages' addresses, is the JSON data block just before it (PAGE_DATA in render.mjs).
// A hydrated page's buttons answer once their screen's code has arrived (seconds on a slow phone):
// a tap before that is held (no native form submission) and done once the button is the app's; what is typed in a
// field with a draft (`data-keep`) is stored as the app stores that draft.
// Its links to the app's other routes (real addresses, for a phone with JavaScript off) only change
// the hash: the Urdu page's `/?lang=ur#/me` would load the page again.
(function () {
  var page = JSON.parse(document.getElementById('prerender-page').textContent);
  var root = document.documentElement;
  function stored(key) {
    try {
      var raw = localStorage.getItem(key);
      try {
        return JSON.parse(raw);
      } catch (_e) {
        return raw;
      }
    } catch (_e) {
      return null; // storage disabled: the app reads nothing either
    }
  }
  var lang = !stored('language') || stored('language') === 'en' ? 'en' : 'ur';
  var token = stored('token');
  var signedIn = !!(token && typeof token.Authorization === 'string' && token.Authorization.indexOf('Bearer ') === 0);
  var hash = location.hash.replace(/^#/, '');
  var path = hash ? hash.split('?')[0] : page.path;
  // the address's own query but the variant's `lang`
  var rest = location.search
    .replace(/^\?/, '')
    .split('&')
    .filter(function (p) {
      return p && p.split('=')[0] !== 'lang';
    })
    .join('&');
  var variant = page.pages[path];
  if (!signedIn && variant && (path !== page.path || lang !== page.lang)) {
    // the page of this route in the stored language, asked for before anything is painted
    root.style.display = 'none';
    var to = variant[lang];
    location.replace(to + (rest ? (to.indexOf('?') < 0 ? '?' : '&') + rest : '') + (hash ? '#' + hash : ''));
    return;
  }
  // the app's address: its route in the hash, where its router reads it
  var search = rest ? '?' + rest : '';
  if (location.pathname !== '/' || location.search !== search || (!hash && page.path !== '/'))
    history.replaceState(history.state, '', '/' + search + '#' + (hash || page.path));
  var fits = !signedIn && lang === page.lang && (!hash || hash === page.path) && Date.now() - page.renderedAt < page.maxAgeMs;
  root.setAttribute('data-boot', fits ? 'hydrate' : 'render');
  if (fits) holdEarlyTaps();

  /** React's own key on every element it manages: absent, the element is still the pre-rendered markup */
  function isApps(el) {
    return Object.keys(el).some(function (k) {
      return k.indexOf('__reactFiber$') === 0;
    });
  }
  function holdEarlyTaps() {
    var held = null;
    document.addEventListener(
      'click',
      function (e) {
        // a link to another route of the app's own page (its address here is already `/`): its hash, with no page load
        var link = e.target instanceof Element ? e.target.closest('#root a[href]') : null;
        if (link && !isApps(link) && link.origin === location.origin && link.pathname === '/' && link.hash) {
          e.preventDefault();
          location.hash = link.hash;
          return;
        }
        var button = e.target instanceof Element ? e.target.closest('#root button') : null;
        if (!button || isApps(button)) return;
        e.preventDefault(); // a submit button's native submission would leave the page
        e.stopPropagation();
        if (held) held.removeAttribute('data-tapped'); // the last tap is the one meant
        held = button;
        button.setAttribute('data-tapped', '');
        var waited = 0;
        var poll = setInterval(function () {
          waited += 200;
          if (held !== button || !button.isConnected || waited > 120000) return clearInterval(poll);
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
      function (e) {
        var field = e.target;
        var key = field instanceof HTMLInputElement && !isApps(field) && field.closest('#root') ? field.getAttribute('data-keep') : null;
        if (!key) return;
        try {
          if (field.value) localStorage.setItem(key, JSON.stringify(field.value));
          else localStorage.removeItem(key);
        } catch (_e) {
          /* storage disabled: nothing kept, as in the app */
        }
      },
      true,
    );
    // Enter in a field: the form's own submission, held the same way (the browser taps its default button first)
    document.addEventListener(
      'submit',
      function (e) {
        if (e.target instanceof Element && e.target.closest('#root') && !isApps(e.target)) e.preventDefault();
      },
      true,
    );
  }
})();

// Inlined into index.html (host/rspack.config.ts): as the page arrives, before any script of
// ours has loaded, asks for the files of the remote that owns the route being opened, and of that
// route's screen, so they download in parallel with the host's own instead of one after another.
// The files are listed when remotes.json is published (platform/src/core/host-page.ts), with each
// release's route table; the spec's owners, built in, stand in for a release that publishes none.
(function () {
  // A preload that failed (the phone offline) is kept by the browser for the first load of its
  // address, which then fails without asking the network: a remote tried again once the network
  // is back failed once more. Each failed preload (these hints', the idle prefetch's) is taken at
  // once by a load of its kind, so the next load asks the network.
  window.addEventListener(
    'error',
    function (event) {
      var link = event.target;
      if (!link || link.tagName !== 'LINK' || link.rel !== 'preload') return;
      if (link.as === 'fetch') {
        fetch(link.href, { credentials: link.crossOrigin === 'use-credentials' ? 'include' : 'same-origin' }).catch(function () {});
        return;
      }
      if (link.as !== 'script' && link.as !== 'style') return;
      var taker = document.createElement(link.as === 'script' ? 'script' : 'link');
      if (link.as === 'style') taker.rel = 'stylesheet';
      if (link.crossOrigin !== null) taker.crossOrigin = link.crossOrigin;
      taker[link.as === 'script' ? 'src' : 'href'] = link.href;
      taker.onload = taker.onerror = function () {
        taker.remove();
      };
      document.head.appendChild(taker);
    },
    true,
  );
  var data = document.getElementById('remote-assets');
  var published = data ? JSON.parse(data.textContent || '{}') : {};
  var owners = __ROUTE_REMOTES__;
  var remotes = published.remotes || {};
  var named = {};
  for (var name in remotes) {
    var routes = remotes[name].routes || [];
    for (var r = 0; r < routes.length; r++) {
      owners[routes[r].path] = name;
      named['/' + routes[r].name] = routes[r].path;
    }
  }
  // a pre-rendered page's address (platform/src/core/pages.ts: /yx1, /login), answered with this page
  // by the service worker: its route goes into the hash, where the app's hash router reads it
  var at = location.pathname;
  if (at !== '/' && !location.hash) {
    var to = owners[at] ? at : named[at];
    if (to) history.replaceState(history.state, '', '/' + location.search + '#' + to);
  }
  // the addresses already asked for: a remote's start-up files once, whichever of its routes is opened; and the
  // stylesheets a pre-rendered page carries inlined, each named by a disabled link before this script
  // (platform/src/prerender/render.ts): never asked for
  var asked = {};
  var carried = document.querySelectorAll('link[rel=stylesheet][disabled]');
  for (var c = 0; c < carried.length; c++) asked[carried[c].href] = true;
  // this device's id (host/src/remotes/tracks.ts deviceId: made here on a first visit, so both choose alike), or none
  // when storage is blocked
  var DEVICE_KEY = 'releases:device:device';
  function deviceId() {
    try {
      var id = JSON.parse(localStorage.getItem(DEVICE_KEY) || 'null');
      if (!id) {
        var bytes = crypto.getRandomValues(new Uint8Array(16));
        id = '';
        for (var b = 0; b < bytes.length; b++) id += (bytes[b] < 16 ? '0' : '') + bytes[b].toString(16);
        localStorage.setItem(DEVICE_KEY, JSON.stringify(id));
      }
      return id;
    } catch (_blocked) {
      return null;
    }
  }
  // the release of `owner` this device runs: its canary when the device's bucket falls in its share (tracks.ts bucketOf,
  // FNV-1a of '<device id>:<remote>', written again here: this script runs before any module), else the current one
  function hintsOf(owner) {
    var canary = (remotes[owner] || {}).canary;
    var hints = (published.canary || {})[owner];
    var id = canary && hints ? deviceId() : null;
    if (id) {
      var key = id + ':' + owner;
      var h = 0x811c9dc5;
      for (var k = 0; k < key.length; k++) h = Math.imul(h ^ key.charCodeAt(k), 0x01000193) >>> 0;
      if (h % 100 < canary.share) return hints;
    }
    return { files: (published.files || {})[owner], screens: (published.screens || {})[owner], integrity: (published.integrity || {})[owner] };
  }
  function hint() {
    var path = location.hash.replace(/^#/, '').split('?')[0] || '/';
    var owner = owners[path];
    if (!owner) return;
    var chosen = hintsOf(owner);
    var urls = (chosen.files || []).concat((chosen.screens || {})[path] || []);
    var signed = chosen.integrity || {};
    for (var i = 0; i < urls.length; i++) {
      if (asked[urls[i]]) continue;
      asked[urls[i]] = true;
      var link = document.createElement('link');
      link.rel = 'preload';
      link.href = urls[i];
      link.crossOrigin = 'anonymous';
      link.as = /\.json$/.test(urls[i]) ? 'fetch' : /\.css$/.test(urls[i]) ? 'style' : 'script';
      // the integrity its load will carry (host/src/remotes/integrity.ts): a preload without it is not used for that
      // load, which asks again; the host's fetch of a manifest or signature carries none
      if (link.as !== 'fetch' && signed[urls[i]]) link.integrity = signed[urls[i]];
      document.head.appendChild(link);
    }
  }
  hint();
  // a pre-rendered page's tab or link tapped before the app has taken the page over (`data-boot`
  // still set): the route's remote comes alongside the host's files, not after them
  window.addEventListener('hashchange', function () {
    if (document.documentElement.hasAttribute('data-boot')) hint();
  });
})();

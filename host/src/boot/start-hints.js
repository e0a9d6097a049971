// Inlined into index.html (host/rspack.config.ts): as the page arrives, before any script of
// ours has loaded, asks for the files of the remote that owns the route being opened, so they
// download in parallel with the host's own instead of one after another. The files are listed
// when remotes.json is published (scripts/host-page.mjs), with each release's route table; the
// spec's owners, built in, stand in for a release that publishes none.
(function () {
  var data = document.getElementById('remote-assets');
  var published = data ? JSON.parse(data.textContent || '{}') : {};
  var owners = __ROUTE_REMOTES__;
  var remotes = published.remotes || {};
  for (var name in remotes) {
    var routes = remotes[name].routes || [];
    for (var r = 0; r < routes.length; r++) owners[routes[r].path] = name;
  }
  var path = location.hash.replace(/^#/, '').split('?')[0] || '/';
  var urls = (published.files || {})[owners[path]] || [];
  for (var i = 0; i < urls.length; i++) {
    var link = document.createElement('link');
    link.rel = 'preload';
    link.href = urls[i];
    link.crossOrigin = 'anonymous';
    link.as = /\.json$/.test(urls[i]) ? 'fetch' : /\.css$/.test(urls[i]) ? 'style' : 'script';
    document.head.appendChild(link);
  }
})();

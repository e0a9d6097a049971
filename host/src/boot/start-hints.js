// Inlined into index.html (host/rspack.config.ts): as the page arrives, before any script of
// ours has loaded, asks for the files of the remote that owns the route being opened, so they
// download in parallel with the host's own instead of one after another. The files are listed
// when remotes.json is published (scripts/host-page.mjs); the route table comes with the build.
(function () {
  var data = document.getElementById('remote-assets');
  var published = data ? JSON.parse(data.textContent || '{}') : {};
  var routes = __ROUTE_REMOTES__;
  var path = location.hash.replace(/^#/, '').split('?')[0] || '/';
  var urls = (published.files || {})[routes[path]] || [];
  for (var i = 0; i < urls.length; i++) {
    var link = document.createElement('link');
    link.rel = 'preload';
    link.href = urls[i];
    link.crossOrigin = 'anonymous';
    link.as = /\.json$/.test(urls[i]) ? 'fetch' : /\.css$/.test(urls[i]) ? 'style' : 'script';
    document.head.appendChild(link);
  }
})();

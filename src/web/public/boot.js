// The loader of a page the server draws itself (the booking page, docs/architecture/web-client.md#public-pages):
// the app's code is fetched once that first screen is painted, so it never competes with the page for
// a slow connection before then. A file, not an inline script: the CSP allows no inline script.
(function () {
  var me = document.currentScript;
  var entry = me && me.getAttribute('data-entry');
  if (!entry) return;
  var chunks = (me.getAttribute('data-preload') || '').split(' ').filter(Boolean);
  function load() {
    chunks.forEach(function (href) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.appendChild(link);
    });
    var app = document.createElement('script');
    app.type = 'module';
    app.crossOrigin = '';
    app.src = entry;
    document.head.appendChild(app);
  }
  // The callback of the next frame runs before its paint; the timeout after it.
  requestAnimationFrame(function () {
    setTimeout(load, 0);
  });
})();

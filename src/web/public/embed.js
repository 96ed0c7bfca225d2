/*
 * Booking-page embed (docs/PRODUCT.md#events-overview). Usage:
 *   <div id="afspraak-SLUG"></div>
 *   <script src="https://HOST/embed.js" data-slug="SLUG" data-target="afspraak-SLUG" async></script>
 * Puts an iframe of HOST/boek/SLUG?embed=true (100% x 800, 1px #e5e7eb border, 8px radius) in the
 * target element, or right after the script when there is none. Running it twice adds nothing.
 * The iframe then follows the page's height: the page posts it ({ afspraakHeight }) on every change.
 * The page with all of a business's services (docs/PRODUCT.md#business-page) the same way:
 *   <script src="https://HOST/embed.js" data-page="PUBLICSLUG" data-target="afspraak-p-PUBLICSLUG" async></script>
 * puts HOST/p/PUBLICSLUG?embed=true there.
 */
(function () {
  'use strict';

  function originOf(src) {
    var a = document.createElement('a');
    a.href = src;
    return a.protocol + '//' + a.host;
  }

  /** `parsed`: the whole document is there, so a missing target will not appear any more. */
  function mount(script, parsed) {
    var slug = script.getAttribute('data-slug');
    var page = script.getAttribute('data-page');
    var path = slug ? '/boek/' + encodeURIComponent(slug) : page ? '/p/' + encodeURIComponent(page) : null;
    if (!path || !script.src || script.getAttribute('data-afspraak-embedded')) return;

    var targetId = script.getAttribute('data-target');
    var container = targetId ? document.getElementById(targetId) : null;
    if (!container && !parsed) return;
    script.setAttribute('data-afspraak-embedded', '1');
    if (!container) {
      container = document.createElement('div');
      if (targetId) container.id = targetId;
      script.parentNode.insertBefore(container, script.nextSibling);
    }
    if (container.querySelector('iframe[data-afspraak-embed]')) return;

    var iframe = document.createElement('iframe');
    iframe.src = originOf(script.src) + path + '?embed=true';
    iframe.width = '100%';
    iframe.height = '800';
    iframe.style.border = '1px solid #e5e7eb';
    iframe.style.borderRadius = '8px';
    iframe.title = script.getAttribute('data-title') || 'Afspraak maken';
    iframe.setAttribute('data-afspraak-embed', slug || page);
    followHeights();
    container.appendChild(iframe);
  }

  // One listener for every iframe this script made; only their own page's messages count.
  var listening = false;
  function followHeights() {
    if (listening) return;
    listening = true;
    window.addEventListener('message', function (e) {
      var height = e.data && e.data.afspraakHeight;
      if (typeof height !== 'number' || !(height > 0)) return;
      var frames = document.querySelectorAll('iframe[data-afspraak-embed]');
      for (var i = 0; i < frames.length; i++) {
        if (frames[i].contentWindow === e.source && originOf(frames[i].src) === e.origin) {
          frames[i].style.height = Math.min(Math.ceil(height), 20000) + 'px';
        }
      }
    });
  }

  function mountAll(parsed) {
    var scripts = document.querySelectorAll('script[data-slug], script[data-page]');
    for (var i = 0; i < scripts.length; i++) mount(scripts[i], parsed);
  }

  if (document.currentScript) mount(document.currentScript, document.readyState !== 'loading');
  if (document.readyState === 'loading') {
    document.addEventListener('DOMContentLoaded', function () {
      mountAll(true);
    });
  } else {
    mountAll(true);
  }
})();

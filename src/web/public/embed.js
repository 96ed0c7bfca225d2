/*
 * Booking-page embed (docs/PRODUCT.md#events-overview). Usage:
 *   <div id="afspraak-SLUG"></div>
 *   <script src="https://HOST/embed.js" data-slug="SLUG" data-target="afspraak-SLUG" async></script>
 * Puts an iframe of HOST/boek/SLUG?embed=true (100% x 800, 1px #e5e7eb border, 8px radius) in the
 * target element, or right after the script when there is none. Running it twice adds nothing.
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
    container.appendChild(iframe);
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

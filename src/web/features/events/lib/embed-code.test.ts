import { describe, expect, it } from 'vitest';
import {
  bookingUrl,
  businessPageUrl,
  iframeSnippet,
  pageIframeSnippet,
  pageScriptSnippet,
  scriptSnippet,
} from './embed-code';

describe('embed codes (docs/PRODUCT.md#events-overview)', () => {
  it('builds the iframe with 100% x 800, a 1px light grey border and an 8px radius', () => {
    expect(iframeSnippet('https://afspraak.nl', 'knipbeurt', 'Knipbeurt')).toBe(
      '<iframe src="https://afspraak.nl/boek/knipbeurt?embed=true" width="100%" height="800" style="border:1px solid #e5e7eb;border-radius:8px;" title="Knipbeurt"></iframe>',
    );
  });

  it('escapes the title so it cannot break out of the attribute', () => {
    expect(iframeSnippet('https://a.nl', 'x', 'Knippen & "föhnen" <b>')).toContain(
      'title="Knippen &amp; &quot;föhnen&quot; &lt;b&gt;"',
    );
  });

  it('builds the script form with a container named after the slug', () => {
    expect(scriptSnippet('https://afspraak.nl', 'knipbeurt')).toBe(
      '<div id="afspraak-knipbeurt"></div><script src="https://afspraak.nl/embed.js" data-slug="knipbeurt" data-target="afspraak-knipbeurt" async></script>',
    );
    expect(bookingUrl('https://afspraak.nl', 'knipbeurt')).toBe('https://afspraak.nl/boek/knipbeurt');
  });

  it('builds the codes of the page with all services (docs/PRODUCT.md#business-page)', () => {
    expect(businessPageUrl('https://afspraak.nl', 'salon-x')).toBe('https://afspraak.nl/p/salon-x');
    expect(pageIframeSnippet('https://afspraak.nl', 'salon-x', 'Salon "X"')).toBe(
      '<iframe src="https://afspraak.nl/p/salon-x?embed=true" width="100%" height="800" style="border:1px solid #e5e7eb;border-radius:8px;" title="Salon &quot;X&quot;"></iframe>',
    );
    expect(pageScriptSnippet('https://afspraak.nl', 'salon-x')).toBe(
      '<div id="afspraak-p-salon-x"></div><script src="https://afspraak.nl/embed.js" data-page="salon-x" data-target="afspraak-p-salon-x" async></script>',
    );
  });
});

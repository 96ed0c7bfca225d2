/** Public booking URLs and the embed snippets of docs/PRODUCT.md#events-overview (iframe 100% x 800, 1px #e5e7eb border, 8px radius). */

export function bookingUrl(origin: string, slug: string): string {
  return `${origin}/boek/${encodeURIComponent(slug)}`;
}

/** Escapes a value for a double-quoted HTML attribute. */
export function escapeAttr(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

export function iframeSnippet(origin: string, slug: string, title: string): string {
  const src = `${bookingUrl(origin, slug)}?embed=true`;
  return `<iframe src="${escapeAttr(src)}" width="100%" height="800" style="border:1px solid #e5e7eb;border-radius:8px;" title="${escapeAttr(title)}"></iframe>`;
}

/** The container id is derived from the slug, so two embeds of different events never clash. */
export function scriptSnippet(origin: string, slug: string): string {
  const target = `afspraak-${slug}`;
  return `<div id="${escapeAttr(target)}"></div><script src="${escapeAttr(`${origin}/embed.js`)}" data-slug="${escapeAttr(slug)}" data-target="${escapeAttr(target)}" async></script>`;
}

/** The page with all of the owner's services (docs/PRODUCT.md#business-page). */
export function businessPageUrl(origin: string, publicSlug: string): string {
  return `${origin}/p/${encodeURIComponent(publicSlug)}`;
}

export function pageIframeSnippet(origin: string, publicSlug: string, title: string): string {
  const src = `${businessPageUrl(origin, publicSlug)}?embed=true`;
  return `<iframe src="${escapeAttr(src)}" width="100%" height="800" style="border:1px solid #e5e7eb;border-radius:8px;" title="${escapeAttr(title)}"></iframe>`;
}

/** `data-page` instead of `data-slug`; its container is named apart from any service's (`afspraak-p-…`). */
export function pageScriptSnippet(origin: string, publicSlug: string): string {
  const target = `afspraak-p-${publicSlug}`;
  return `<div id="${escapeAttr(target)}"></div><script src="${escapeAttr(`${origin}/embed.js`)}" data-page="${escapeAttr(publicSlug)}" data-target="${escapeAttr(target)}" async></script>`;
}

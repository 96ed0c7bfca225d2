/**
 * Where a customer goes after booking or cancelling (docs/PRODUCT.md#good-endings): back to the
 * service's booking page, or the business's page with all services when the service is not known,
 * never to `/` (the owner's login). Inside an embed the way back stays embedded.
 */
export function bookAgainPath(
  { slug, publicSlug }: { slug?: string | null; publicSlug?: string | null },
  embed: boolean,
): string | null {
  const path = slug
    ? `/boek/${encodeURIComponent(slug)}`
    : publicSlug
      ? `/p/${encodeURIComponent(publicSlug)}`
      : null;
  return path && embed ? `${path}?embed=true` : path;
}

/** The token of a management link (`…/booking/manage/{token}`), or null when it is not one. */
export function manageTokenOf(managementUrl: string): string | null {
  return /\/booking\/manage\/([A-Za-z0-9_-]{20,100})$/.exec(managementUrl)?.[1] ?? null;
}

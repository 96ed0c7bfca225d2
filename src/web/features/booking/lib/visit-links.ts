/**
 * Which services may go into a visit and the visit wizard's address (docs/PRODUCT.md#visits): apart
 * from visit-basket.ts, so 'Nog een dienst toevoegen' on a booking page loads no more than these.
 */

/** A service gets a tick box when the owner allows combining it (paid online or not). */
export const combinable = (s: { allowCombinations: boolean }): boolean => s.allowCombinations;

/** The visit wizard's address: the business page's visit with its services by slug, in order. */
export function visitPath(publicSlug: string, slugs: readonly string[], embed: boolean): string {
  const query = new URLSearchParams({ diensten: slugs.join(',') });
  if (embed) query.set('embed', 'true');
  return `/p/${encodeURIComponent(publicSlug)}/bezoek?${query}`;
}

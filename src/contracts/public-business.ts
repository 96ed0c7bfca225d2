/**
 * The business behind a public page (docs/PRODUCT.md#business-profile), as every public page shows
 * it: name and logo in the header, the privacy statement under the booking form, and the address of
 * the page with all its services. `zod/mini` like the other public contracts, for the booking page's
 * bundle.
 */
import * as z from 'zod/mini';

export const publicBusiness = z.object({
  /** The business name; null until the owner sets one (the page then shows no name). */
  name: z.nullable(z.string()),
  /** The logo's address (it changes with the logo, so it may be cached for good); null: no logo. */
  logoUrl: z.nullable(z.string()),
  /** The page with all bookable services: `/p/{publicSlug}`. */
  publicSlug: z.string(),
  /** The owner's privacy statement, linked under the booking form; null: none set. */
  privacyUrl: z.nullable(z.string()),
});
export type PublicBusiness = z.infer<typeof publicBusiness>;

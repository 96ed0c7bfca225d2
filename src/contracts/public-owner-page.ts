/**
 * The page with all of a business's services, `/p/{publicSlug}` (docs/PRODUCT.md#business-page):
 * `GET /api/public/owners/{publicSlug}`. `zod/mini` like the other public contracts, so the page
 * stays within the booking page's bundle budget.
 */
import * as z from 'zod/mini';
import { nlPublicBusiness as nl } from './messages-public-business';
import { publicBusiness } from './public-business';

export const publicSlugParams = z.object({
  publicSlug: z.string().check(z.minLength(1), z.maxLength(100, nl.businessPage.notFound)),
});

/** One listed service: what its card shows, and its booking page `/boek/{slug}`. */
export const businessPageService = z.object({
  slug: z.string(),
  title: z.string(),
  description: z.nullable(z.string()),
  durationMinutes: z.number(),
  themeColor: z.string(),
  /** With `paymentAmount` and `currency`: core's `priceLine` (online price, 'Betalen in de salon', 'Gratis'). */
  requiresPayment: z.boolean(),
  paymentAmount: z.nullable(z.string()),
  currency: z.string(),
  /** Bookable with other such services as one visit, ticked on the page (docs/PRODUCT.md#visits). */
  allowCombinations: z.boolean(),
});
export type BusinessPageService = z.infer<typeof businessPageService>;

/** The services of one category (by name), or of none (`category` null, always the last group). */
export const businessPageGroup = z.object({
  category: z.nullable(z.object({ name: z.string(), color: z.string() })),
  services: z.array(businessPageService),
});
export type BusinessPageGroup = z.infer<typeof businessPageGroup>;

export const businessPage = z.object({
  /** The business as every public page shows it, plus how to reach it; null: not set. */
  business: z.extend(publicBusiness, {
    address: z.nullable(z.string()),
    phone: z.nullable(z.string()),
    website: z.nullable(z.string()),
  }),
  /** Only services not marked 'Niet tonen op de overzichtspagina'; empty groups are left out. */
  groups: z.array(businessPageGroup),
});
export type BusinessPage = z.infer<typeof businessPage>;

/**
 * The owner's business profile (docs/PRODUCT.md#business-profile): Instellingen → 'Bedrijfsprofiel'.
 * What the public pages show of it is `publicBusiness` (public-business.ts).
 */
import { z } from 'zod';
import { isValidStoredPhone, ownerPhone, publicSlugProblem, type PublicSlugProblem } from '@core/index';
import { nl } from './messages';
import { someChange } from './some-change';

const m = nl.businessProfile;

/** Logos up to 1 MB (the upload's body limit). */
export const LOGO_MAX_BYTES = 1024 * 1024;

const SLUG_MESSAGES: Record<PublicSlugProblem, string> = {
  tooShort: m.slugTooShort,
  tooLong: m.slugTooLong,
  chars: m.slugChars,
  hyphens: m.slugHyphens,
};

/** A web address customers open: http(s) only (never javascript: or data:), with a host. */
function isWebUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}

/** '' clears the field. */
const webUrl = z
  .string()
  .trim()
  .max(500, m.urlTooLong)
  .refine((v) => v === '' || isWebUrl(v), m.invalidUrl);

/** Typed in any usual spelling ('020 123 4567', '+31 20…'), stored as '+31201234567'; '' clears it. */
const phone = z
  .string()
  .max(40, m.invalidPhone)
  // Letters alone would fold to '' and clear the number without a word.
  .refine((v) => v.trim() === '' || /\d/.test(v), m.invalidPhone)
  .transform(ownerPhone)
  .refine((v) => v === '' || isValidStoredPhone(v), m.invalidPhone);

/** Lower-cased for the owner, then held to core's rule (the same the settings form checks as you type). */
export const publicSlug = z
  .string()
  .trim()
  .toLowerCase()
  .superRefine((slug, ctx) => {
    const problem = publicSlugProblem(slug);
    if (problem) ctx.addIssue({ code: 'custom', message: SLUG_MESSAGES[problem] });
  });

/** PATCH /api/business-profile: any of the fields; an empty text clears it (the public slug cannot be cleared). */
export const businessProfileBody = someChange(
  z.object({
    name: z.string().trim().max(100, m.nameTooLong).optional(),
    address: z.string().trim().max(300, m.addressTooLong).optional(),
    phone: phone.optional(),
    website: webUrl.optional(),
    privacyUrl: webUrl.optional(),
    publicSlug: publicSlug.optional(),
  }),
);
export type BusinessProfileBody = z.input<typeof businessProfileBody>;
export type BusinessProfileChange = z.output<typeof businessProfileBody>;

export const businessProfileDto = z.object({
  name: z.string().nullable(),
  address: z.string().nullable(),
  /** Stored as '+' + calling code + digits. */
  phone: z.string().nullable(),
  website: z.string().nullable(),
  privacyUrl: z.string().nullable(),
  publicSlug: z.string(),
  /** Changes with every new logo; null: none. */
  logoUrl: z.string().nullable(),
  /** The full address of the page with all services: `{APP_URL}/p/{publicSlug}`. */
  publicUrl: z.string(),
});
export type BusinessProfileDto = z.infer<typeof businessProfileDto>;

/** GET /api/public/logos/{ownerId}[?v=…] */
export const logoParams = z.object({ ownerId: z.uuid({ error: m.logoNotFound }) });
export const logoQuery = z.object({ v: z.string().max(20).optional() });

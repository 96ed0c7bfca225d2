/**
 * A readable URL slug from an event title: lower case, accents removed ("Café" → "cafe"),
 * anything else folded to single hyphens, at most 60 characters.
 */
export function slugify(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' en ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/g, '');
  return slug || 'afspraak';
}

/** The first of base, base-2, base-3, … that is not taken. */
export function uniqueSlug(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

/** The public address name of a business page (`/p/{slug}`, docs/PRODUCT.md#business-profile). */
export const PUBLIC_SLUG_MIN = 3;
export const PUBLIC_SLUG_MAX = 40;

export type PublicSlugProblem = 'tooShort' | 'tooLong' | 'chars' | 'hyphens';

/**
 * Why a chosen public address name is not readable, or null when it is: a–z, 0–9 and single hyphens
 * between them, 3–40 characters. The browser and the server both decide it with this rule.
 */
export function publicSlugProblem(slug: string): PublicSlugProblem | null {
  if (slug.length < PUBLIC_SLUG_MIN) return 'tooShort';
  if (slug.length > PUBLIC_SLUG_MAX) return 'tooLong';
  if (!/^[a-z0-9-]+$/.test(slug)) return 'chars';
  if (slug.startsWith('-') || slug.endsWith('-') || slug.includes('--')) return 'hyphens';
  return null;
}

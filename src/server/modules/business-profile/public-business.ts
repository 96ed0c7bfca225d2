import type { PublicBusiness } from '@contracts/public-business';
import { businessProfiles } from '../../db/schema';

/** The columns of a business profile a public page needs (never the logo's bytes). */
export const publicBusinessColumns = {
  ownerId: businessProfiles.ownerId,
  name: businessProfiles.name,
  publicSlug: businessProfiles.publicSlug,
  privacyUrl: businessProfiles.privacyUrl,
  logoUpdatedAt: businessProfiles.logoUpdatedAt,
};
export interface PublicBusinessRow {
  ownerId: string;
  name: string | null;
  publicSlug: string;
  privacyUrl: string | null;
  logoUpdatedAt: Date | null;
}

/**
 * The logo's public address. Its version is the moment it was stored, so a new logo has a new
 * address and the old one may be cached for good.
 */
export const logoUrl = (ownerId: string, updatedAt: Date) =>
  `/api/public/logos/${ownerId}?v=${updatedAt.getTime()}`;

export function toPublicBusiness(row: PublicBusinessRow): PublicBusiness {
  return {
    name: row.name,
    logoUrl: row.logoUpdatedAt ? logoUrl(row.ownerId, row.logoUpdatedAt) : null,
    publicSlug: row.publicSlug,
    privacyUrl: row.privacyUrl,
  };
}

import type { PublicBusiness } from '@contracts/public-business';
import type { PublicBusinessRow } from './business-profile.repo';

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

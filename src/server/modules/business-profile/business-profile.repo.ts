import { eq } from 'drizzle-orm';
import type { LogoType } from '@contracts/enums';
import type { Db } from '../../db/client';
import { businessProfiles } from '../../db/schema';
import { setsNothing } from '../../db/sets-nothing';

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

/** Every column but the logo's bytes, which only the logo's own address reads. */
const profileColumns = {
  ownerId: businessProfiles.ownerId,
  name: businessProfiles.name,
  address: businessProfiles.address,
  phone: businessProfiles.phone,
  website: businessProfiles.website,
  privacyUrl: businessProfiles.privacyUrl,
  publicSlug: businessProfiles.publicSlug,
  logoUpdatedAt: businessProfiles.logoUpdatedAt,
};
export type BusinessProfileRow = {
  [K in keyof typeof profileColumns]: (typeof businessProfiles.$inferSelect)[K];
};
export type BusinessProfileValues = Partial<
  Pick<
    typeof businessProfiles.$inferInsert,
    'name' | 'address' | 'phone' | 'website' | 'privacyUrl' | 'publicSlug'
  >
>;

export const businessProfileRepo = {
  /** The owner's profile; the database made it with the user (migration 0016). */
  async find(db: Db, ownerId: string): Promise<BusinessProfileRow | undefined> {
    const [row] = await db
      .select(profileColumns)
      .from(businessProfiles)
      .where(eq(businessProfiles.ownerId, ownerId));
    return row;
  },
  /** Throws the unique violation of `business_profiles_public_slug_idx` when the slug is taken. */
  async update(
    db: Db,
    ownerId: string,
    values: BusinessProfileValues,
    now: Date,
  ): Promise<BusinessProfileRow | undefined> {
    if (setsNothing(values)) return businessProfileRepo.find(db, ownerId);
    const [row] = await db
      .update(businessProfiles)
      .set({ ...values, updatedAt: now })
      .where(eq(businessProfiles.ownerId, ownerId))
      .returning(profileColumns);
    return row;
  },
  /** Stores a logo checked by content, or removes it (`null`); its version is `now`. */
  async setLogo(
    db: Db,
    ownerId: string,
    logo: { bytes: Uint8Array; type: LogoType } | null,
    now: Date,
  ): Promise<BusinessProfileRow | undefined> {
    const [row] = await db
      .update(businessProfiles)
      .set({
        logo: logo?.bytes ?? null,
        logoType: logo?.type ?? null,
        logoUpdatedAt: logo ? now : null,
        updatedAt: now,
      })
      .where(eq(businessProfiles.ownerId, ownerId))
      .returning(profileColumns);
    return row;
  },
  /** The logo's bytes with the type decided when it was stored. */
  async logo(db: Db, ownerId: string) {
    const [row] = await db
      .select({
        bytes: businessProfiles.logo,
        type: businessProfiles.logoType,
        updatedAt: businessProfiles.logoUpdatedAt,
      })
      .from(businessProfiles)
      .where(eq(businessProfiles.ownerId, ownerId));
    return row?.bytes && row.type && row.updatedAt
      ? { bytes: row.bytes, type: row.type, updatedAt: row.updatedAt }
      : undefined;
  },
  /** The business name, the owner's default sender name (integrations/mail/mailer.ts `senderNameOf`). */
  async nameOf(db: Db, ownerId: string): Promise<string | null> {
    const [row] = await db
      .select({ name: businessProfiles.name })
      .from(businessProfiles)
      .where(eq(businessProfiles.ownerId, ownerId));
    return row?.name ?? null;
  },
};

import { imageTypeOf } from '@core/image-type';
import type { BusinessProfileChange, BusinessProfileDto } from '@contracts/business-profile';
import { LOGO_MAX_BYTES } from '@contracts/business-profile';
import { nl } from '@contracts/messages';
import { PG_UNIQUE_VIOLATION, pgErrorCode, type Db } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { AppError, badRequest, notFound } from '../../http/app-error';
import {
  businessProfileRepo,
  type BusinessProfileRow,
  type BusinessProfileValues,
} from './business-profile.repo';
import { activityDiff } from '../activity/activity-diff';
import { logoUrl } from './public-business';
import { type ActivityBy } from '../activity/activity.repo';
import { logUpdate } from '../activity/activity-entry';

const m = nl.businessProfile;
const SHOWN = ['name', 'address', 'phone', 'website', 'privacyUrl', 'publicSlug'] as const;

/** The profile as the owner edits it, with the full address of their page with all services. */
export function toBusinessProfileDto(row: BusinessProfileRow, appUrl: string): BusinessProfileDto {
  return {
    name: row.name,
    address: row.address,
    phone: row.phone,
    website: row.website,
    privacyUrl: row.privacyUrl,
    publicSlug: row.publicSlug,
    logoUrl: row.logoUpdatedAt ? logoUrl(row.ownerId, row.logoUpdatedAt) : null,
    publicUrl: `${appUrl.replace(/\/+$/, '')}/p/${row.publicSlug}`,
  };
}

/** What the logo's public address serves: the stored bytes and type, and whether `v` names this version. */
export interface ServedLogo {
  bytes: Uint8Array;
  type: string;
  current: boolean;
}

export function createBusinessProfileService(db: Db, deps: { appUrl: string; now: () => Date }) {
  async function profileOf(ownerId: string) {
    const row = await businessProfileRepo.find(db, ownerId);
    // Made with the user by the database; gone only with the user (a deleted account's last request).
    if (!row) throw new AppError('UNAUTHORIZED', nl.errors.unauthorized);
    return row;
  }
  const dto = (row: BusinessProfileRow) => toBusinessProfileDto(row, deps.appUrl);
  const logoEntry = (row: BusinessProfileRow) =>
    ({ kind: 'business_profile.updated', subjectId: row.ownerId, subjectName: row.name }) as const;

  return {
    get: async (user: UserRow) => dto(await profileOf(user.id)),

    /** An empty text clears a field; a public slug another owner has answers 409 on that field. */
    async update(user: UserRow, body: BusinessProfileChange, by: ActivityBy): Promise<BusinessProfileDto> {
      const values: BusinessProfileValues = {};
      for (const key of ['name', 'address', 'phone', 'website', 'privacyUrl'] as const) {
        const value = body[key];
        if (value !== undefined) values[key] = value || null;
      }
      if (body.publicSlug !== undefined) values.publicSlug = body.publicSlug;
      try {
        const row = await db.transaction(async (tx) => {
          const current = await businessProfileRepo.find(tx, user.id);
          if (!current) throw new AppError('UNAUTHORIZED', nl.errors.unauthorized);
          // Written before the update: a public slug taken meanwhile rolls the entry back with it.
          await logUpdate(
            tx,
            by,
            deps.now(),
            {
              kind: 'business_profile.updated',
              subjectId: user.id,
              subjectName: values.name ?? current.name,
            },
            activityDiff(current, { ...current, ...values }, SHOWN),
          );
          return businessProfileRepo.update(tx, user.id, values, deps.now());
        });
        if (!row) throw new AppError('UNAUTHORIZED', nl.errors.unauthorized);
        return dto(row);
      } catch (err) {
        // The unique index decides, so two owners choosing one name at once cannot both get it.
        if (pgErrorCode(err) === PG_UNIQUE_VIOLATION)
          throw new AppError('CONFLICT', m.slugTaken, { publicSlug: m.slugTaken });
        throw err;
      }
    },

    /**
     * Stores a logo whatever content type the upload claimed: its bytes decide (core's imageTypeOf),
     * and that type is what the logo is served with.
     */
    async putLogo(user: UserRow, body: unknown, by: ActivityBy): Promise<BusinessProfileDto> {
      const bytes = body instanceof Uint8Array ? body : null;
      if (!bytes || bytes.length === 0) throw badRequest(m.logoInvalid, { logo: m.logoInvalid });
      if (bytes.length > LOGO_MAX_BYTES)
        throw new AppError('PAYLOAD_TOO_LARGE', m.logoTooLarge, { logo: m.logoTooLarge });
      const type = imageTypeOf(bytes);
      if (!type) throw badRequest(m.logoInvalid, { logo: m.logoInvalid });
      const row = await db.transaction(async (tx) => {
        const saved = await businessProfileRepo.setLogo(tx, user.id, { bytes, type }, deps.now());
        if (saved)
          await logUpdate(tx, by, deps.now(), logoEntry(saved), { before: {}, after: { logo: type } });
        return saved;
      });
      if (!row) throw new AppError('UNAUTHORIZED', nl.errors.unauthorized);
      return dto(row);
    },

    async deleteLogo(user: UserRow, by: ActivityBy): Promise<BusinessProfileDto> {
      const row = await db.transaction(async (tx) => {
        const saved = await businessProfileRepo.setLogo(tx, user.id, null, deps.now());
        if (saved)
          await logUpdate(tx, by, deps.now(), logoEntry(saved), {
            before: { logo: true },
            after: { logo: null },
          });
        return saved;
      });
      if (!row) throw new AppError('UNAUTHORIZED', nl.errors.unauthorized);
      return dto(row);
    },

    /** The logo of a public page; `version` is the `v` of its address (logoUrl). */
    async publicLogo(ownerId: string, version: string | undefined): Promise<ServedLogo> {
      const logo = await businessProfileRepo.logo(db, ownerId);
      if (!logo) throw notFound(m.logoNotFound);
      return { bytes: logo.bytes, type: logo.type, current: version === String(logo.updatedAt.getTime()) };
    },
  };
}
export type BusinessProfileService = ReturnType<typeof createBusinessProfileService>;

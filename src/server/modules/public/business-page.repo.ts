import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { businessProfiles, eventCategories, events } from '../../db/schema';
import { publicBusinessColumns } from '../business-profile/business-profile.repo';

/** What the business page (`/p/{publicSlug}`, docs/PRODUCT.md#business-page) reads. */
export const businessPageRepo = {
  /** The business behind a public address, as the public pages show it, with how to reach it. */
  async findBusiness(db: Db, publicSlug: string) {
    const [row] = await db
      .select({
        ...publicBusinessColumns,
        address: businessProfiles.address,
        phone: businessProfiles.phone,
        website: businessProfiles.website,
      })
      .from(businessProfiles)
      .where(eq(businessProfiles.publicSlug, publicSlug));
    return row;
  },
  /** Whether a public address exists (the page's HTTP status), without reading the business. */
  async exists(db: Db, publicSlug: string): Promise<boolean> {
    const rows = await db
      .select({ ownerId: businessProfiles.ownerId })
      .from(businessProfiles)
      .where(eq(businessProfiles.publicSlug, publicSlug));
    return rows.length > 0;
  },
  /** The owner's services that are listed (not hidden), each with its category's name and colour. */
  listedServices(db: Db, ownerId: string) {
    return db
      .select({
        slug: events.slug,
        title: events.title,
        description: events.description,
        durationMinutes: events.durationMinutes,
        themeColor: events.themeColor,
        requiresPayment: events.requiresPayment,
        paymentAmount: events.paymentAmount,
        currency: events.currency,
        allowCombinations: events.allowCombinations,
        category: { name: eventCategories.name, color: eventCategories.color },
      })
      .from(events)
      .leftJoin(eventCategories, eq(eventCategories.id, events.categoryId))
      .where(and(eq(events.userId, ownerId), eq(events.hiddenOnProfile, false)));
  },
};

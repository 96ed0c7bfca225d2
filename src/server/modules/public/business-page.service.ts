import type { BusinessPage, BusinessPageGroup, BusinessPageService } from '@contracts/public-owner-page';
import { nlPublicBusiness as nl } from '@contracts/messages-public-business';
import type { Db } from '../../db/client';
import { notFound } from '../../http/app-error';
import { toPublicBusiness } from '../business-profile/public-business';
import { businessPageRepo } from './business-page.repo';

const byName = new Intl.Collator('nl', { sensitivity: 'base', numeric: true });

/**
 * Public addresses are stored folded to a-z, 0-9 and '-', so a visitor who types capitals still
 * finds the page.
 */
const folded = (publicSlug: string) => publicSlug.trim().toLowerCase();
/** Every stored address has this form; anything else (a NUL, a slash) is not looked up at all. */
const READABLE = /^[a-z0-9-]{1,100}$/;

type ListedRow = Awaited<ReturnType<typeof businessPageRepo.listedServices>>[number];

/**
 * The services grouped by category name (a category the owner gave two colours keeps the first),
 * categories in alphabetical order and the uncategorised ones last; services alphabetical within.
 */
export function groupServices(rows: ListedRow[]): BusinessPageGroup[] {
  const groups = new Map<string | null, BusinessPageGroup>();
  const sorted = [...rows].sort((a, b) => byName.compare(a.title, b.title));
  for (const { category, ...service } of sorted) {
    const key = category?.name ?? null;
    let group = groups.get(key);
    if (!group) {
      group = {
        category: category?.name ? { name: category.name, color: category.color } : null,
        services: [],
      };
      groups.set(key, group);
    }
    group.services.push(service satisfies BusinessPageService);
  }
  return [...groups.values()].sort((a, b) =>
    !a.category ? 1 : !b.category ? -1 : byName.compare(a.category.name, b.category.name),
  );
}

/** The page with all of a business's services (docs/PRODUCT.md#business-page). */
export function createBusinessPageService(db: Db) {
  return {
    async page(publicSlug: string): Promise<BusinessPage> {
      const slug = folded(publicSlug);
      const business = READABLE.test(slug) ? await businessPageRepo.findBusiness(db, slug) : undefined;
      if (!business) throw notFound(nl.businessPage.notFound);
      const rows = await businessPageRepo.listedServices(db, business.ownerId);
      return {
        business: {
          ...toPublicBusiness(business),
          address: business.address,
          phone: business.phone,
          website: business.website,
        },
        groups: groupServices(rows),
      };
    },
    /** Whether `/p/{publicSlug}` is a page: the SPA answers it with 200, else 404. */
    async exists(publicSlug: string): Promise<boolean> {
      const slug = folded(publicSlug);
      return READABLE.test(slug) && (await businessPageRepo.exists(db, slug));
    },
  };
}

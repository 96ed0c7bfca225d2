import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { figures } from './customers.repo';

/** One customer as the export writes it, with the list's figures. */
export interface ExportCustomer {
  id: string;
  nameKey: string;
  name: string;
  email: string | null;
  phone: string | null;
  birthDate: string | null;
  tags: string[];
  marketingConsent: boolean;
  marketingConsentAt: Date | null;
  createdAt: Date;
  visits: number;
  noShows: number;
  lastVisitAt: Date | null;
}

interface Raw {
  id: string;
  name_key: string;
  name: string;
  email: string | null;
  phone: string | null;
  birth_date: string | null;
  tags: string[] | null;
  marketing_consent: boolean;
  marketing_consent_at: string | Date | null;
  created_at: string | Date;
  visits: number | string;
  no_shows: number | string;
  last_visit_at: string | Date | null;
}

const time = (v: string | Date | null) => (v === null ? null : new Date(v));

export const customersExportRepo = {
  /**
   * A batch of the business's customers by name (the name index's order, the id breaking ties),
   * strictly after `after`: a keyset, so every batch costs the same however far the export is.
   */
  async batch(
    db: Db,
    businessId: string,
    now: Date,
    limit: number,
    after?: { nameKey: string; id: string },
  ): Promise<ExportCustomer[]> {
    const rows = (
      (await db.execute(sql`
        select customers.id, lower(customers.name) as name_key, customers.name, customers.email,
               customers.phone, customers.birth_date::text as birth_date, customers.tags,
               customers.marketing_consent, customers.marketing_consent_at, customers.created_at,
               f.visits, f.no_shows, f.last_visit_at
        from customers cross join lateral (${figures(now)}) f
        where customers.business_id = ${businessId}
          ${after ? sql`and (lower(customers.name), customers.id) > (${after.nameKey}, ${after.id}::uuid)` : sql``}
        order by lower(customers.name), customers.id
        limit ${limit}`)) as unknown as { rows: Raw[] }
    ).rows;
    return rows.map((r) => ({
      id: r.id,
      nameKey: r.name_key,
      name: r.name,
      email: r.email,
      phone: r.phone,
      birthDate: r.birth_date,
      tags: r.tags ?? [],
      marketingConsent: Boolean(r.marketing_consent),
      marketingConsentAt: time(r.marketing_consent_at),
      createdAt: new Date(r.created_at),
      visits: Number(r.visits),
      noShows: Number(r.no_shows),
      lastVisitAt: time(r.last_visit_at),
    }));
  },
};

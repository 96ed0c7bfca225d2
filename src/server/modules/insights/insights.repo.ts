import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';

/** Rows of a raw aggregate query; both drivers answer `{ rows }`. */
async function rows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/**
 * `and b.agenda_id in (…)` for a member's agendas (booking-viewer.ts `agendaScope`); nothing for
 * null (every agenda), and no booking for a member without agendas.
 */
function inAgendas(agendaIds: readonly string[] | null, column = sql`b.agenda_id`): SQL {
  if (!agendaIds) return sql``;
  if (!agendaIds.length) return sql` and false`;
  return sql` and ${column} in (${sql.join(
    agendaIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  )})`;
}

/** Aggregates for the dashboard and statistics, computed in SQL so no page loads whole tables. */
export const insightsRepo = {
  /**
   * Index-only counts on bookings.owner_id; revenue = money received online (docs/PRODUCT.md#deposits):
   * what each paid booking paid (a deposit, or the price), a booking from before deposits existed
   * counting its event's price. Refunded bookings are no longer `paid` and drop out.
   */
  async dashboardTotals(db: Db, userId: string, today: string, agendaIds: readonly string[] | null = null) {
    const [row] = await rows<{
      event_count: number;
      paid_event_count: number;
      booking_count: number;
      today_count: number;
      revenue: string;
    }>(
      db,
      sql`select
            (select count(*)::int from events where user_id = ${userId}) as event_count,
            (select count(*)::int from events where user_id = ${userId} and requires_payment) as paid_event_count,
            (select count(*)::int from bookings b where owner_id = ${userId}${inAgendas(agendaIds)}) as booking_count,
            (select count(*)::int from bookings b where owner_id = ${userId} and booking_date = ${today}::date${inAgendas(agendaIds)}) as today_count,
            (select coalesce(sum(coalesce(b.amount_paid, e.payment_amount)), 0)::numeric(12,2)::text
               from bookings b join events e on e.id = b.event_id
               where b.owner_id = ${userId} and b.payment_status = 'paid') as revenue`,
    );
    return row!;
  },

  recentBookings(db: Db, userId: string, limit: number, agendaIds: readonly string[] | null = null) {
    return rows<{
      id: string;
      customer_name: string;
      event_title: string;
      booking_date: string;
      booking_time: string;
      status: string;
    }>(
      db,
      sql`select b.id, b.customer_name, e.title as event_title, b.booking_date::text as booking_date, b.booking_time, b.status
          from bookings b join events e on e.id = b.event_id
          where b.owner_id = ${userId}${inAgendas(agendaIds)}
          order by b.created_at desc, b.id desc limit ${limit}`,
    );
  },

  /** Totals of the appointments dated in the period (index range on owner and date). */
  async periodTotals(db: Db, userId: string, from: string, to: string, now: Date) {
    const [row] = await rows<{
      bookings: number;
      cancellations: number;
      requests: number;
      confirmed: number;
      started: number;
      no_shows: number;
      revenue: string;
      total_bookings: number;
    }>(
      db,
      sql`select
            (count(*) filter (where b.status not in ('cancelled', 'requested')))::int as bookings,
            (count(*) filter (where b.status = 'cancelled'))::int as cancellations,
            (count(*) filter (where b.status = 'requested'))::int as requests,
            (count(*) filter (where b.status = 'confirmed'))::int as confirmed,
            (count(*) filter (where b.status = 'confirmed' and b.starts_at <= ${now.toISOString()}::timestamptz))::int as started,
            (count(*) filter (where b.status = 'confirmed' and b.no_show))::int as no_shows,
            coalesce(sum(coalesce(b.amount_paid, e.payment_amount)) filter (where b.payment_status = 'paid'), 0)::numeric(12,2)::text as revenue,
            (select count(*)::int from bookings where owner_id = ${userId}) as total_bookings
          from bookings b join events e on e.id = b.event_id
          where b.owner_id = ${userId} and b.booking_date between ${from}::date and ${to}::date`,
    );
    return row!;
  },

  /**
   * Confirmed appointments dated from..to that have not started at `now` (index range on owner and
   * date). Their expected revenue is each one's price: paid online plus due at the appointment; a
   * booking from before deposits (both null) counts its paid event's price; a refund leaves only
   * what is still due.
   */
  async upcomingTotals(db: Db, userId: string, from: string, to: string, now: Date) {
    const [row] = await rows<{ bookings: number; expected_revenue: string }>(
      db,
      sql`select
            count(*)::int as bookings,
            coalesce(sum(case
              when b.amount_paid is null and b.amount_due is null
                then case when e.requires_payment and b.payment_status <> 'refunded' then e.payment_amount else 0 end
              when b.payment_status = 'refunded' then coalesce(b.amount_due, 0)
              else coalesce(b.amount_paid, 0) + coalesce(b.amount_due, 0)
            end), 0)::numeric(12,2)::text as expected_revenue
          from bookings b join events e on e.id = b.event_id
          where b.owner_id = ${userId} and b.status = 'confirmed'
            and b.booking_date between ${from}::date and ${to}::date
            and b.starts_at >= ${now.toISOString()}::timestamptz`,
    );
    return row!;
  },

  /** Bookings in the period that are neither cancelled nor undecided requests, grouped by one key expression. */
  groupedInPeriod(
    db: Db,
    userId: string,
    from: string,
    to: string,
    by: 'day' | 'weekday' | 'hour' | 'event',
  ) {
    const key = {
      day: sql`b.booking_date::text`,
      weekday: sql`extract(dow from b.booking_date)::int`,
      hour: sql`split_part(b.booking_time, ':', 1)::int`,
      event: sql`e.id`,
    }[by];
    return rows<{ key: string | number; title: string | null; count: number }>(
      db,
      sql`select ${key} as key, ${by === 'event' ? sql`min(e.title)` : sql`null`} as title, count(*)::int as count
          from bookings b join events e on e.id = b.event_id
          where b.owner_id = ${userId} and b.status not in ('cancelled', 'requested') and b.booking_date between ${from}::date and ${to}::date
          group by 1 order by ${by === 'event' ? sql`3 desc, 2` : sql`1`} ${by === 'event' ? sql`limit 5` : sql``}`,
    );
  },
};

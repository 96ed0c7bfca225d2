import type { z } from 'zod';
import { agendaGroupsOf, createEventBody, type EventListItem, type updateEventBody } from '@contracts/events';
import { nl } from '@contracts/messages';
import {
  addDays,
  compactPauses,
  formatDutchWeekdayDayMonth,
  instantParts,
  occupancy,
  slugify,
  todayInZone,
  totalSlots,
  uniqueSlug,
} from '@core/index';
import { isClassFull, PG_UNIQUE_VIOLATION, pgErrorCode, type Db } from '../../db/client';
import type { EventRow, UserRow } from '../../db/schema';
import { badRequest, notFound } from '../../http/app-error';
import { activityDiff, activityFields } from '../activity/activity-diff';
import { ownedAgendaGroups } from '../agendas/owned-agendas';
import { categoriesRepo } from '../categories/categories.repo';
import { closuresRepo } from '../closures/closures.repo';
import { toCategoryDto } from '../categories/categories.service';
import { customFieldsRepo } from './custom-fields.repo';
import { toEventDto, toFieldDto } from './event-dto';
import { eventsRepo } from './events.repo';
import { activityRepo, type ActivityBy } from '../activity/activity.repo';
import { logUpdate } from '../activity/activity-entry';

type ValidEvent = z.output<typeof createEventBody>;
const m = nl.eventRules;
/** What a service's created and deleted entries show. */
const SUMMARY = ['title', 'durationMinutes', 'requiresPayment', 'paymentAmount'] as const;
/** Not the owner's choices: never in an update's before/after. */
const NOT_CHANGES = new Set(['id', 'userId', 'slug', 'createdAt']);
const changedKeys = (row: EventRow) =>
  (Object.keys(row) as Array<keyof EventRow>).filter((k) => !NOT_CHANGES.has(k));

export function createEventsService(db: Db, { now }: { now: () => Date }) {
  const today = (user: UserRow) => todayInZone(now(), user.timeZone);

  async function owned(user: UserRow, id: string): Promise<EventRow> {
    const row = await eventsRepo.findOwned(db, user.id, id);
    if (!row) throw notFound(m.eventNotFound);
    return row;
  }

  /**
   * Rules that depend on the owner (their categories and today), on top of the schema's. The
   * agendas are checked in the write's own transaction (ownedAgendaIds locks them there).
   */
  async function checkOwnerRules(user: UserRow, e: ValidEvent, previousDates: string[] = []): Promise<void> {
    if (e.categoryId && !(await categoriesRepo.findOwned(db, user.id, e.categoryId))) {
      throw badRequest(m.categoryNotFound, { categoryId: m.categoryNotFound });
    }
    if (e.dateRangeType === 'specific') {
      // Dates that were already on the event may pass into history; newly chosen ones may not be past.
      const kept = new Set(previousDates);
      if (e.specificDates!.some((d) => d < today(user) && !kept.has(d))) {
        throw badRequest(m.specificDateInPast, { specificDates: m.specificDateInPast });
      }
    }
  }

  /**
   * Fewer seats than a class time still to come has sold (docs/PRODUCT.md#classes): refused naming
   * that time in the owner's zone, before the class counter's CHECK would refuse the write.
   */
  async function refuseBelowSold(user: UserRow, id: string, seats: number) {
    const sold = await eventsRepo.classSoldAbove(db, id, seats, now());
    if (!sold) return;
    const { date, time } = instantParts(sold.startsAt, user.timeZone);
    const message = m.seatsBelowSold
      .replace('{when}', `${formatDutchWeekdayDayMonth(date)} om ${time}`)
      .replaceAll('{n}', String(sold.seatsTaken));
    throw badRequest(message, { seats: message });
  }

  function columns(e: ValidEvent) {
    // The agendas are the caller's: checked by ownedAgendaGroups inside the write's transaction.
    const { customFields: _fields, agendaIds: _ids, agendaGroups: _groups, ...rest } = e;
    return {
      ...rest,
      specificDates: e.dateRangeType === 'specific' ? [...new Set(e.specificDates)].sort() : null,
      dateRangeStart: e.dateRangeType !== 'specific' ? e.dateRangeStart : null,
      dateRangeEnd: e.dateRangeType === 'range' ? e.dateRangeEnd : null,
      paymentAmount: e.requiresPayment ? e.paymentAmount : (e.paymentAmount ?? null),
      dailyPauseTimes: compactPauses(e.dailyPauseTimes),
      // Without a deposit a value left in the form means nothing: not stored.
      depositValue: e.depositType === 'none' ? null : e.depositValue,
    } as const;
  }

  return {
    async list(user: UserRow): Promise<EventListItem[]> {
      const rows = await eventsRepo.listWithCategory(db, user.id);
      const day = today(user);
      const booked = await eventsRepo.confirmedCountsFrom(
        db,
        rows.map((r) => r.event.id),
        day,
      );
      // Capacity counts only days customers can book: closed days drop out.
      const closures = await closuresRepo.overlapping(db, user.id, day, addDays(day, 3 * 366));
      return rows.map(({ event, category }) => ({
        ...toEventDto(event),
        category: category ? toCategoryDto(category) : null,
        occupancy: occupancy({
          totalSlots: totalSlots(event, day, closures),
          booked: booked.get(event.id) ?? 0,
        }),
      }));
    },

    async get(user: UserRow, id: string) {
      return toEventDto(await owned(user, id));
    },

    async fields(user: UserRow, id: string) {
      await owned(user, id);
      return (await customFieldsRepo.listByEvent(db, id)).map(toFieldDto);
    },

    async create(user: UserRow, e: ValidEvent, by: ActivityBy) {
      await checkOwnerRules(user, e);
      for (let attempt = 0; ; attempt++) {
        const base = slugify(e.title);
        const slug =
          attempt === 0
            ? uniqueSlug(base, await eventsRepo.slugsLike(db, base))
            : `${base}-${Math.random().toString(36).slice(2, 7)}`;
        try {
          const row = await db.transaction(async (tx) => {
            const groups = await ownedAgendaGroups(tx, user.id, agendaGroupsOf(e));
            const event = await eventsRepo.insert(tx, {
              ...columns(e),
              ...groups,
              userId: user.id,
              slug,
              createdAt: now(),
            });
            await customFieldsRepo.insertMany(
              tx,
              event.id,
              e.customFields.map(({ id: _id, ...f }) => f),
            );
            await activityRepo.record(tx, by, now(), {
              kind: 'service.created',
              subjectId: event.id,
              subjectName: event.title,
              after: activityFields(event, SUMMARY),
            });
            return event;
          });
          return toEventDto(row);
        } catch (err) {
          // Two events with the same title created at once: try again with a random suffix.
          if (pgErrorCode(err) !== PG_UNIQUE_VIOLATION || attempt >= 3) throw err;
        }
      }
    },

    /** Merges the patch into the stored event and checks the whole result, as on create. */
    async update(user: UserRow, id: string, patch: z.output<typeof updateEventBody>, by: ActivityBy) {
      const current = await owned(user, id);
      const fields = patch.customFields ?? (await customFieldsRepo.listByEvent(db, id));
      const { id: _id, userId: _u, slug: _s, createdAt: _c, ...stored } = current;
      // Only `agendaIds` given: the first group changes, the further ones stay; `agendaGroups` sets all.
      const agendas = patch.agendaGroups
        ? { agendaGroups: patch.agendaGroups, agendaIds: patch.agendaIds }
        : {
            agendaGroups: [patch.agendaIds ?? current.agendaIds, ...current.extraAgendaGroups],
            agendaIds: undefined,
          };
      const e = createEventBody.parse({ ...stored, ...patch, ...agendas, customFields: fields });
      await checkOwnerRules(user, e, current.specificDates ?? []);
      if (e.seats < current.seats) await refuseBelowSold(user, id, e.seats);
      const row = await db
        .transaction(async (tx) => {
          const groups = await ownedAgendaGroups(tx, user.id, agendaGroupsOf(e));
          const updated = await eventsRepo.update(tx, user.id, id, { ...columns(e), ...groups });
          const oldFields = patch.customFields ? await customFieldsRepo.listByEvent(tx, id) : null;
          if (patch.customFields) await customFieldsRepo.replace(tx, id, e.customFields);
          if (updated) {
            // The questions are rows of their own: the entry shows their names and kinds, when they changed.
            const questions = (list: Array<{ fieldName: string; fieldType: string; isRequired: boolean }>) =>
              list.map((f) => `${f.fieldName}${f.isRequired ? '*' : ''}`);
            await logUpdate(
              tx,
              by,
              now(),
              { kind: 'service.updated', subjectId: id, subjectName: updated.title },
              activityDiff(
                { ...current, customFields: oldFields ? questions(oldFields) : undefined },
                { ...updated, customFields: oldFields ? questions(e.customFields) : undefined },
                [...changedKeys(updated), 'customFields'],
              ),
            );
          }
          return updated;
        })
        .catch((err: unknown) => {
          // A place sold between the check above and this write: the class counter refuses it.
          if (isClassFull(err))
            throw badRequest(m.seatsBelowSoldSomewhere, { seats: m.seatsBelowSoldSomewhere });
          throw err;
        });
      if (!row) throw notFound(m.eventNotFound);
      return toEventDto(row);
    },

    async remove(user: UserRow, id: string, by: ActivityBy): Promise<void> {
      await db.transaction(async (tx) => {
        const gone = await eventsRepo.delete(tx, user.id, id);
        if (!gone) throw notFound(m.eventNotFound);
        await activityRepo.record(tx, by, now(), {
          kind: 'service.deleted',
          subjectId: gone.id,
          subjectName: gone.title,
          before: activityFields(gone, SUMMARY),
        });
      });
    },
  };
}
export type EventsService = ReturnType<typeof createEventsService>;

import type { CategoryDto } from '@contracts/events';
import { MAX_CATEGORIES, type categoryBody } from '@contracts/events';
import type { z } from 'zod';
import { nl } from '@contracts/messages';
import type { Db } from '../../db/client';
import type { eventCategories, UserRow } from '../../db/schema';
import { badRequest, notFound } from '../../http/app-error';
import { activityDiff, activityFields } from '../activity/activity-diff';
import { usersRepo } from '../users/users.repo';
import { categoriesRepo } from './categories.repo';
import { activityRepo, type ActivityBy } from '../activity/activity.repo';
import { logUpdate } from '../activity/activity-entry';

export function toCategoryDto(row: typeof eventCategories.$inferSelect): CategoryDto {
  return { id: row.id, name: row.name, color: row.color, createdAt: row.createdAt.toISOString() };
}

type CategoryInput = z.output<typeof categoryBody>;

export function createCategoriesService(db: Db, deps: { now: () => Date }) {
  const { now } = deps;
  return {
    list: async (user: UserRow) => (await categoriesRepo.list(db, user.id)).map(toCategoryDto),
    async create(user: UserRow, body: CategoryInput, by: ActivityBy) {
      const row = await db.transaction(async (tx) => {
        await usersRepo.lockOwner(tx, user.id);
        if ((await categoriesRepo.countOf(tx, user.id)) >= MAX_CATEGORIES)
          throw badRequest(nl.eventRules.tooManyCategories);
        const row = await categoriesRepo.insert(tx, {
          userId: user.id,
          name: body.name,
          ...(body.color ? { color: body.color } : {}),
          createdAt: now(),
        });
        await activityRepo.record(tx, by, now(), {
          kind: 'category.created',
          subjectId: row.id,
          subjectName: row.name,
          after: activityFields(row, ['name', 'color']),
        });
        return row;
      });
      return toCategoryDto(row);
    },
    async update(user: UserRow, id: string, body: CategoryInput, by: ActivityBy) {
      const row = await db.transaction(async (tx) => {
        const current = await categoriesRepo.findOwned(tx, user.id, id);
        if (!current) throw notFound(nl.eventRules.categoryNotFound);
        const updated = await categoriesRepo.update(tx, user.id, id, {
          name: body.name,
          ...(body.color ? { color: body.color } : {}),
        });
        if (!updated) throw notFound(nl.eventRules.categoryNotFound);
        await logUpdate(
          tx,
          by,
          now(),
          { kind: 'category.updated', subjectId: id, subjectName: updated.name },
          activityDiff(current, updated, ['name', 'color']),
        );
        return updated;
      });
      return toCategoryDto(row);
    },
    /** Events of the category keep existing; their categoryId becomes null (FK on delete set null). */
    async remove(user: UserRow, id: string, by: ActivityBy) {
      await db.transaction(async (tx) => {
        const gone = await categoriesRepo.delete(tx, user.id, id);
        if (!gone) throw notFound(nl.eventRules.categoryNotFound);
        await activityRepo.record(tx, by, now(), {
          kind: 'category.deleted',
          subjectId: id,
          subjectName: gone.name,
          before: activityFields(gone, ['name', 'color']),
        });
      });
    },
  };
}

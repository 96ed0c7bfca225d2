import type { CategoryDto } from '@contracts/events';
import { MAX_CATEGORIES, type categoryBody } from '@contracts/events';
import type { z } from 'zod';
import { nl } from '@contracts/messages';
import type { Db } from '../../db/client';
import type { eventCategories, UserRow } from '../../db/schema';
import { badRequest, notFound } from '../../http/app-error';
import { usersRepo } from '../users/users.repo';
import { categoriesRepo } from './categories.repo';

export function toCategoryDto(row: typeof eventCategories.$inferSelect): CategoryDto {
  return { id: row.id, name: row.name, color: row.color, createdAt: row.createdAt.toISOString() };
}

type CategoryInput = z.output<typeof categoryBody>;

export function createCategoriesService(db: Db, deps: { now: () => Date }) {
  const { now } = deps;
  return {
    list: async (user: UserRow) => (await categoriesRepo.list(db, user.id)).map(toCategoryDto),
    async create(user: UserRow, body: CategoryInput) {
      const row = await db.transaction(async (tx) => {
        await usersRepo.lockOwner(tx, user.id);
        if ((await categoriesRepo.countOf(tx, user.id)) >= MAX_CATEGORIES)
          throw badRequest(nl.eventRules.tooManyCategories);
        return categoriesRepo.insert(tx, {
          userId: user.id,
          name: body.name,
          ...(body.color ? { color: body.color } : {}),
          createdAt: now(),
        });
      });
      return toCategoryDto(row);
    },
    async update(user: UserRow, id: string, body: CategoryInput) {
      const row = await categoriesRepo.update(db, user.id, id, {
        name: body.name,
        ...(body.color ? { color: body.color } : {}),
      });
      if (!row) throw notFound(nl.eventRules.categoryNotFound);
      return toCategoryDto(row);
    },
    /** Events of the category keep existing; their categoryId becomes null (FK on delete set null). */
    async remove(user: UserRow, id: string) {
      if (!(await categoriesRepo.delete(db, user.id, id))) throw notFound(nl.eventRules.categoryNotFound);
    },
  };
}

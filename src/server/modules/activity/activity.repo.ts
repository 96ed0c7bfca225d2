import type { Db } from '../../db/client';
import { activityLog } from '../../db/schema';

export type NewActivity = Omit<typeof activityLog.$inferInsert, 'id' | 'seq'>;

export const activityRepo = {
  /** Writes one entry; call it with the transaction of the change it records. */
  async record(db: Db, entry: NewActivity): Promise<void> {
    await db.insert(activityLog).values(entry);
  },
};

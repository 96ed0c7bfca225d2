import type { z } from 'zod';
import { nlPublicSteps as nl } from './messages-public-steps';

/**
 * A change request (PATCH) whose fields are all optional must name at least one of them: `{}`, or a
 * body of keys the route does not know (zod drops those), would change nothing. It is refused with
 * a Dutch 400 here, where every route's body is checked, instead of reaching the database as an
 * UPDATE without columns.
 */
export function someChange<T extends z.ZodObject>(schema: T, message: string = nl.errors.noChanges): T {
  return schema.refine((body) => Object.values(body).some((v) => v !== undefined), { error: message });
}

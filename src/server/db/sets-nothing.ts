/**
 * Drizzle throws "No values to set" for an UPDATE without columns (every value undefined). A change
 * that turns out to set nothing (e.g. a blank secret key, which means "keep the stored one") is not
 * an error: the repos' update helpers answer the row as it is instead of issuing that UPDATE.
 */
export const setsNothing = (values: object): boolean => Object.values(values).every((v) => v === undefined);

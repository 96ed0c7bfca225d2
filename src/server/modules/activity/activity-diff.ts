/** A small before/after of a change: only the fields whose value changed. */
export interface ActivityChange {
  before: Record<string, unknown>;
  after: Record<string, unknown>;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * The fields of `keys` (default: every key of `after`) whose value differs between the two objects,
 * with their values on each side; null when nothing changed. Dates become ISO text (what JSON keeps),
 * absent values null. The one place an entry's before/after is computed: callers pick the keys and
 * never hand in a secret (they pass `{ secretKeySet: true }`-style flags instead).
 */
export function activityDiff<T extends object>(
  before: Partial<T> | null | undefined,
  after: Partial<T> | null | undefined,
  keys?: ReadonlyArray<keyof T & string>,
): ActivityChange | null {
  const from = (before ?? {}) as Record<string, unknown>;
  const to = (after ?? {}) as Record<string, unknown>;
  const fields = keys ?? (Object.keys(to) as Array<keyof T & string>);
  const change: ActivityChange = { before: {}, after: {} };
  for (const key of fields) {
    const a = plain(from[key]);
    const b = plain(to[key]);
    if (same(a, b)) continue;
    change.before[key] = a;
    change.after[key] = b;
  }
  return Object.keys(change.after).length ? change : null;
}

/** The fields of `keys` of one object, for a created (after) or deleted (before) subject. */
export function activityFields<T extends object>(
  row: T,
  keys: ReadonlyArray<keyof T & string>,
): Record<string, unknown> {
  return Object.fromEntries(keys.map((k) => [k, plain((row as Record<string, unknown>)[k])]));
}

function plain(value: unknown): unknown {
  if (value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  return value;
}

/**
 * Fills `{name}` placeholders of a message from `nl` (e.g. '{n} minuten'). Unknown placeholders are
 * left visible rather than silently dropped, so a missing value shows up in review.
 */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (match, key: string) =>
    Object.hasOwn(values, key) ? String(values[key]) : match,
  );
}

import type { DailyPauseTimes } from './types';

/** docs/PRODUCT.md#event-form: "a weekday without pauses is removed from the map". */
export function compactPauses(pauses: Partial<DailyPauseTimes> | null | undefined): DailyPauseTimes {
  return Object.fromEntries(
    Object.entries(pauses ?? {}).filter(([, list]) => list && list.length > 0),
  ) as DailyPauseTimes;
}

import { SearchInput } from '@web/components/search-input';
import { BOOKING_STATUSES } from '@contracts/enums';
import type { EventListItem } from '@contracts/events';
import { nl } from '@contracts/messages';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@web/components/ui/select';

const t = nl.bookingsUi;
const ALL = 'all';

export interface BookingsToolbarValue {
  search: string;
  status: (typeof BOOKING_STATUSES)[number] | typeof ALL;
  eventId: string;
}

export const NO_BOOKING_FILTERS: BookingsToolbarValue = { search: '', status: ALL, eventId: ALL };

/** Search (server-side, on name, e-mail and phone), status filter and event filter (docs/PRODUCT.md#bookings-page). */
export function BookingsToolbar({
  value,
  onChange,
  events,
}: {
  value: BookingsToolbarValue;
  onChange: (patch: Partial<BookingsToolbarValue>) => void;
  events: readonly EventListItem[];
}) {
  return (
    <div role="search" aria-label={t.filters} className="grid gap-3 md:grid-cols-[minmax(0,1fr)_11rem_14rem]">
      <SearchInput
        label={t.search}
        placeholder={t.searchPlaceholder}
        value={value.search}
        onChange={(search) => onChange({ search })}
      />
      <div className="grid grid-cols-2 gap-3 md:contents">
        <Select
          value={value.status}
          onValueChange={(status) => onChange({ status: status as BookingsToolbarValue['status'] })}
        >
          <SelectTrigger aria-label={t.status}>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL}>{t.allStatuses}</SelectItem>
            {BOOKING_STATUSES.map((s) => (
              <SelectItem key={s} value={s}>
                {t.statuses[s]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        <Select value={value.eventId} onValueChange={(eventId) => onChange({ eventId })}>
          <SelectTrigger aria-label={t.event}>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL}>{t.allEvents}</SelectItem>
            {events.map((e) => (
              <SelectItem key={e.id} value={e.id}>
                {e.title}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
    </div>
  );
}

import { useId } from 'react';
import { Download } from 'lucide-react';
import { Button } from '@web/components/ui/button';
import { SearchInput } from '@web/components/search-input';
import { Checkbox } from '@web/components/ui/checkbox';
import { Label } from '@web/components/ui/label';
import type { AgendaDto } from '@contracts/agendas';
import { BOOKING_STATUSES } from '@contracts/enums';
import type { EventListItem } from '@contracts/events';
import { nl } from '@contracts/messages';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@web/components/ui/select';
import { cn } from '@web/lib/utils';
import { DEFAULT_LIST_PERIOD, LIST_PERIODS, type ListPeriod } from '../lib/list-period';
import { AgendaSelect } from './agenda-select';

const t = nl.bookingsUi;
const ALL = 'all';

export interface BookingsToolbarValue {
  /** Upcoming (the default), earlier or all appointments. */
  period: ListPeriod;
  search: string;
  status: (typeof BOOKING_STATUSES)[number] | typeof ALL;
  eventId: string;
  agendaId: string;
  /** Only bookings marked as not shown (docs/PRODUCT.md#no-shows). */
  noShow: boolean;
}

export const NO_BOOKING_FILTERS: BookingsToolbarValue = {
  period: DEFAULT_LIST_PERIOD,
  search: '',
  status: ALL,
  eventId: ALL,
  agendaId: ALL,
  noShow: false,
};

/**
 * Search (server-side, on name, e-mail and phone), status filter and event filter
 * (docs/PRODUCT.md#bookings-page), an agenda filter once the owner has more than one agenda, and
 * the period (upcoming, earlier, all).
 */
export function BookingsToolbar({
  value,
  onChange,
  events,
  agendas,
  exportHref,
}: {
  value: BookingsToolbarValue;
  onChange: (patch: Partial<BookingsToolbarValue>) => void;
  events: readonly EventListItem[];
  agendas: readonly AgendaDto[];
  /** The CSV export of what the filters show (docs/PRODUCT.md#csv-export). */
  /** Left out for a role without `export`: no export button (docs/PRODUCT.md#roles). */
  exportHref?: string;
}) {
  const withAgendas = agendas.length > 1;
  const noShowId = useId();
  return (
    <div
      role="search"
      aria-label={t.filters}
      className={cn(
        'grid gap-3',
        withAgendas
          ? 'lg:grid-cols-[minmax(0,1fr)_10rem_13rem_12rem]'
          : 'md:grid-cols-[minmax(0,1fr)_11rem_14rem]',
      )}
    >
      <SearchInput
        label={t.search}
        placeholder={t.searchPlaceholder}
        value={value.search}
        onChange={(search) => onChange({ search })}
      />
      <div
        className={cn('grid grid-cols-2 gap-3', withAgendas ? 'md:grid-cols-3 lg:contents' : 'md:contents')}
      >
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
        {withAgendas && (
          <AgendaSelect
            agendas={agendas}
            value={value.agendaId === ALL ? null : value.agendaId}
            withAll
            onChange={(agendaId) => onChange({ agendaId: agendaId ?? ALL })}
            className="col-span-2 md:col-span-1"
          />
        )}
      </div>
      <div
        className={cn(
          'flex flex-wrap items-center justify-between gap-3',
          withAgendas ? 'lg:col-span-4' : 'md:col-span-3',
        )}
      >
        <div className="flex w-full flex-wrap items-center gap-x-5 gap-y-3 sm:w-auto">
          <Select value={value.period} onValueChange={(period) => onChange({ period: period as ListPeriod })}>
            <SelectTrigger aria-label={t.period} className="sm:w-52">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {LIST_PERIODS.map((p) => (
                <SelectItem key={p} value={p}>
                  {t.periods[p]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          <div className="flex items-center gap-2">
            <Checkbox
              id={noShowId}
              checked={value.noShow}
              onCheckedChange={(checked) => onChange({ noShow: checked === true })}
            />
            <Label htmlFor={noShowId} className="font-normal">
              {nl.noShows.filter}
            </Label>
          </div>
        </div>
        {exportHref && (
          <Button asChild variant="outline" size="sm">
            <a href={exportHref} download title={nl.dataOut.exportCsvLabel}>
              <Download aria-hidden="true" />
              {nl.dataOut.exportCsv}
            </a>
          </Button>
        )}
      </div>
    </div>
  );
}

import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useMemo, type ReactNode } from 'react';
import type { AbsenceDto, AgendaDto } from '@contracts/agendas';
import type { OwnerBookingDto } from '@contracts/bookings';
import { nl } from '@contracts/messages';
import {
  addDays,
  dutchWeekday,
  formatDutchDayMonth,
  formatLongDutchDate,
  formatShortDutchDate,
  isoWeekNumber,
  weekDates,
} from '@core/index';
import { LoadError } from '@web/components/load-error';
import { Button } from '@web/components/ui/button';
import { Skeleton } from '@web/components/ui/skeleton';
import { Tooltip, TooltipContent, TooltipTrigger } from '@web/components/ui/tooltip';
import { useAbsencesBetween } from '@web/lib/agenda-absences';
import { fill } from '@web/lib/fill-message';
import { useIsMobile } from '@web/lib/use-is-mobile';
import { cn } from '@web/lib/utils';
import { useBookingsInRange } from '../api/get-bookings-range';
import { groupClasses, type AgendaItem } from '../lib/agenda-classes';
import { agendaDayText, agendaShades, worksOn } from '../lib/agenda-shading';
import { AgendaSelect } from './agenda-select';
import { agendaTint, type VisitPlace } from './agenda-booking';
import { AgendaGrid, type GridColumn, type NewBookingSpot } from './agenda-grid';
import { AgendaWeekList } from './agenda-week-list';

const t = nl.agendaView;

export type AgendaMode = 'dag' | 'week';

/**
 * An agenda as the grid needs it, with its own week; bookings of an agenda deleted since still get a
 * column (without hours).
 */
type AgendaColumn = Pick<AgendaDto, 'id' | 'name' | 'color'> &
  Partial<Pick<AgendaDto, 'workingDays' | 'dailyPauseTimes'>>;

/**
 * The owner's agenda: one day with a column per agenda, or a week of seven days. On a phone the day
 * shows one agenda at a time (chosen with a select) and the week becomes a list of days. A click on a
 * booking opens the page's details panel (`onOpen`, with the booking's button to return focus to).
 */
export function AgendaView({
  mode,
  date,
  agendaId,
  today,
  timeZone,
  agendas,
  onNavigate,
  onOpen,
  onOpenClass,
  onNew,
}: {
  mode: AgendaMode;
  date: string;
  /** The agenda chosen in the select; null: all (the week) or the first (a phone's day). */
  agendaId: string | null;
  /** The owner's today. */
  today: string;
  timeZone: string;
  agendas: readonly AgendaDto[];
  onNavigate: (next: { date: string; agendaId: string | null }) => void;
  onOpen: (booking: OwnerBookingDto, from: HTMLElement) => void;
  /** A class time's block (docs/PRODUCT.md#classes): its attendee list. */
  onOpenClass: (sessionId: string, from: HTMLElement) => void;
  /** An empty spot of the agenda: a new booking there (docs/PRODUCT.md#bookings-page). */
  onNew?: (spot: NewBookingSpot) => void;
}) {
  const isMobile = useIsMobile();
  const days = mode === 'week' ? weekDates(date) : [date];
  const range = { from: days[0]!, to: days[days.length - 1]! };
  const bookings = useBookingsInRange(range);
  // A class time is one block, not one per attendee.
  const items = useMemo(() => groupClasses(bookings.data ?? []), [bookings.data]);
  const open = (b: AgendaItem, from: HTMLElement) =>
    b.classGroup ? onOpenClass(b.classGroup.sessionId, from) : onOpen(b, from);
  // The agendas' absences of the day or week: shaded beside their own hours.
  const absences = useAbsencesBetween(range.from, range.to).data ?? [];
  const absencesOf = (id: string) => absences.filter((a) => a.agendaId === id);

  const columnsOf = agendaColumns(agendas, items);
  const colors = new Map(columnsOf.map((a) => [a.id, a.color]));
  const colorOf = (b: OwnerBookingDto) => colors.get(b.agendaId);
  const visitOf = visitPlaces(items);
  const several = columnsOf.length > 1;
  const chosen = agendaId && columnsOf.some((a) => a.id === agendaId) ? agendaId : null;
  // A phone's day has room for one agenda: the chosen one, or the first.
  const dayAgenda = isMobile && mode === 'dag' ? (chosen ?? columnsOf[0]?.id ?? null) : null;
  const filter = mode === 'week' ? chosen : dayAgenda;
  const shown = filter ? items.filter((b) => b.agendaId === filter) : items;

  const week = isoWeekNumber(date);
  const weekRangeText = fill(t.weekRange, {
    from: formatDutchDayMonth(range.from),
    to: formatShortDutchDate(range.to),
  });
  const title = mode === 'dag' ? formatLongDutchDate(date) : fill(t.weekNumber, { week });
  const isCurrent = mode === 'dag' ? date === today : days.includes(today);
  const count = shown.length === 1 ? t.countOne : fill(t.count, { n: shown.length });
  const none = mode === 'dag' ? t.noneOnDay : t.noneInWeek;
  const step = mode === 'dag' ? 1 : 7;
  const go = (next: string) => onNavigate({ date: next, agendaId });

  const select = several && (mode === 'week' || isMobile) && (
    <AgendaSelect
      agendas={columnsOf}
      value={mode === 'week' ? chosen : dayAgenda}
      withAll={mode === 'week'}
      onChange={(id) => onNavigate({ date, agendaId: id })}
      className="bg-card"
    />
  );

  return (
    <div className="grid gap-4">
      <div className="flex flex-col gap-3 md:flex-row md:items-center md:justify-between">
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:gap-4">
          <div className="flex items-center gap-2">
            <div className="flex items-center rounded-lg border bg-card p-0.5 shadow-xs">
              <NavButton
                label={mode === 'dag' ? t.previousDay : t.previousWeek}
                onClick={() => go(addDays(date, -step))}
              >
                <ChevronLeft aria-hidden="true" />
              </NavButton>
              <Button variant="ghost" size="sm" className="h-8 px-3" onClick={() => go(today)}>
                {mode === 'dag' ? t.today : t.thisWeek}
              </Button>
              <NavButton
                label={mode === 'dag' ? t.nextDay : t.nextWeek}
                onClick={() => go(addDays(date, step))}
              >
                <ChevronRight aria-hidden="true" />
              </NavButton>
            </div>
            {isMobile && select && <div className="ml-auto w-44">{select}</div>}
          </div>
          <div className="min-w-0">
            <h2 className="inline-block text-lg leading-tight font-semibold first-letter:uppercase">
              {title}
            </h2>
            <p className="text-sm text-muted-foreground">
              {mode === 'week' && <span>{weekRangeText} · </span>}
              {isCurrent && mode === 'dag' && <span>{t.today} · </span>}
              <span>{bookings.data ? (shown.length ? count : none) : t.loading}</span>
            </p>
          </div>
        </div>
        {!isMobile && select && <div className="w-56">{select}</div>}
      </div>
      {/* One announcement per page turn: the new day or week and how full it is. */}
      <p role="status" className="sr-only">
        {bookings.data && !bookings.isPlaceholderData
          ? `${mode === 'dag' ? title : `${title}, ${weekRangeText}`}: ${shown.length ? count : none}`
          : ''}
      </p>

      {bookings.isPending ? (
        <AgendaSkeleton />
      ) : !bookings.data ? (
        <LoadError error={bookings.error} onRetry={() => void bookings.refetch()} />
      ) : (
        <div
          aria-busy={bookings.isPlaceholderData}
          className={cn('transition-opacity', bookings.isPlaceholderData && 'opacity-60')}
        >
          {mode === 'dag' ? (
            <div className="grid gap-2">
              <AgendaGrid
                label={fill(t.dayGrid, { date: formatLongDutchDate(date) })}
                columns={columnsOf
                  .filter((a) => !dayAgenda || a.id === dayAgenda)
                  .map((a) => agendaColumn(a, shown, date, date === today, absencesOf(a.id)))}
                colorOf={colorOf}
                visitOf={visitOf}
                withAgenda={false}
                timeZone={timeZone}
                hourHeight={84}
                minColumnWidth="10rem"
                showHeader={!isMobile || !several}
                onOpen={open}
                onNew={onNew}
              />
              {staff(columnsOf, dayAgenda, absences) && (
                <p className="text-xs text-muted-foreground">{t.shadeLegend}</p>
              )}
            </div>
          ) : isMobile ? (
            <AgendaWeekList
              label={fill(t.weekGrid, { week, range: weekRangeText })}
              days={days}
              today={today}
              bookings={shown}
              colorOf={colorOf}
              visitOf={visitOf}
              withAgenda={several && !chosen}
              dayNote={(day) => workingNote(staff(columnsOf, chosen, absences), day)}
              onOpen={open}
              onNew={onNew && ((day) => onNew({ date: day, agendaId: chosen }))}
            />
          ) : (
            <div className="grid gap-3">
              {several && !chosen && <AgendaLegend agendas={columnsOf} />}
              <AgendaGrid
                label={fill(t.weekGrid, { week, range: weekRangeText })}
                columns={days.map((day) =>
                  dayColumn(day, shown, today, chosen, staff(columnsOf, chosen, absences)),
                )}
                colorOf={colorOf}
                visitOf={visitOf}
                withAgenda={several && !chosen}
                timeZone={timeZone}
                hourHeight={72}
                minColumnWidth="6.5rem"
                compact
                onOpen={open}
                onNew={onNew}
              />
            </div>
          )}
        </div>
      )}
    </div>
  );
}

/**
 * Where each visit's segment stands in its visit (docs/PRODUCT.md#visits), counted over every
 * booking of the range (a visit lies within one day), also those of agendas the select hides.
 */
function visitPlaces(items: readonly OwnerBookingDto[]): (b: OwnerBookingDto) => VisitPlace | null {
  const counts = new Map<string, number>();
  for (const b of items) if (b.visitId) counts.set(b.visitId, (counts.get(b.visitId) ?? 0) + 1);
  return (b) => {
    const total = b.visitId ? (counts.get(b.visitId) ?? 0) : 0;
    return b.visitId && total > 1 ? { n: b.visitPosition + 1, total } : null;
  };
}

/** The owner's agendas (default first), plus any agenda deleted since that still has bookings here. */
function agendaColumns(agendas: readonly AgendaDto[], items: readonly OwnerBookingDto[]): AgendaColumn[] {
  const columns: AgendaColumn[] = agendas.map(({ id, name, color, workingDays, dailyPauseTimes }) => ({
    id,
    name,
    color,
    workingDays,
    dailyPauseTimes,
  }));
  for (const b of items) {
    if (!columns.some((a) => a.id === b.agendaId))
      columns.push({ id: b.agendaId, name: b.agendaName, color: '' });
  }
  return columns;
}

/** The week's agendas with their absences, the chosen one alone; null when none has hours or absences. */
type Staff = Array<{ agenda: AgendaColumn; absences: AbsenceDto[] }>;
function staff(agendas: readonly AgendaColumn[], chosen: string | null, absences: readonly AbsenceDto[]) {
  const list: Staff = agendas
    .filter((a) => !chosen || a.id === chosen)
    .map((agenda) => ({ agenda, absences: absences.filter((x) => x.agendaId === agenda.id) }));
  return list.some((s) => s.agenda.workingDays || s.absences.length) ? list : null;
}

/** 'Werkt: Mila, Sem' for a day of several agendas; one agenda's own hours that day. */
function workingNote(list: Staff | null, day: string): string {
  if (!list) return '';
  if (list.length === 1) return agendaDayText(list[0]!.agenda, list[0]!.absences, day);
  const names = list.filter((s) => worksOn(s.agenda, s.absences, day)).map((s) => s.agenda.name);
  return names.length ? fill(t.working, { names: names.join(', ') }) : t.nobodyWorking;
}

function agendaColumn(
  agenda: AgendaColumn,
  bookings: readonly AgendaItem[],
  date: string,
  isToday: boolean,
  absences: readonly AbsenceDto[],
): GridColumn {
  // A room shows the bookings that occupy it beside their person too: it is taken then.
  const own = bookings.filter((b) => b.agendaId === agenda.id || b.extraAgendaIds.includes(agenda.id));
  const live = own.filter((b) => b.status !== 'cancelled').length;
  const hoursText = agendaDayText(agenda, absences, date);
  return {
    key: agenda.id,
    label: fill(t.agendaColumn, { agenda: agenda.name }),
    bookings: own,
    isToday,
    shades: agendaShades(agenda, absences, date),
    newAt: {
      date,
      agendaId: agenda.id,
      label: fill(nl.manualBookings.newBookingIn, { date: formatLongDutchDate(date), agenda: agenda.name }),
    },
    header: (
      <div className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-0.5" style={agendaTint(agenda.color)}>
        <span aria-hidden="true" className="size-2.5 shrink-0 rounded-full bg-[var(--agenda)]" />
        <span className="truncate text-sm font-semibold">{agenda.name}</span>
        <span className="ml-auto shrink-0 rounded-full bg-background px-2 py-0.5 text-xs font-medium text-muted-foreground tabular-nums">
          <span aria-hidden="true">{live}</span>
          <span className="sr-only">{live === 1 ? t.countOne : fill(t.count, { n: live })}</span>
        </span>
        {hoursText && (
          <span className="basis-full truncate text-xs text-muted-foreground" title={hoursText}>
            {hoursText}
          </span>
        )}
      </div>
    ),
  };
}

function dayColumn(
  day: string,
  bookings: readonly AgendaItem[],
  today: string,
  agendaId: string | null,
  list: Staff | null,
): GridColumn {
  const isToday = day === today;
  const note = workingNote(list, day);
  // One agenda's week is shaded in its days; of several the header says who works.
  const one = list?.length === 1 ? list[0]! : null;
  return {
    key: day,
    label: formatLongDutchDate(day),
    bookings: bookings.filter((b) => b.bookingDate === day),
    isToday,
    shades: one ? agendaShades(one.agenda, one.absences, day) : undefined,
    newAt: {
      date: day,
      agendaId,
      label: fill(nl.manualBookings.newBookingOn, { date: formatLongDutchDate(day) }),
    },
    header: (
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <span className="text-xs font-medium text-muted-foreground uppercase">{dutchWeekday(day).short}</span>
        <span
          className={cn(
            'flex size-7 items-center justify-center rounded-full text-sm font-semibold tabular-nums',
            isToday && 'bg-primary text-primary-foreground',
          )}
        >
          {Number(day.slice(8, 10))}
        </span>
        {note && (
          <span className="basis-full text-[11px] leading-tight break-words text-muted-foreground">
            {note}
          </span>
        )}
      </div>
    ),
  };
}

function NavButton({
  label,
  onClick,
  children,
}: {
  label: string;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <Button variant="ghost" size="icon" className="size-8" aria-label={label} onClick={onClick}>
          {children}
        </Button>
      </TooltipTrigger>
      <TooltipContent>{label}</TooltipContent>
    </Tooltip>
  );
}

/** Which colour is whose, above a week of several agendas. */
function AgendaLegend({ agendas }: { agendas: readonly AgendaColumn[] }) {
  return (
    <ul aria-label={t.legend} className="flex flex-wrap items-center gap-x-4 gap-y-1.5 text-sm">
      {agendas.map((a) => (
        <li key={a.id} className="flex items-center gap-2" style={agendaTint(a.color)}>
          <span aria-hidden="true" className="size-2.5 rounded-full bg-[var(--agenda)]" />
          {a.name}
        </li>
      ))}
    </ul>
  );
}

function AgendaSkeleton() {
  return (
    <div role="status" className="overflow-hidden rounded-xl border bg-card shadow-sm">
      <span className="sr-only">{t.loading}</span>
      <Skeleton className="h-11 rounded-none" />
      <div className="grid gap-3 p-4">
        {[0, 1, 2, 3, 4, 5].map((i) => (
          <Skeleton key={i} className={cn('h-12', i % 2 ? 'w-2/3' : 'w-5/6')} />
        ))}
      </div>
    </div>
  );
}

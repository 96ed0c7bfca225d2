import { Ban, Clock, Link2, UsersRound } from 'lucide-react';
import type { CSSProperties } from 'react';
import type { OwnerBookingDto } from '@contracts/bookings';
import { nl } from '@contracts/messages';
import { DEFAULT_COLOR, isHexColor, slotEnd } from '@core/index';
import { BookingStatusBadge } from '@web/components/booking-status-badge';
import { fill } from '@web/lib/fill-message';
import { cn } from '@web/lib/utils';
import type { AgendaItem, ClassGroup } from '../lib/agenda-classes';
import { timeRangeText } from '../lib/booking-text';

const t = nl.agendaView;
const c = nl.classAttendees;
const statuses = nl.bookingsUi.statuses;

/**
 * The agenda's colour as a CSS variable, and a light tint of it over the card for the booking's
 * background. The text stays the theme's foreground on that tint, so it keeps its contrast whatever
 * colour the owner picked, in both themes.
 */
export function agendaTint(color: string | undefined): CSSProperties {
  const agenda = color && isHexColor(color) ? color : DEFAULT_COLOR;
  return {
    '--agenda': agenda,
    '--agenda-tint': `color-mix(in oklab, ${agenda} 16%, var(--card))`,
  } as CSSProperties;
}

/** A segment's place in its visit (docs/PRODUCT.md#visits): 1-based, of how many the view holds. */
export interface VisitPlace {
  n: number;
  total: number;
}

/**
 * The colours that join a visit's segments on the grid (an edge and the '1/2' marker), one per
 * visit by its id. Dark enough for white text on them (AA at the marker's small size).
 */
const VISIT_COLORS = ['#6d28d9', '#be185d', '#0f766e', '#c2410c', '#4338ca', '#4d7c0f'];
export function visitColor(visitId: string): string {
  let hash = 0;
  for (const ch of visitId) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
  return VISIT_COLORS[hash % VISIT_COLORS.length]!;
}

/** The rooms (anything beside its agenda) a booking occupies, as its block says them; '' for none. */
export const roomsText = (b: OwnerBookingDto) => {
  const names = b.extraAgendaNames.filter(Boolean);
  return names.length ? fill(t.rooms, { rooms: names.join(', ') }) : '';
};

/** A class time's block, for its button's accessible name: 'Les Yoga, 10:00–11:00, 5 van 8 plekken bezet'. */
export function classLabel(b: OwnerBookingDto, group: ClassGroup, withAgenda: boolean): string {
  return fill(withAgenda ? c.blockLabelAgenda : c.blockLabel, {
    event: b.eventTitle,
    time: timeRangeText(b),
    agenda: b.agendaName,
    taken: group.taken,
    capacity: group.capacity,
  });
}

/** Everything a booking's block shows, for its button's accessible name. */
export function bookingLabel(b: AgendaItem, withAgenda: boolean, visit?: VisitPlace | null): string {
  if (b.classGroup) return classLabel(b, b.classGroup, withAgenda);
  const vars = {
    time: timeRangeText(b),
    name: b.customerName,
    event: b.eventTitle,
    agenda: b.agendaName,
    status: statuses[b.status],
  };
  return [
    fill(withAgenda ? t.bookingLabelAgenda : t.bookingLabel, vars),
    roomsText(b),
    visit ? fill(t.visitPart, { n: visit.n, total: visit.total }) : '',
  ]
    .filter(Boolean)
    .join(', ');
}

/** The '1/2' of a visit's segment, in the visit's colour (the button's name says it in words). */
function VisitMarker({ visit, visitId }: { visit: VisitPlace; visitId: string }) {
  return (
    <span
      aria-hidden="true"
      data-visit-marker={visitId}
      style={{ backgroundColor: visitColor(visitId) }}
      className="inline-flex shrink-0 items-center gap-0.5 rounded-sm px-1 text-[10px] leading-[14px] font-semibold text-white tabular-nums"
    >
      <Link2 className="size-2.5" />
      {fill(t.visitMarker, { n: visit.n, total: visit.total })}
    </span>
  );
}

/** A class's '5/8' (the button's name says it in words); a full class stands out. */
function PlacesChip({ group, className }: { group: ClassGroup; className?: string }) {
  const full = group.capacity > 0 && group.taken >= group.capacity;
  return (
    <span
      aria-hidden="true"
      data-class-places={`${group.taken}/${group.capacity}`}
      className={cn(
        'inline-flex shrink-0 items-center gap-0.5 rounded-sm px-1 font-semibold tabular-nums',
        full ? 'bg-foreground text-background' : 'bg-background/80 text-foreground',
        className,
      )}
    >
      <UsersRound className="size-3" />
      {fill(c.places, { taken: group.taken, capacity: group.capacity })}
    </span>
  );
}

/** A visit's segment: its edge on the right in the visit's colour, so the segments read as one. */
const visitEdge = (b: OwnerBookingDto, visit: VisitPlace | null | undefined): CSSProperties =>
  visit && b.visitId
    ? { borderRightWidth: 3, borderRightStyle: 'solid', borderRightColor: visitColor(b.visitId) }
    : {};

const blockTone = {
  confirmed: 'border-l-[var(--agenda)] bg-[var(--agenda-tint)]',
  // Not yet sure (a payment hold): a dashed outline in the agenda's colour.
  pending: 'border border-dashed border-[var(--agenda)] border-l-[var(--agenda)] bg-[var(--agenda-tint)]',
  // Kept on the grid, but visibly out of the way: grey and struck through.
  cancelled: 'border-l-muted-foreground/50 bg-muted text-muted-foreground',
  // Waiting for the owner's decision (docs/PRODUCT.md#approval): its time held, outlined in sky blue.
  requested: 'border border-dashed border-sky-600 border-l-sky-600 bg-sky-50 dark:bg-sky-500/10',
} as const;

const statusText = {
  confirmed: '',
  pending: 'text-amber-800 dark:text-amber-300',
  cancelled: '',
  requested: 'text-sky-800 dark:text-sky-300',
} as const;

/** The icon beside the name of a booking that is not simply confirmed. */
function StatusIcon({ status, className }: { status: OwnerBookingDto['status']; className?: string }) {
  if (status === 'pending')
    return <Clock aria-hidden="true" className={cn('text-amber-800 dark:text-amber-300', className)} />;
  if (status === 'cancelled') return <Ban aria-hidden="true" className={className} />;
  return null;
}

/**
 * A booking on the time grid: a button placed by its start and length (percentages of the grid's
 * height, from agenda-layout.ts), its lane's share of the width, tinted with its agenda's colour.
 * It shows the lines that fit whole, most telling first: the customer (with a status icon), the
 * time, the service, the status in words. Its accessible name always says all of it.
 */
export function BookingBlock({
  booking: b,
  color,
  position,
  heightPx,
  compact,
  withAgenda,
  visit,
  onOpen,
}: {
  booking: AgendaItem;
  color: string | undefined;
  position: { top: number; height: number; lane: number; lanes: number };
  /** Its height on the grid in pixels, which decides how many lines fit. */
  heightPx: number;
  /** Narrow columns (the week): smaller type, and the start time under the name rather than beside it. */
  compact: boolean;
  withAgenda: boolean;
  /** A visit's segment: where it stands in the visit. */
  visit?: VisitPlace | null;
  onOpen: (booking: OwnerBookingDto, opener: HTMLElement) => void;
}) {
  const lineHeight = compact ? 14 : 16;
  const lines = Math.max(1, Math.floor((heightPx - 6) / lineHeight));
  const width = 100 / position.lanes;
  const timeBeside = !compact && lines < 3;
  return (
    <li
      className="absolute px-0.5 py-px focus-within:z-10"
      style={{
        top: `${position.top}%`,
        height: `${position.height}%`,
        left: `${position.lane * width}%`,
        width: `${width}%`,
      }}
    >
      <button
        type="button"
        aria-label={bookingLabel(b, withAgenda, visit)}
        aria-haspopup={b.classGroup ? 'dialog' : undefined}
        data-class-session={b.classGroup?.sessionId}
        onClick={(e) => onOpen(b, e.currentTarget)}
        style={{ ...agendaTint(color), borderLeftStyle: 'solid', ...visitEdge(b, visit) }}
        className={cn(
          'flex size-full min-h-4 flex-col overflow-hidden rounded-md border-l-[3px] text-left shadow-xs',
          compact ? 'px-1 py-0.5 text-[11px] leading-[14px]' : 'px-1.5 py-0.5 text-xs leading-4',
          'transition-[box-shadow,filter] outline-none hover:shadow-md hover:brightness-[0.97] dark:hover:brightness-110',
          'focus-visible:ring-[3px] focus-visible:ring-ring focus-visible:ring-offset-1 focus-visible:ring-offset-background',
          blockTone[b.status],
        )}
      >
        {b.classGroup ? (
          <ClassLines
            booking={b}
            group={b.classGroup}
            lines={lines}
            timeBeside={timeBeside}
            compact={compact}
          />
        ) : (
          <BookingLines booking={b} lines={lines} timeBeside={timeBeside} visit={visit} />
        )}
      </button>
    </li>
  );
}

/** A class time's lines: the service with its places, the time, and the agenda's rooms. */
function ClassLines({
  booking: b,
  group,
  lines,
  timeBeside,
  compact,
}: {
  booking: OwnerBookingDto;
  group: ClassGroup;
  lines: number;
  timeBeside: boolean;
  compact: boolean;
}) {
  const cancelled = b.status === 'cancelled';
  const rooms = roomsText(b);
  const secondary = 'truncate text-muted-foreground tabular-nums';
  const chip = compact ? 'text-[10px] leading-[14px]' : 'text-[11px] leading-4';
  return (
    <>
      <span className="flex min-w-0 items-center gap-1">
        <span className={cn('truncate font-semibold', cancelled && 'line-through')}>{b.eventTitle}</span>
        {timeBeside && <span className={cn(secondary, 'ml-auto shrink-0 pl-1')}>{b.bookingTime}</span>}
        {!timeBeside && <PlacesChip group={group} className={cn('ml-auto', chip)} />}
      </span>
      {timeBeside && lines >= 2 && (
        <span className="flex min-w-0 items-center gap-1">
          <PlacesChip group={group} className={chip} />
          {rooms && <span className="truncate text-muted-foreground">{rooms}</span>}
        </span>
      )}
      {!timeBeside && lines >= 2 && (
        <span className={secondary}>{lines >= 3 ? timeRangeText(b) : b.bookingTime}</span>
      )}
      {!timeBeside && lines >= 3 && (
        <span className="truncate text-muted-foreground">{rooms || c.classBadge}</span>
      )}
    </>
  );
}

/** A booking's lines: the customer (with a status icon), the time, the service, the status in words. */
function BookingLines({
  booking: b,
  lines,
  timeBeside,
  visit,
}: {
  booking: OwnerBookingDto;
  lines: number;
  timeBeside: boolean;
  visit?: VisitPlace | null;
}) {
  const cancelled = b.status === 'cancelled';
  const rooms = roomsText(b);
  const secondary = 'truncate text-muted-foreground tabular-nums';
  return (
    <>
      <span className="flex min-w-0 items-center gap-1">
        <StatusIcon status={b.status} className="size-3 shrink-0" />
        <span className={cn('truncate font-semibold', cancelled && 'line-through')}>{b.customerName}</span>
        {visit && b.visitId && (
          <span className={cn('shrink-0', !timeBeside && 'ml-auto')}>
            <VisitMarker visit={visit} visitId={b.visitId} />
          </span>
        )}
        {timeBeside && <span className={cn(secondary, 'ml-auto shrink-0 pl-1')}>{b.bookingTime}</span>}
      </span>
      {!timeBeside && lines >= 2 && (
        <span className={secondary}>{lines >= 3 ? timeRangeText(b) : b.bookingTime}</span>
      )}
      {(timeBeside ? lines >= 2 : lines >= 3) && (
        <span className="truncate">
          {/* No line of its own to spare: the status leads the service's line. */}
          {b.status !== 'confirmed' && lines === 2 && (
            <span className={cn('font-medium', statusText[b.status])}>{statuses[b.status]} · </span>
          )}
          {b.eventTitle}
          {rooms && <span className="text-muted-foreground"> · {rooms}</span>}
        </span>
      )}
      {b.status !== 'confirmed' && lines >= (timeBeside ? 3 : 4) && (
        <span className={cn('truncate font-medium', statusText[b.status])}>{statuses[b.status]}</span>
      )}
    </>
  );
}

/** A booking in a day's list (the phone's week): time, customer, service, agenda and status on one row. */
export function BookingRow({
  booking: b,
  color,
  withAgenda,
  visit,
  onOpen,
}: {
  booking: AgendaItem;
  color: string | undefined;
  withAgenda: boolean;
  visit?: VisitPlace | null;
  onOpen: (booking: OwnerBookingDto, opener: HTMLElement) => void;
}) {
  const cancelled = b.status === 'cancelled';
  const rooms = roomsText(b);
  const group = b.classGroup;
  return (
    <li>
      <button
        type="button"
        aria-label={bookingLabel(b, withAgenda, visit)}
        aria-haspopup={group ? 'dialog' : undefined}
        data-class-session={group?.sessionId}
        onClick={(e) => onOpen(b, e.currentTarget)}
        style={{ ...agendaTint(color), borderLeftStyle: 'solid', ...visitEdge(b, visit) }}
        className={cn(
          'grid w-full grid-cols-[3rem_minmax(0,1fr)_auto] items-center gap-3 rounded-lg border border-l-4 px-3 py-2.5 text-left text-sm',
          'transition-shadow outline-none hover:shadow-sm focus-visible:ring-[3px] focus-visible:ring-ring focus-visible:ring-offset-1 focus-visible:ring-offset-background',
          cancelled
            ? 'border-l-muted-foreground/50 bg-muted/60 text-muted-foreground'
            : 'border-l-[var(--agenda)] bg-card',
          b.status === 'pending' && 'border-dashed',
        )}
      >
        <span className="grid text-xs leading-4 tabular-nums">
          <span className="font-semibold text-foreground">{b.bookingTime}</span>
          <span className="text-muted-foreground">{slotEnd(b.bookingTime, b.durationMinutes)}</span>
        </span>
        <span className="grid min-w-0 gap-0.5">
          <span className="flex min-w-0 items-center gap-1.5">
            <span className={cn('truncate font-medium', cancelled ? 'line-through' : 'text-foreground')}>
              {group ? b.eventTitle : b.customerName}
            </span>
            {visit && b.visitId && <VisitMarker visit={visit} visitId={b.visitId} />}
          </span>
          <span className="truncate text-xs text-muted-foreground">
            {group ? c.classBadge : b.eventTitle}
            {withAgenda && ` · ${b.agendaName}`}
            {rooms && ` · ${rooms}`}
          </span>
        </span>
        {group ? (
          <PlacesChip group={group} className="border px-1.5 py-0.5 text-xs" />
        ) : b.status === 'confirmed' ? (
          <span aria-hidden="true" className="size-2.5 rounded-full bg-[var(--agenda)]" />
        ) : (
          <BookingStatusBadge status={b.status} />
        )}
      </button>
    </li>
  );
}

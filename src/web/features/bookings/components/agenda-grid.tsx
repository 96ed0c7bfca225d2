import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { OwnerBookingDto } from '@contracts/bookings';
import { nl } from '@contracts/messages';
import { formatTime, utcToZoned } from '@core/index';
import { fill } from '@web/lib/fill-message';
import { cn } from '@web/lib/utils';
import {
  hourMarks,
  offsetPercent,
  placeBookings,
  spanPercent,
  timeWindow,
  type TimeWindow,
} from '../lib/agenda-layout';
import type { AgendaItem } from '../lib/agenda-classes';
import type { Shade } from '../lib/agenda-shading';
import { BookingBlock, type VisitPlace } from './agenda-booking';

const t = nl.agendaView;

export interface GridColumn {
  key: string;
  /** What the column's header shows (an agenda's name and colour, or a weekday and date). */
  header: ReactNode;
  /** The column's name for screen readers: its list of bookings is labelled with it. */
  label: string;
  /** Bookings, and class times standing for their bookings (agenda-classes.ts). */
  bookings: readonly AgendaItem[];
  /** Draws the current-time line in this column. */
  isToday: boolean;
  /** The day (and agenda, in the day view) a new booking on an empty spot of this column gets. */
  newAt: { date: string; agendaId: string | null; label: string };
  /** The agenda's minutes off (own hours, pauses) and away (absences), shaded under the bookings. */
  shades?: readonly Shade[];
}

/** Stripes for an absence, grey for outside the own hours: told apart without colour alone. */
const ABSENT_STRIPES =
  'repeating-linear-gradient(135deg, rgb(245 158 11 / 0.22) 0 6px, transparent 6px 12px)';

/** Where a new booking starts: a spot clicked in a column (its half hour), or the column by keyboard. */
export interface NewBookingSpot {
  date: string;
  time?: string;
  agendaId: string | null;
}

/** The owner's current minute of the day, refreshed every half minute for the 'now' line. */
function useMinuteOfDay(timeZone: string): number {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 30_000);
    return () => clearInterval(timer);
  }, []);
  return utcToZoned(now, timeZone).minutes;
}

/**
 * Whether the element scrolls sideways (many agendas, or the week on a narrow window): it then takes
 * focus, so the keyboard can scroll it even where it holds no bookings.
 */
function useScrollsSideways() {
  const ref = useRef<HTMLDivElement>(null);
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const check = () => setScrolls(el.scrollWidth > el.clientWidth + 1);
    check();
    const observer = new ResizeObserver(check);
    observer.observe(el);
    for (const child of el.children) observer.observe(child);
    return () => observer.disconnect();
  });
  return [ref, scrolls] as const;
}

/**
 * A time grid: hours down the left, one column per agenda (day view) or per day (week view), each
 * booking placed by its start and length. The hours shown are a salon day, widened to fit every
 * booking of the grid, so all columns share one axis. Bookings are buttons in reading order (per
 * column, by start), so Tab walks the day from top to bottom.
 */
export function AgendaGrid({
  label,
  columns,
  colorOf,
  visitOf,
  withAgenda,
  timeZone,
  hourHeight,
  minColumnWidth,
  showHeader = true,
  compact = false,
  onOpen,
  onNew,
}: {
  label: string;
  columns: readonly GridColumn[];
  colorOf: (booking: OwnerBookingDto) => string | undefined;
  /** A visit's segment: where it stands in its visit (the marker joining its segments). */
  visitOf?: (booking: OwnerBookingDto) => VisitPlace | null;
  /** Bookings of several agendas share a column: their names say which agenda. */
  withAgenda: boolean;
  timeZone: string;
  /** Pixels per hour. */
  hourHeight: number;
  /** CSS width under which the columns stop shrinking and the grid scrolls sideways. */
  minColumnWidth: string;
  showHeader?: boolean;
  /** Narrow day columns (the week): the bookings' compact layout. */
  compact?: boolean;
  onOpen: (booking: OwnerBookingDto, opener: HTMLElement) => void;
  /** An empty spot was chosen: the new-booking dialog opens there. */
  onNew?: (spot: NewBookingSpot) => void;
}) {
  const hours = timeWindow(columns.flatMap((c) => c.bookings));
  const marks = hourMarks(hours);
  const height = ((hours.end - hours.start) / 60) * hourHeight;
  const now = useMinuteOfDay(timeZone);
  const template = `3.25rem repeat(${columns.length}, minmax(${minColumnWidth}, 1fr))`;
  const [scroller, scrolls] = useScrollsSideways();

  return (
    <div
      ref={scroller}
      role="group"
      aria-label={label}
      tabIndex={scrolls ? 0 : undefined}
      className="overflow-x-auto rounded-xl border bg-card shadow-sm outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
    >
      {showHeader && (
        <div className="grid border-b bg-muted/40" style={{ gridTemplateColumns: template }}>
          <div aria-hidden="true" />
          {columns.map((c) => (
            <div key={c.key} className="min-w-0 border-l px-3 py-2">
              {c.header}
            </div>
          ))}
        </div>
      )}
      <div className="grid" style={{ gridTemplateColumns: template }}>
        <TimeAxis marks={marks} hours={hours} height={height} />
        {columns.map((c) => (
          <div
            key={c.key}
            className={cn('relative border-l', c.isToday && 'bg-primary/[0.025]')}
            style={{ height }}
          >
            {c.shades?.map((shade, i) => (
              <div
                key={i}
                aria-hidden="true"
                data-shade={shade.kind}
                className={cn('pointer-events-none absolute inset-x-0', shade.kind === 'off' && 'bg-muted')}
                style={{
                  ...spanPercentStyle(shade, hours),
                  ...(shade.kind === 'absent' ? { backgroundImage: ABSENT_STRIPES } : {}),
                }}
              />
            ))}
            <HourLines marks={marks} hours={hours} />
            <ol
              aria-label={c.label}
              className="pointer-events-none absolute inset-0 z-[1] [&>*]:pointer-events-auto"
            >
              {placeBookings(c.bookings).map((p) => (
                <BookingBlock
                  // A class keeps its block whichever booking leads it, so its opener survives a refresh.
                  key={p.item.classGroup?.sessionId ?? p.item.id}
                  booking={p.item}
                  color={colorOf(p.item)}
                  visit={visitOf?.(p.item)}
                  position={{ ...spanPercent(p, hours), lane: p.lane, lanes: p.lanes }}
                  heightPx={((p.end - p.start) / 60) * hourHeight}
                  compact={compact}
                  withAgenda={withAgenda}
                  onOpen={onOpen}
                />
              ))}
            </ol>
            {onNew && (
              // Under the bookings, after them for Tab: a click on an empty spot gives its half
              // hour, Enter the day.
              <button
                type="button"
                aria-label={c.newAt.label}
                className="absolute inset-0 cursor-copy outline-none hover:bg-primary/[0.04] focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:ring-inset"
                onClick={(e) => {
                  const { top, height: h } = e.currentTarget.getBoundingClientRect();
                  const minute = hours.start + ((e.clientY - top) / h) * (hours.end - hours.start);
                  // A keyboard's click has no position (detail 0): the dialog asks the time.
                  const time = e.detail > 0 ? formatTime(Math.floor(minute / 30) * 30) : undefined;
                  onNew({ date: c.newAt.date, agendaId: c.newAt.agendaId, time });
                }}
              />
            )}
            {c.isToday && now >= hours.start && now < hours.end && (
              <div
                aria-hidden="true"
                className="pointer-events-none absolute inset-x-0 z-[5] border-t-2 border-red-500"
                style={{ top: `${offsetPercent(now, hours)}%` }}
              >
                <span className="absolute -top-[5px] -left-[5px] size-2 rounded-full bg-red-500" />
              </div>
            )}
          </div>
        ))}
      </div>
      {columns.some((c) => c.isToday) && now >= hours.start && now < hours.end && (
        <p className="sr-only">{fill(t.now, { time: formatTime(now) })}</p>
      )}
    </div>
  );
}

/** A span's top and height as CSS, in percent of the column. */
function spanPercentStyle(span: { start: number; end: number }, hours: TimeWindow) {
  const { top, height } = spanPercent(span, hours);
  return { top: `${top}%`, height: `${height}%` };
}

/** The hour labels, each just below its line (so the first hour is not cut off at the top). */
function TimeAxis({ marks, hours, height }: { marks: number[]; hours: TimeWindow; height: number }) {
  return (
    <div aria-hidden="true" className="relative" style={{ height }}>
      {marks.map((m) => (
        <span
          key={m}
          className="absolute right-2 translate-y-1 text-[11px] leading-none font-medium text-muted-foreground tabular-nums"
          style={{ top: `${offsetPercent(m, hours)}%` }}
        >
          {formatTime(m)}
        </span>
      ))}
    </div>
  );
}

/** Solid lines on the hours, dashed ones on the half hours. */
function HourLines({ marks, hours }: { marks: number[]; hours: TimeWindow }) {
  return (
    <div aria-hidden="true" className="pointer-events-none absolute inset-0">
      {marks.map((m) => (
        <div key={m}>
          {m > hours.start && (
            <div
              className="absolute inset-x-0 border-t border-border"
              style={{ top: `${offsetPercent(m, hours)}%` }}
            />
          )}
          {m + 30 < hours.end && (
            <div
              className="absolute inset-x-0 border-t border-dashed border-border/70"
              style={{ top: `${offsetPercent(m + 30, hours)}%` }}
            />
          )}
        </div>
      ))}
    </div>
  );
}

/**
 * A lightweight, Monday-first month grid in Dutch (weekday headers 'ma di wo do vr za zo', month
 * names via Intl, see core/dutch-calendar). Fully controlled: the parent owns the shown month and the selection,
 * so the same component serves single-date pickers and multi-selects.
 *
 * Keyboard (WAI-ARIA APG date grid): arrows move by day / week, Home / End to the start / end of the
 * week, PageUp / PageDown by month (with Shift: by year), Enter / Space select. One day cell is in
 * the tab order at a time (roving tabindex); disabled days can be focused but not selected.
 *
 * @example
 * const [month, setMonth] = useState('2026-12');
 * const [dates, setDates] = useState<string[]>([]);
 * <MonthCalendar
 *   aria-label="Specifieke datums"
 *   month={month}
 *   onMonthChange={setMonth}
 *   selected={dates}
 *   multiple
 *   onSelect={(d) => setDates((cur) => (cur.includes(d) ? cur.filter((x) => x !== d) : [...cur, d].sort()))}
 *   isDisabled={(d) => d < today}
 *   minMonth={today.slice(0, 7)}
 *   today={today}
 * />
 */
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { nlPublic as nl } from '@contracts/messages-public';
import { dutchWeekday, formatDutchMonth, formatLongDutchDate } from '@core/dutch-calendar';
import { addDays, addMonths, daysInMonth, monthOf, weekdayOf } from '@core/time';
import { cn } from '@web/lib/utils';
import { Button } from './button';

export interface MonthCalendarProps {
  /** The shown month, 'yyyy-MM'. */
  month: string;
  onMonthChange: (month: string) => void;
  /** Selected dates, 'yyyy-MM-dd'. */
  selected: readonly string[];
  onSelect: (date: string) => void;
  isDisabled?: (date: string) => boolean;
  /** Sets aria-multiselectable on the grid (the parent decides what a second pick does). */
  multiple?: boolean;
  /** Earliest / latest month the navigation may reach ('yyyy-MM'). */
  minMonth?: string;
  maxMonth?: string;
  /** Marks this date ('yyyy-MM-dd') as today. */
  today?: string;
  'aria-label'?: string;
  className?: string;
}

/** Month buttons at the edge of the allowed range: shown as unavailable, still focusable. */
const edgeClass =
  'aria-disabled:cursor-not-allowed aria-disabled:opacity-50 aria-disabled:hover:bg-transparent';
const pad2 = (n: number) => String(n).padStart(2, '0');

// 2024-01-01 was a Monday: the seven days from there give the Monday-first weekday names.
const WEEKDAYS = Array.from({ length: 7 }, (_, i) => dutchWeekday(addDays('2024-01-01', i)));

/** Position of `date` in a Monday-first week: Monday 0 ... Sunday 6. */
const mondayIndex = (date: string) => (weekdayOf(date) + 6) % 7;

function monthDays(month: string): string[] {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return Array.from({ length: daysInMonth(y, m) }, (_, i) => `${month}-${pad2(i + 1)}`);
}

function clampToMonth(month: string, day: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return `${month}-${pad2(Math.min(day, daysInMonth(y, m)))}`;
}

export function MonthCalendar({
  month,
  onMonthChange,
  selected,
  onSelect,
  isDisabled,
  multiple,
  minMonth,
  maxMonth,
  today,
  'aria-label': ariaLabel,
  className,
}: MonthCalendarProps) {
  const captionId = useId();
  const gridRef = useRef<HTMLTableElement>(null);
  const [focusDate, setFocusDate] = useState<string | null>(null);
  const wantFocus = useRef(false);

  const days = monthDays(month);
  const disabled = (d: string) => isDisabled?.(d) ?? false;
  const canPrev = !minMonth || month > minMonth;
  const canNext = !maxMonth || month < maxMonth;

  // The one cell in the tab order: the last focused day of this month, else a selected day, else
  // today, else the first selectable day.
  const target =
    (focusDate && monthOf(focusDate) === month && focusDate) ||
    days.find((d) => selected.includes(d) && !disabled(d)) ||
    (today && monthOf(today) === month ? today : undefined) ||
    days.find((d) => !disabled(d)) ||
    days[0]!;

  useEffect(() => {
    if (!wantFocus.current) return;
    wantFocus.current = false;
    gridRef.current?.querySelector<HTMLElement>(`[data-date="${target}"]`)?.focus();
  }, [target]);

  const moveTo = (date: string) => {
    const m = monthOf(date);
    if ((minMonth && m < minMonth) || (maxMonth && m > maxMonth)) return;
    wantFocus.current = true;
    setFocusDate(date);
    if (m !== month) onMonthChange(m);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>, date: string) => {
    const day = Number(date.slice(8));
    const shiftMonth = (n: number) => clampToMonth(addMonths(monthOf(date), n), day);
    const moves: Record<string, () => string> = {
      ArrowLeft: () => addDays(date, -1),
      ArrowRight: () => addDays(date, 1),
      ArrowUp: () => addDays(date, -7),
      ArrowDown: () => addDays(date, 7),
      Home: () => addDays(date, -mondayIndex(date)),
      End: () => addDays(date, 6 - mondayIndex(date)),
      PageUp: () => shiftMonth(event.shiftKey ? -12 : -1),
      PageDown: () => shiftMonth(event.shiftKey ? 12 : 1),
    };
    const move = moves[event.key];
    if (move) {
      event.preventDefault();
      moveTo(move());
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      if (!disabled(date)) onSelect(date);
    }
  };

  const lead = mondayIndex(days[0]!);
  const cells: Array<string | null> = [...Array<null>(lead).fill(null), ...days];
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks = Array.from({ length: cells.length / 7 }, (_, i) => cells.slice(i * 7, i * 7 + 7));

  return (
    <div role="group" aria-label={ariaLabel} className={cn('w-full max-w-xs select-none', className)}>
      <div className="mb-2 flex items-center justify-between gap-2">
        <Button
          variant="ghost"
          size="icon"
          aria-label={nl.calendar.previousMonth}
          // aria-disabled, not disabled: a disabled button would drop the keyboard user's focus on the body.
          aria-disabled={!canPrev || undefined}
          className={edgeClass}
          onClick={() => canPrev && onMonthChange(addMonths(month, -1))}
        >
          <ChevronLeft aria-hidden="true" />
        </Button>
        <div id={captionId} aria-live="polite" className="text-sm font-semibold first-letter:uppercase">
          {formatDutchMonth(month)}
        </div>
        <Button
          variant="ghost"
          size="icon"
          aria-label={nl.calendar.nextMonth}
          aria-disabled={!canNext || undefined}
          className={edgeClass}
          onClick={() => canNext && onMonthChange(addMonths(month, 1))}
        >
          <ChevronRight aria-hidden="true" />
        </Button>
      </div>
      <table
        ref={gridRef}
        role="grid"
        aria-labelledby={captionId}
        aria-multiselectable={multiple || undefined}
        className="w-full border-collapse"
      >
        <thead>
          <tr>
            {WEEKDAYS.map((w) => (
              <th
                key={w.long}
                scope="col"
                abbr={w.long}
                className="pb-1 text-xs font-medium text-muted-foreground"
              >
                {w.short}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week, i) => (
            <tr key={i}>
              {week.map((date, j) => {
                if (!date) return <td key={`e${j}`} />;
                const isSelected = selected.includes(date);
                const isOff = disabled(date);
                const isToday = date === today;
                return (
                  <td
                    key={date}
                    role="gridcell"
                    data-date={date}
                    tabIndex={date === target ? 0 : -1}
                    aria-selected={isSelected}
                    aria-disabled={isOff || undefined}
                    aria-current={isToday ? 'date' : undefined}
                    aria-label={formatLongDutchDate(date) + (isToday ? `, ${nl.calendar.today}` : '')}
                    onClick={() => {
                      setFocusDate(date);
                      if (!isOff) onSelect(date);
                    }}
                    onKeyDown={(e) => onKeyDown(e, date)}
                    className="group p-0.5 text-center outline-none"
                  >
                    <span
                      aria-hidden="true"
                      className={cn(
                        'mx-auto flex size-9 items-center justify-center rounded-md text-sm tabular-nums transition-colors',
                        'group-focus-visible:ring-[3px] group-focus-visible:ring-ring/60',
                        isOff && 'text-muted-foreground/60 line-through decoration-muted-foreground/40',
                        !isOff && !isSelected && 'cursor-pointer font-medium hover:bg-accent',
                        isSelected && 'bg-primary font-semibold text-primary-foreground',
                        isSelected && isOff && 'opacity-60',
                        isToday && !isSelected && 'ring-1 ring-primary/50',
                      )}
                    >
                      {Number(date.slice(8))}
                    </span>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

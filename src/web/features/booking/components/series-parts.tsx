/**
 * A customer's appointment series (docs/PRODUCT.md#series) on the public pages: the review step's
 * choice of how many weekly times with every date it books, the success page's list of the dates
 * booked, and the manage page's "Alleen deze afspraak" / "Deze en alle volgende". One lazily loaded
 * chunk: only a service with seriesOptions (or a booking of a series) loads it, so the booking
 * page's first load carries none of it (bench B1).
 */
import { CalendarRange } from 'lucide-react';
import { useEffect, useState } from 'react';
import { nlPublicSeries } from '@contracts/messages-public-series';
import type { SeriesScope } from '@contracts/enums';
import { formatLongDutchDate } from '@core/dutch-calendar';
import { seriesDates } from '@core/series';
import { fill } from '@web/lib/fill-message';
import { cn } from '@web/lib/utils';

const s = nlPublicSeries.publicSeries;

const option = cn(
  'flex min-h-11 cursor-pointer items-center gap-2.5 rounded-lg border bg-background px-3.5 py-2 text-sm font-medium transition-colors',
  'hover:border-primary/60 hover:bg-brand-soft',
  'has-[:checked]:border-primary has-[:checked]:bg-brand-soft has-[:checked]:ring-1 has-[:checked]:ring-primary',
  'has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/60',
);

/**
 * The count chosen per service while the page stays open: the review step is left for the form and
 * mounted again, and the choice must still be there (a wizard state field would add to the first load).
 */
const chosen = new Map<string, number>();

/** The dates as the customer reads them, 'dinsdag 9 juni 2026 om 08:30', in order. */
function DatesList({ title, dates, time }: { title: string; dates: string[]; time: string }) {
  return (
    <div className="rounded-xl border bg-card p-4" data-testid="series-dates">
      <h3 className="mb-2 flex items-center gap-2 text-sm font-medium">
        <CalendarRange aria-hidden="true" className="size-4 text-muted-foreground" />
        {title}
      </h3>
      <ol className="grid gap-1 text-sm sm:grid-cols-2">
        {dates.map((date) => (
          <li key={date} className="first-letter:uppercase">
            {fill(s.dateAt, { date: formatLongDutchDate(date), time })}
          </li>
        ))}
      </ol>
    </div>
  );
}

/**
 * 'Hoe vaak?': 'Eenmalig' or 'Elke week, N keer' for each count the service offers, and every date
 * a series books, by the rule the server uses (core seriesDates). `onChange` gets the count (null:
 * once), also at once with the choice kept from before.
 */
export function SeriesChoice({
  eventId,
  options,
  date,
  time,
  onChange,
}: {
  eventId: string;
  options: readonly number[];
  date: string;
  time: string;
  onChange: (count: number | null) => void;
}) {
  const [count, setCount] = useState<number | null>(() => {
    const kept = chosen.get(eventId);
    return kept !== undefined && options.includes(kept) ? kept : null;
  });
  useEffect(() => onChange(count), [count, onChange]);
  const pick = (next: number | null) => {
    if (next === null) chosen.delete(eventId);
    else chosen.set(eventId, next);
    setCount(next);
  };
  return (
    <div className="mt-4 grid gap-3">
      <fieldset className="min-w-0">
        <legend className="mb-2 text-sm font-medium">{s.choiceLabel}</legend>
        <div className="flex flex-wrap gap-2">
          {[null, ...options].map((n) => (
            <label key={n ?? 'once'} className={option}>
              <input
                type="radio"
                name="series-count"
                checked={count === n}
                onChange={() => pick(n)}
                className="size-4 shrink-0 accent-primary outline-none"
              />
              {n === null ? s.once : fill(s.weekly, { count: n })}
            </label>
          ))}
        </div>
      </fieldset>
      {count !== null && (
        <DatesList title={s.datesTitle} dates={seriesDates(date, '1w', { count })} time={time} />
      )}
    </div>
  );
}

/** The success page: every date the series booked (the answer's `series`). */
export function SeriesBooked({ dates }: { dates: { date: string; time: string }[] }) {
  return <DatesList title={s.bookedTitle} dates={dates.map((d) => d.date)} time={dates[0]?.time ?? ''} />;
}

/**
 * The manage page's 'Welke afspraken?' before a move or a cancel of an occurrence with later ones:
 * 'Alleen deze afspraak' or 'Deze en alle volgende' (sent as ?scope=following).
 */
export function ScopeChoice({
  name,
  value,
  onChange,
}: {
  name: string;
  value: SeriesScope;
  onChange: (scope: SeriesScope) => void;
}) {
  const scopes: [SeriesScope, string][] = [
    ['this', s.scopeThis],
    ['following', s.scopeFollowing],
  ];
  return (
    <fieldset className="min-w-0">
      <legend className="mb-2 text-sm font-medium">{s.scopeTitle}</legend>
      <div className="flex flex-wrap gap-2">
        {scopes.map(([scope, label]) => (
          <label key={scope} className={option}>
            <input
              type="radio"
              name={name}
              checked={value === scope}
              onChange={() => onChange(scope)}
              className="size-4 shrink-0 accent-primary outline-none"
            />
            {label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

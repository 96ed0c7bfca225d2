import { InlineLoadError } from '@web/components/load-error';
import { nl } from '@contracts/messages';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@web/components/ui/select';
import { Skeleton } from '@web/components/ui/skeleton';
import { describeError } from '@web/lib/api-client';
import { fill } from '@web/lib/fill-message';
import { useGoogleCalendars } from '@web/lib/google-calendars';

/** The Select's value for the null choice (the primary calendar, or none of its own). */
const NULL_CHOICE = '__null__';

/**
 * One of the owner's Google calendars, or null (`nullLabel` says what null means where it is
 * used): the event form's Calendar tab and an agenda's own calendar. A calendar chosen earlier
 * that the account no longer lists (deleted, or another account) stays visible and chosen. Only
 * for an owner whose Google connection works; the label is the caller's (`id` is the trigger's).
 */
export function GoogleCalendarSelect({
  id,
  value,
  onChange,
  nullLabel,
  describedBy,
  invalid,
}: {
  id: string;
  value: string | null;
  onChange: (calendarId: string | null) => void;
  nullLabel: string;
  describedBy?: string;
  invalid?: boolean;
}) {
  const t = nl.eventForm;
  const calendars = useGoogleCalendars();
  const list = calendars.data ?? [];
  const unknown = value !== null && calendars.isSuccess && !list.some((c) => c.id === value);

  if (calendars.isPending)
    return (
      <div role="status" aria-live="polite">
        <span className="sr-only">{t.calendarLoading}</span>
        <Skeleton className="h-9 w-full" />
      </div>
    );
  if (calendars.isError)
    return (
      <InlineLoadError
        message={`${t.calendarLoadFailed} ${describeError(calendars.error)}`}
        onRetry={() => void calendars.refetch()}
      />
    );
  return (
    <Select value={value ?? NULL_CHOICE} onValueChange={(v) => onChange(v === NULL_CHOICE ? null : v)}>
      <SelectTrigger id={id} className="w-full" aria-invalid={invalid} aria-describedby={describedBy}>
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        <SelectItem value={NULL_CHOICE}>{nullLabel}</SelectItem>
        {list.map((c) => (
          <SelectItem key={c.id} value={c.id}>
            {c.summary}
          </SelectItem>
        ))}
        {unknown && <SelectItem value={value}>{fill(t.calendarUnknown, { id: value })}</SelectItem>}
      </SelectContent>
    </Select>
  );
}

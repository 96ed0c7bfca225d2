import { useId } from 'react';
import { nl } from '@contracts/messages';
import { InlineError } from '@web/components/form-messages';
import { Button } from '@web/components/ui/button';
import { Label } from '@web/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@web/components/ui/select';
import { Skeleton } from '@web/components/ui/skeleton';
import { describeError } from '@web/lib/api-client';
import { useCurrentUser } from '@web/lib/current-user';
import { fill } from '@web/lib/fill-message';
import { useGoogleCalendars } from '@web/lib/google-calendars';

const t = nl.agendasUi;
/** The Select's value for "no calendar of its own". */
const NONE = '__none__';

/**
 * The agenda's own Google calendar, chosen like the event form's Calendar tab does: from the
 * owner's calendars while Google is connected. Without a working connection there is nothing to
 * choose; a calendar linked earlier is named and kept.
 */
export function AgendaCalendarField({
  value,
  onChange,
  error,
}: {
  value: string | null;
  onChange: (id: string | null) => void;
  error?: string;
}) {
  const user = useCurrentUser();
  if (!(user.googleConnected && !user.googleBroken)) {
    return value ? (
      <p className="text-sm break-all text-muted-foreground">
        {fill(t.calendarNotConnected, { calendar: value })}
      </p>
    ) : null;
  }
  return <CalendarSelect value={value} onChange={onChange} error={error} />;
}

function CalendarSelect({
  value,
  onChange,
  error,
}: {
  value: string | null;
  onChange: (id: string | null) => void;
  error?: string;
}) {
  const id = useId();
  const calendars = useGoogleCalendars();
  const list = calendars.data ?? [];
  // Linked earlier but no longer listed (deleted, or another account): keep it visible and chosen.
  const unknown = value !== null && calendars.isSuccess && !list.some((c) => c.id === value);
  const describedBy = [`${id}-hint`, error ? `${id}-error` : null].filter(Boolean).join(' ');

  return (
    <div className="grid gap-2">
      <Label htmlFor={`${id}-calendar`}>{t.calendar}</Label>
      {calendars.isPending ? (
        <div role="status" aria-live="polite">
          <span className="sr-only">{t.calendarLoading}</span>
          <Skeleton className="h-9 w-full" />
        </div>
      ) : calendars.isError ? (
        <div className="grid justify-items-start gap-2">
          <InlineError message={`${t.calendarLoadFailed} ${describeError(calendars.error)}`} />
          <Button variant="outline" size="sm" onClick={() => void calendars.refetch()}>
            {nl.clientErrors.retry}
          </Button>
        </div>
      ) : (
        <Select value={value ?? NONE} onValueChange={(v) => onChange(v === NONE ? null : v)}>
          <SelectTrigger
            id={`${id}-calendar`}
            className="w-full"
            aria-invalid={!!error}
            aria-describedby={describedBy}
          >
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={NONE}>{t.calendarNone}</SelectItem>
            {list.map((c) => (
              <SelectItem key={c.id} value={c.id}>
                {c.summary}
              </SelectItem>
            ))}
            {unknown && <SelectItem value={value}>{fill(t.calendarUnknown, { id: value })}</SelectItem>}
          </SelectContent>
        </Select>
      )}
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        {t.calendarHint}
      </p>
      <InlineError id={`${id}-error`} message={error} />
    </div>
  );
}

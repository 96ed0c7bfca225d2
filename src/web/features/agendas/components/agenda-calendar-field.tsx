import { useId } from 'react';
import { nl } from '@contracts/messages';
import { InlineError } from '@web/components/form-messages';
import { Label } from '@web/components/ui/label';
import { useCurrentUser } from '@web/lib/current-user';
import { fill } from '@web/lib/fill-message';
import { GoogleCalendarSelect } from '@web/components/google-calendar-select';

const t = nl.agendasUi;

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
  const id = useId();
  const user = useCurrentUser();
  if (!(user.googleConnected && !user.googleBroken)) {
    return value ? (
      <p className="text-sm break-all text-muted-foreground">
        {fill(t.calendarNotConnected, { calendar: value })}
      </p>
    ) : null;
  }
  const describedBy = [`${id}-hint`, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <div className="grid gap-2">
      <Label htmlFor={`${id}-calendar`}>{t.calendar}</Label>
      <GoogleCalendarSelect
        id={`${id}-calendar`}
        value={value}
        onChange={onChange}
        nullLabel={t.calendarNone}
        describedBy={describedBy}
        invalid={!!error}
      />
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        {t.calendarHint}
      </p>
      <InlineError id={`${id}-error`} message={error} />
    </div>
  );
}

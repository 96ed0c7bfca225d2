import { InlineLoadError } from '@web/components/load-error';
import { CalendarDays, CalendarSync, CircleAlert, Clock, Pencil, Plus, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import type { AgendaDto } from '@contracts/agendas';
import { nl } from '@contracts/messages';
import { WEEKDAYS_MONDAY_FIRST } from '@core/index';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { IconAction } from '@web/components/icon-action';
import { SettingsCardHeader } from '@web/components/settings-card-header';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { PendingButton } from '@web/components/pending-button';
import { Card, CardContent } from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';
import { toast } from '@web/components/ui/use-toast';
import { useAgendas } from '@web/lib/agendas';
import { describeError, errorMessage } from '@web/lib/api-client';
import { useCurrentUser } from '@web/lib/current-user';
import { fill } from '@web/lib/fill-message';
import { useGoogleCalendars } from '@web/lib/google-calendars';
import { useDialogTarget } from '@web/lib/use-dialog-target';
import { useDeleteAgenda } from '../api/delete-agenda';
import { useUpdateAgenda } from '../api/update-agenda';
import { AgendaDialog } from './agenda-dialog';

const t = nl.agendasUi;

/**
 * "Agenda's" in Instellingen: the owner's agendas (the default first) with add, edit and delete, and
 * the notice on an agenda the move to agendas made because bookings overlapped. A refused delete
 * (the default agenda, or one a service or a future booking still uses) keeps the server's reason
 * under that agenda, where the owner can read it at leisure.
 */
export function AgendasCard() {
  const agendas = useAgendas();
  const user = useCurrentUser();
  // An agenda's own calendar is named as Google names it, while Google can tell.
  const calendars = useGoogleCalendars({ enabled: user.googleConnected && !user.googleBroken });
  const calendarName = (calendarId: string) =>
    calendars.data?.find((c) => c.id === calendarId)?.summary ?? calendarId;
  // null: a new agenda.
  const editing = useDialogTarget<AgendaDto | null>();
  const deleting = useDialogTarget<AgendaDto>();
  const [refusal, setRefusal] = useState<{ id: string; message: string } | null>(null);

  const remove = useDeleteAgenda({
    onSuccess: () => {
      deleting.onOpenChange(false);
      toast({ title: t.deleted });
    },
    onError: (error, id) => {
      deleting.onOpenChange(false);
      setRefusal({ id, message: errorMessage(error, t.deleteFailed) });
    },
  });
  const list = agendas.data ?? [];

  return (
    <Card id="agendas">
      <SettingsCardHeader icon={CalendarDays} title={t.title} description={t.text} />
      <CardContent className="grid gap-4">
        {agendas.isPending ? (
          <div role="status" aria-live="polite" className="grid gap-2">
            <span className="sr-only">{t.loading}</span>
            <Skeleton className="h-14" />
            <Skeleton className="h-14" />
          </div>
        ) : agendas.isError && !agendas.data ? (
          <InlineLoadError
            message={`${nl.clientErrors.loadFailed} ${describeError(agendas.error)}`}
            onRetry={() => void agendas.refetch()}
          />
        ) : (
          <ul aria-label={t.list} className="divide-y rounded-lg border">
            {list.map((agenda) => (
              <AgendaRow
                key={agenda.id}
                agenda={agenda}
                calendarName={agenda.googleCalendarId && calendarName(agenda.googleCalendarId)}
                refusal={refusal?.id === agenda.id ? refusal.message : undefined}
                deletePending={remove.isPending && remove.variables === agenda.id}
                onEdit={() => editing.show(agenda)}
                onDelete={() => {
                  setRefusal(null);
                  deleting.show(agenda);
                }}
              />
            ))}
          </ul>
        )}
        <div>
          <Button variant="outline" onClick={() => editing.show(null)} disabled={!agendas.data}>
            <Plus aria-hidden="true" />
            {t.add}
          </Button>
        </div>
      </CardContent>
      <AgendaDialog
        open={editing.open}
        onOpenChange={editing.onOpenChange}
        agenda={editing.target}
        others={list}
      />
      <ConfirmDialog
        open={deleting.open}
        onOpenChange={deleting.onOpenChange}
        title={fill(t.deleteTitle, { name: deleting.target?.name ?? '' })}
        description={t.deleteText}
        pending={remove.isPending}
        onConfirm={() => deleting.target && remove.mutate(deleting.target.id)}
      />
    </Card>
  );
}

function AgendaRow({
  agenda,
  calendarName,
  refusal,
  deletePending,
  onEdit,
  onDelete,
}: {
  agenda: AgendaDto;
  /** Its own Google calendar's name (its id while Google cannot tell), or nothing. */
  calendarName: string | null;
  refusal?: string;
  deletePending: boolean;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const id = useId();
  return (
    <li className="grid gap-3 px-3 py-3 sm:px-4">
      <div className="flex items-start gap-3">
        <span
          aria-hidden="true"
          className="mt-1.5 size-3.5 shrink-0 rounded-full border border-black/10"
          style={{ backgroundColor: agenda.color }}
        />
        <div className="grid min-w-0 flex-1 gap-1">
          <div className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
            <span id={`${id}-name`} className="min-w-0 font-medium break-words">
              {agenda.name}
            </span>
            {agenda.isDefault && <Badge variant="soft">{t.defaultBadge}</Badge>}
          </div>
          {calendarName && (
            <p className="flex min-w-0 items-center gap-1.5 text-xs text-muted-foreground">
              <CalendarSync aria-hidden="true" className="size-3.5 shrink-0" />
              <span className="break-all">{fill(t.ownCalendar, { calendar: calendarName })}</span>
            </p>
          )}
          {agenda.workingDays && (
            <p className="flex min-w-0 items-center gap-1.5 text-xs text-muted-foreground">
              <Clock aria-hidden="true" className="size-3.5 shrink-0" />
              <span>{fill(t.ownHoursShown, { days: workingDaysText(agenda.workingDays) })}</span>
            </p>
          )}
          {agenda.isDefault && <p className="text-xs text-muted-foreground">{t.defaultHint}</p>}
        </div>
        <div className="flex shrink-0 items-center gap-0.5">
          <IconAction label={fill(t.edit, { name: agenda.name })} onClick={onEdit}>
            <Pencil aria-hidden="true" />
          </IconAction>
          {!agenda.isDefault && (
            <IconAction
              label={fill(t.delete, { name: agenda.name })}
              pending={deletePending}
              onClick={onDelete}
              className="text-destructive-text hover:bg-destructive/10 hover:text-destructive-text"
            >
              <Trash2 aria-hidden="true" />
            </IconAction>
          )}
        </div>
      </div>
      {agenda.needsReview && <ReviewNotice agenda={agenda} id={`${id}-review`} nameId={`${id}-name`} />}
      {refusal && (
        <p
          role="alert"
          className="flex gap-2 rounded-lg border border-destructive/40 bg-destructive/5 p-3 text-sm"
        >
          <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-destructive-text" />
          <span>{fill(t.deleteRefused, { name: agenda.name, reason: refusal })}</span>
        </p>
      )}
    </li>
  );
}

/** 'ma 09:00–17:00, di 12:00–20:00': the days it works, Monday first (Dutch two-letter day names). */
function workingDaysText(days: NonNullable<AgendaDto['workingDays']>): string {
  return WEEKDAYS_MONDAY_FIRST.flatMap(({ key, label }) => {
    const day = days[key];
    return day?.enabled ? [`${label.slice(0, 2).toLowerCase()} ${day.startTime}–${day.endTime}`] : [];
  }).join(', ');
}

/**
 * Why this agenda exists: when agendas were introduced this service's bookings overlapped another
 * service's, so it got an agenda of its own. "Gezien" hides the notice for good.
 */
function ReviewNotice({ agenda, id, nameId }: { agenda: AgendaDto; id: string; nameId: string }) {
  const seen = useUpdateAgenda({
    onSuccess: () => toast({ title: t.reviewSeenDone }),
    onError: (error) =>
      toast({
        variant: 'destructive',
        title: nl.errors.genericTitle,
        description: errorMessage(error, t.reviewSeenFailed),
      }),
  });
  return (
    <div
      role="note"
      aria-labelledby={`${id}-title`}
      className="grid gap-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 sm:grid-cols-[1fr_auto] sm:items-start dark:border-amber-500/40 dark:bg-amber-500/10 dark:text-amber-50"
    >
      <div className="flex gap-2">
        <CircleAlert
          aria-hidden="true"
          className="mt-0.5 size-4 shrink-0 text-amber-700 dark:text-amber-300"
        />
        <div className="grid gap-1">
          <p id={`${id}-title`} className="font-medium">
            {t.reviewTitle}
          </p>
          <p>{t.reviewText}</p>
        </div>
      </div>
      <PendingButton
        variant="outline"
        size="sm"
        className="justify-self-start"
        // Several agendas may carry the notice: the button says which one it hides.
        aria-describedby={nameId}
        pending={seen.isPending}
        onClick={() => seen.mutate({ id: agenda.id, body: { needsReview: false } })}
      >
        {t.reviewSeen}
      </PendingButton>
    </div>
  );
}

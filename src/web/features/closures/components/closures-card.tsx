import { CalendarOff, Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { AgendaDto } from '@contracts/agendas';
import type { ClosureDto } from '@contracts/closures';
import { nl } from '@contracts/messages';
import { todayInZone } from '@core/index';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { IconAction } from '@web/components/icon-action';
import { InlineLoadError } from '@web/components/load-error';
import { SettingsCardHeader } from '@web/components/settings-card-header';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent } from '@web/components/ui/card';
import { Separator } from '@web/components/ui/separator';
import { Skeleton } from '@web/components/ui/skeleton';
import { toast } from '@web/components/ui/use-toast';
import { useAgendas } from '@web/lib/agendas';
import { describeError, errorMessage } from '@web/lib/api-client';
import { useCurrentUser } from '@web/lib/current-user';
import { fill } from '@web/lib/fill-message';
import { useDialogTarget } from '@web/lib/use-dialog-target';
import { cn } from '@web/lib/utils';
import { useDeleteClosure } from '../api/delete-closure';
import { useClosures } from '../api/get-closures';
import { closureDates, closureDays, isCurrentClosure, isPastClosure } from '../lib/closure-list';
import { ClosureAddForm } from './closure-add-form';
import { HolidayPicker } from './holiday-picker';

const t = nl.closuresUi;

/**
 * "Sluitingsdagen" in Instellingen: the owner's closures (current and coming ones; past ones on
 * request, dimmed), each with a delete; a form for a period, and the Dutch holidays to pick from.
 */
export function ClosuresCard() {
  const user = useCurrentUser();
  const today = todayInZone(new Date(), user.timeZone);
  const closures = useClosures();
  const agendas = useAgendas();
  const [showPast, setShowPast] = useState(false);
  const deleting = useDialogTarget<ClosureDto>();

  const remove = useDeleteClosure({
    onSuccess: () => {
      deleting.onOpenChange(false);
      toast({ title: t.deleted });
    },
    onError: (error) => {
      deleting.onOpenChange(false);
      toast({
        variant: 'destructive',
        title: nl.errors.genericTitle,
        description: errorMessage(error, t.deleteFailed),
      });
    },
  });

  const list = closures.data ?? [];
  const past = list.filter((c) => isPastClosure(c, today));
  const shown = showPast
    ? [...list.filter((c) => !isPastClosure(c, today)), ...past]
    : list.filter((c) => !isPastClosure(c, today));
  const agendaList = agendas.data ?? [];

  return (
    <Card id="closures">
      <SettingsCardHeader icon={CalendarOff} title={t.title} description={t.text} />
      <CardContent className="grid gap-6">
        {closures.isPending ? (
          <div role="status" aria-live="polite" className="grid gap-2">
            <span className="sr-only">{t.loading}</span>
            <Skeleton className="h-14" />
            <Skeleton className="h-14" />
          </div>
        ) : closures.isError && !closures.data ? (
          <InlineLoadError
            message={`${nl.clientErrors.loadFailed} ${describeError(closures.error)}`}
            onRetry={() => void closures.refetch()}
          />
        ) : (
          <div className="grid gap-2">
            {shown.length ? (
              <ul aria-label={t.list} className="divide-y rounded-lg border">
                {shown.map((closure) => (
                  <ClosureRow
                    key={closure.id}
                    closure={closure}
                    today={today}
                    agendas={agendaList}
                    agendasLoaded={!!agendas.data}
                    deletePending={remove.isPending && remove.variables === closure.id}
                    onDelete={() => deleting.show(closure)}
                  />
                ))}
              </ul>
            ) : (
              <p className="rounded-lg border border-dashed p-4 text-sm text-muted-foreground">
                {past.length ? t.noneComing : t.empty}
              </p>
            )}
            {past.length > 0 && (
              <div>
                <Button
                  variant="ghost"
                  size="sm"
                  aria-expanded={showPast}
                  onClick={() => setShowPast((s) => !s)}
                >
                  {showPast ? t.hidePast : fill(t.showPast, { count: past.length })}
                </Button>
              </div>
            )}
          </div>
        )}
        <Separator />
        <ClosureAddForm agendas={agendaList} today={today} />
        <Separator />
        <HolidayPicker closures={list} closuresReady={!!closures.data} today={today} />
      </CardContent>
      <ConfirmDialog
        open={deleting.open}
        onOpenChange={deleting.onOpenChange}
        title={fill(t.deleteTitle, { label: deleting.target?.label ?? '' })}
        description={deleting.target ? `${closureDates(deleting.target)}. ${t.deleteText}` : t.deleteText}
        pending={remove.isPending}
        onConfirm={() => deleting.target && remove.mutate(deleting.target.id)}
      />
    </Card>
  );
}

function ClosureRow({
  closure,
  today,
  agendas,
  agendasLoaded,
  deletePending,
  onDelete,
}: {
  closure: ClosureDto;
  today: string;
  agendas: readonly AgendaDto[];
  /** The agendas are known, so an agenda not among them was deleted. */
  agendasLoaded: boolean;
  deletePending: boolean;
  onDelete: () => void;
}) {
  const dates = closureDates(closure);
  const days = closureDays(closure);
  const past = isPastClosure(closure, today);
  const agenda = closure.agendaId === null ? null : agendas.find((a) => a.id === closure.agendaId);
  return (
    <li className={cn('flex items-start gap-3 px-3 py-3 sm:px-4', past && 'bg-muted/40')}>
      <div className={cn('grid min-w-0 flex-1 gap-1', past && 'text-muted-foreground')}>
        <div className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
          <span className="min-w-0 font-medium break-words">{closure.label}</span>
          {isCurrentClosure(closure, today) && <Badge variant="soft">{t.today}</Badge>}
          {past && <Badge variant="outline">{t.past}</Badge>}
        </div>
        <p className="text-sm">
          {dates}
          {days > 1 && <span className="text-muted-foreground"> · {fill(t.days, { count: days })}</span>}
        </p>
        <p className="flex min-w-0 items-center gap-1.5 text-xs text-muted-foreground">
          {agenda && (
            <span
              aria-hidden="true"
              className="size-2.5 shrink-0 rounded-full border border-black/10"
              style={{ backgroundColor: agenda.color }}
            />
          )}
          <span className="break-words">
            {closure.agendaId === null
              ? t.wholeBusiness
              : (agenda?.name ?? (agendasLoaded ? t.deletedAgenda : ''))}
          </span>
        </p>
      </div>
      <IconAction
        label={fill(t.delete, { label: closure.label, dates })}
        pending={deletePending}
        onClick={onDelete}
        className="shrink-0 text-destructive-text hover:bg-destructive/10 hover:text-destructive-text"
      >
        <Trash2 aria-hidden="true" />
      </IconAction>
    </li>
  );
}

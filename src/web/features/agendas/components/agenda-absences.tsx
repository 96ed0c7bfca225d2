import { Plus, Trash2 } from 'lucide-react';
import { useId } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import type { AgendaDto } from '@contracts/agendas';
import { nl } from '@contracts/messages';
import { absenceOn, todayInZone } from '@core/index';
import { FormAlert, InlineError } from '@web/components/form-messages';
import { IconAction } from '@web/components/icon-action';
import { InlineLoadError } from '@web/components/load-error';
import { PendingButton } from '@web/components/pending-button';
import { Badge } from '@web/components/ui/badge';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { Skeleton } from '@web/components/ui/skeleton';
import { Switch } from '@web/components/ui/switch';
import { toast } from '@web/components/ui/use-toast';
import { useAgendaAbsences } from '@web/lib/agenda-absences';
import { describeError, errorMessage, isApiError } from '@web/lib/api-client';
import { useCurrentUser } from '@web/lib/current-user';
import { fill } from '@web/lib/fill-message';
import { applyServerFieldErrors } from '@web/lib/form-errors';
import { useCreateAbsence, useDeleteAbsence } from '../api/absences';
import {
  absenceResolver,
  absenceWhen,
  emptyAbsenceForm,
  type AbsenceBody,
  type AbsenceFormValues,
} from '../lib/absence-form';

const t = nl.agendasUi;

/**
 * 'Afwezigheid' of one agenda: its current and upcoming absences with delete, and a form to add one
 * (a day or a range, whole days or from–to, a reason only the owner sees). Saved at once, apart
 * from the agenda's own form.
 */
export function AgendaAbsences({ agenda }: { agenda: AgendaDto }) {
  const id = useId();
  const user = useCurrentUser();
  const today = todayInZone(new Date(), user.timeZone);
  const absences = useAgendaAbsences(agenda.id);
  const remove = useDeleteAbsence({
    onSuccess: () => toast({ title: t.absenceDeleted }),
    onError: (error) =>
      toast({
        variant: 'destructive',
        title: nl.errors.genericTitle,
        description: errorMessage(error, t.absenceDeleteFailed),
      }),
  });

  return (
    <section aria-labelledby={`${id}-title`} className="grid gap-3 border-t pt-5">
      <div className="grid gap-1">
        <h3 id={`${id}-title`} className="font-semibold">
          {t.absencesTitle}
        </h3>
        <p className="text-sm text-muted-foreground">{t.absencesText}</p>
      </div>
      {absences.isPending ? (
        <div role="status" aria-live="polite">
          <span className="sr-only">{t.absencesLoading}</span>
          <Skeleton className="h-10" />
        </div>
      ) : absences.isError && !absences.data ? (
        <InlineLoadError
          message={`${nl.clientErrors.loadFailed} ${describeError(absences.error)}`}
          onRetry={() => void absences.refetch()}
        />
      ) : absences.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t.absencesNone}</p>
      ) : (
        <ul aria-label={fill(t.absencesList, { name: agenda.name })} className="divide-y rounded-lg border">
          {absences.data.map((a) => {
            const when = absenceWhen(a);
            return (
              <li key={a.id} className="flex items-center gap-3 px-3 py-2">
                <div className="grid min-w-0 flex-1 gap-0.5">
                  <span className="flex flex-wrap items-center gap-2 text-sm font-medium">
                    {when}
                    {absenceOn(a, today) && <Badge variant="soft">{t.absenceNow}</Badge>}
                  </span>
                  {a.reason && <span className="text-xs break-words text-muted-foreground">{a.reason}</span>}
                </div>
                <IconAction
                  label={fill(t.absenceDelete, { when })}
                  pending={remove.isPending && remove.variables?.absenceId === a.id}
                  onClick={() => remove.mutate({ agendaId: agenda.id, absenceId: a.id })}
                  className="text-destructive-text hover:bg-destructive/10 hover:text-destructive-text"
                >
                  <Trash2 aria-hidden="true" />
                </IconAction>
              </li>
            );
          })}
        </ul>
      )}
      <AbsenceAddForm agendaId={agenda.id} today={today} />
    </section>
  );
}

const FIELDS = ['startDate', 'endDate', 'startTime', 'endTime', 'reason'] as const;

function AbsenceAddForm({ agendaId, today }: { agendaId: string; today: string }) {
  const id = useId();
  const form = useForm<AbsenceFormValues, unknown, AbsenceBody>({
    defaultValues: emptyAbsenceForm(),
    resolver: absenceResolver,
  });
  const { errors } = form.formState;
  const wholeDay = useWatch({ control: form.control, name: 'wholeDay' });
  const create = useCreateAbsence({
    onSuccess: () => {
      toast({ title: t.absenceAdded });
      form.reset(emptyAbsenceForm());
    },
    onError: (error) => {
      const shown = applyServerFieldErrors(error, form.setError, FIELDS);
      if (!shown.length && isApiError(error) && error.serverMessage)
        form.setError('root', { type: 'server', message: error.serverMessage });
      toast({
        variant: 'destructive',
        title: nl.errors.genericTitle,
        description: errorMessage(error, t.absenceSaveFailed),
      });
    },
  });
  const submit = form.handleSubmit((body) => {
    if (!create.isPending) create.mutate({ agendaId, body });
  });
  const errorId = (name: (typeof FIELDS)[number]) => (errors[name] ? `${id}-${name}-error` : undefined);
  const startField = form.register('startDate', {
    onChange: (e: { target: { value: string } }) => {
      const end = form.getValues('endDate');
      if (e.target.value && (!end || end < e.target.value)) form.setValue('endDate', e.target.value);
    },
  });
  const field = (name: (typeof FIELDS)[number], label: string, input: React.ReactNode) => (
    <div className="grid gap-2">
      <Label htmlFor={`${id}-${name}`}>{label}</Label>
      {input}
      <InlineError id={`${id}-${name}-error`} message={errors[name]?.message} />
    </div>
  );

  // Not a <form>: it sits inside the agenda's form; Enter in a field adds the absence.
  return (
    <div
      role="group"
      aria-labelledby={`${id}-title`}
      className="grid gap-3 rounded-lg border p-3"
      onKeyDown={(e) => {
        if (e.key === 'Enter' && e.target instanceof HTMLInputElement) {
          e.preventDefault();
          void submit();
        }
      }}
    >
      <h4 id={`${id}-title`} className="text-sm font-semibold">
        {t.absenceAdd}
      </h4>
      <FormAlert message={errors.root?.message} />
      <div className="grid gap-3 sm:grid-cols-2">
        {field(
          'startDate',
          t.absenceStartDate,
          <Input
            id={`${id}-startDate`}
            type="date"
            required
            min={today}
            {...startField}
            aria-invalid={!!errors.startDate}
            aria-describedby={errorId('startDate')}
          />,
        )}
        {field(
          'endDate',
          t.absenceEndDate,
          <Input
            id={`${id}-endDate`}
            type="date"
            required
            min={today}
            {...form.register('endDate')}
            aria-invalid={!!errors.endDate}
            aria-describedby={errorId('endDate')}
          />,
        )}
      </div>
      <Controller
        control={form.control}
        name="wholeDay"
        render={({ field: f }) => (
          <div className="flex items-center gap-3">
            <Switch id={`${id}-wholeDay`} checked={f.value} onCheckedChange={f.onChange} />
            <Label htmlFor={`${id}-wholeDay`}>{t.absenceWholeDay}</Label>
          </div>
        )}
      />
      {!wholeDay && (
        <div className="grid grid-cols-2 gap-3">
          {field(
            'startTime',
            t.absenceStartTime,
            <Input
              id={`${id}-startTime`}
              type="time"
              {...form.register('startTime')}
              aria-invalid={!!errors.startTime}
              aria-describedby={errorId('startTime')}
            />,
          )}
          {field(
            'endTime',
            t.absenceEndTime,
            <Input
              id={`${id}-endTime`}
              type="time"
              {...form.register('endTime')}
              aria-invalid={!!errors.endTime}
              aria-describedby={errorId('endTime')}
            />,
          )}
        </div>
      )}
      {field(
        'reason',
        t.absenceReason,
        <Input
          id={`${id}-reason`}
          {...form.register('reason')}
          placeholder={t.absenceReasonPlaceholder}
          maxLength={200}
          autoComplete="off"
          aria-invalid={!!errors.reason}
          aria-describedby={errorId('reason')}
        />,
      )}
      <div>
        <PendingButton
          type="button"
          variant="outline"
          pending={create.isPending}
          pendingLabel={t.absenceAdding}
          icon={<Plus aria-hidden="true" />}
          onClick={() => void submit()}
        >
          {t.absenceAdd}
        </PendingButton>
      </div>
    </div>
  );
}

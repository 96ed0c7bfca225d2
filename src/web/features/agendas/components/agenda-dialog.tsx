import { useId } from 'react';
import { Controller, FormProvider, useForm, useWatch } from 'react-hook-form';
import type { AgendaDto, CreateAgendaBody } from '@contracts/agendas';
import { nl } from '@contracts/messages';
import { ColorField } from '@web/components/color-field';
import { PausesTab } from '@web/components/schedule/pauses-tab';
import { WorkingDaysEditor } from '@web/components/schedule/working-days-editor';
import { Switch } from '@web/components/ui/switch';
import { FormAlert, InlineError } from '@web/components/form-messages';
import { Button } from '@web/components/ui/button';
import { PendingButton } from '@web/components/pending-button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@web/components/ui/dialog';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage, isApiError } from '@web/lib/api-client';
import { applyServerFieldErrors } from '@web/lib/form-errors';
import { useCreateAgenda } from '../api/create-agenda';
import { useUpdateAgenda } from '../api/update-agenda';
import { agendaFormValues, agendaResolver, type AgendaBody, type AgendaFormValues } from '../lib/agenda-form';
import { AgendaAbsences } from './agenda-absences';
import { AgendaCalendarField } from './agenda-calendar-field';

const t = nl.agendasUi;

/**
 * Adds an agenda (`agenda` null) or edits one: name, colour, its own Google calendar and, once it
 * exists, its own week ('Eigen werktijden', the event form's editors) and its absences. `others`
 * are the owner's agendas, so a new one is offered a colour none of them wears.
 */
export function AgendaDialog({
  open,
  onOpenChange,
  agenda,
  others,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  agenda: AgendaDto | null;
  others: readonly AgendaDto[];
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        className={
          agenda
            ? 'max-h-[calc(100svh-2rem)] overflow-y-auto sm:max-w-2xl'
            : 'max-h-[calc(100svh-2rem)] overflow-y-auto sm:max-w-md'
        }
      >
        {/* Keyed: another agenda, or a new one, starts the form afresh. */}
        <AgendaForm
          key={agenda?.id ?? 'new'}
          agenda={agenda}
          others={others}
          onDone={() => onOpenChange(false)}
        />
      </DialogContent>
    </Dialog>
  );
}

function AgendaForm({
  agenda,
  others,
  onDone,
}: {
  agenda: AgendaDto | null;
  others: readonly AgendaDto[];
  onDone: () => void;
}) {
  const id = useId();
  const isNew = agenda === null;
  const form = useForm<AgendaFormValues, unknown, AgendaBody>({
    defaultValues: agendaFormValues(agenda, others),
    resolver: agendaResolver(isNew),
  });
  const { errors } = form.formState;
  const name = useWatch({ control: form.control, name: 'name' });
  const ownHours = useWatch({ control: form.control, name: 'ownHours' });

  const failed = (error: Error) => {
    const shown = applyServerFieldErrors(error, form.setError, [
      'name',
      'color',
      'googleCalendarId',
      'workingDays',
      'dailyPauseTimes',
    ]);
    // A refusal about no one field (too many agendas) shows above the fields.
    if (!shown.length && isApiError(error) && error.serverMessage) {
      form.setError('root', { type: 'server', message: error.serverMessage });
    }
    toast({
      variant: 'destructive',
      title: nl.errors.genericTitle,
      description: errorMessage(error, t.saveFailed),
    });
  };
  const done = (title: string) => {
    toast({ title });
    onDone();
  };
  const create = useCreateAgenda({ onSuccess: () => done(t.created), onError: failed });
  const update = useUpdateAgenda({ onSuccess: () => done(t.updated), onError: failed });
  const pending = create.isPending || update.isPending;

  const submit = form.handleSubmit((body) => {
    if (pending) return;
    if (agenda) update.mutate({ id: agenda.id, body });
    // A new agenda's form is checked by the create contract (agendaResolver), so the body is one.
    else create.mutate(body as CreateAgendaBody);
  });

  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={submit} className="grid gap-5">
        <DialogHeader>
          <DialogTitle>{isNew ? t.newTitle : t.editTitle}</DialogTitle>
          <DialogDescription>{isNew ? t.newText : t.editText}</DialogDescription>
        </DialogHeader>
        <FormAlert message={errors.root?.message} />
        <div className="grid gap-2">
          <Label htmlFor={`${id}-name`}>
            {t.name}
            <span aria-hidden="true" className="text-destructive-text">
              *
            </span>
          </Label>
          <Input
            id={`${id}-name`}
            {...form.register('name')}
            placeholder={t.namePlaceholder}
            maxLength={100}
            required
            autoComplete="off"
            aria-invalid={!!errors.name}
            aria-describedby={errors.name ? `${id}-name-error` : undefined}
          />
          <InlineError id={`${id}-name-error`} message={errors.name?.message} />
        </div>
        <Controller
          control={form.control}
          name="color"
          render={({ field, fieldState }) => (
            <ColorField
              label={t.color}
              pickerLabel={t.colorPicker}
              hint={t.colorHint}
              value={field.value}
              onChange={field.onChange}
              error={fieldState.error?.message}
            />
          )}
        />
        <Controller
          control={form.control}
          name="googleCalendarId"
          render={({ field, fieldState }) => (
            <AgendaCalendarField
              value={field.value}
              onChange={field.onChange}
              error={fieldState.error?.message}
            />
          )}
        />
        {agenda ? (
          <section aria-labelledby={`${id}-hours`} className="grid gap-4 border-t pt-5">
            <Controller
              control={form.control}
              name="ownHours"
              render={({ field }) => (
                <div className="flex items-start gap-3">
                  <Switch
                    id={`${id}-ownHours`}
                    checked={field.value}
                    onCheckedChange={field.onChange}
                    aria-describedby={`${id}-ownHours-hint`}
                    className="mt-0.5"
                  />
                  <div className="grid gap-1">
                    <Label htmlFor={`${id}-ownHours`} id={`${id}-hours`} className="font-semibold">
                      {t.ownHours}
                    </Label>
                    <p id={`${id}-ownHours-hint`} className="text-sm text-muted-foreground">
                      {t.ownHoursHint}
                    </p>
                  </div>
                </div>
              )}
            />
            {ownHours && (
              <>
                <Controller
                  control={form.control}
                  name="workingDays"
                  render={({ field, fieldState }) => (
                    <WorkingDaysEditor
                      value={field.value}
                      onChange={field.onChange}
                      errors={fieldState.error}
                    />
                  )}
                />
                <PausesTab />
              </>
            )}
          </section>
        ) : (
          <p className="text-sm text-muted-foreground">{t.hoursAfterCreate}</p>
        )}
        {agenda && <AgendaAbsences agenda={agenda} />}
        <DialogFooter>
          <Button variant="outline" onClick={onDone} disabled={pending}>
            {t.cancel}
          </Button>
          <PendingButton
            type="submit"
            pending={pending}
            disabled={name.trim() === ''}
            pendingLabel={t.saving}
          >
            {isNew ? t.add : t.save}
          </PendingButton>
        </DialogFooter>
      </form>
    </FormProvider>
  );
}

import { Plus } from 'lucide-react';
import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { AgendaDto } from '@contracts/agendas';
import { nl } from '@contracts/messages';
import { FormAlert, InlineError } from '@web/components/form-messages';
import { PendingButton } from '@web/components/pending-button';
import { Checkbox } from '@web/components/ui/checkbox';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@web/components/ui/select';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage, isApiError } from '@web/lib/api-client';
import { applyServerFieldErrors } from '@web/lib/form-errors';
import { useCreateClosure, type ClosureBody } from '../api/create-closure';
import {
  closureResolver,
  emptyClosureForm,
  endAfterStartChange,
  type ClosureFormValues,
} from '../lib/closure-form';

const t = nl.closuresUi;

/** The Select's value for null: the whole business. */
const WHOLE_BUSINESS = '__whole__';

/**
 * "Periode toevoegen": first and last day (both closed), a label and, for an owner with more than
 * one agenda, whether the whole business or one agenda closes.
 */
export function ClosureAddForm({ agendas, today }: { agendas: readonly AgendaDto[]; today: string }) {
  const id = useId();
  const form = useForm<ClosureFormValues, unknown, ClosureBody>({
    defaultValues: emptyClosureForm(),
    resolver: closureResolver,
  });
  const { errors } = form.formState;

  const create = useCreateClosure({
    onSuccess: () => {
      toast({ title: t.created });
      form.reset(emptyClosureForm());
    },
    onError: (error) => {
      const shown = applyServerFieldErrors(error, form.setError, [
        'startDate',
        'endDate',
        'label',
        'agendaId',
        'yearly',
      ]);
      if (!shown.length && isApiError(error) && error.serverMessage)
        form.setError('root', { type: 'server', message: error.serverMessage });
      toast({
        variant: 'destructive',
        title: nl.errors.genericTitle,
        description: errorMessage(error, t.saveFailed),
      });
    },
  });

  const submit = form.handleSubmit((body) => {
    if (!create.isPending) create.mutate(body);
  });

  const describedBy = (name: keyof ClosureFormValues, hint?: string) =>
    [errors[name] ? `${id}-${name}-error` : undefined, hint].filter(Boolean).join(' ') || undefined;

  const startField = form.register('startDate', {
    onChange: (e: { target: { value: string } }) => {
      const end = form.getValues('endDate');
      const next = endAfterStartChange(e.target.value, end);
      if (next !== end) form.setValue('endDate', next, { shouldValidate: form.formState.isSubmitted });
    },
  });

  return (
    <form noValidate onSubmit={submit} aria-labelledby={`${id}-title`} className="grid gap-4">
      <h3 id={`${id}-title`} className="font-semibold">
        {t.addTitle}
      </h3>
      <FormAlert message={errors.root?.message} />
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="grid gap-2">
          <Label htmlFor={`${id}-startDate`}>{t.startDate}</Label>
          <Input
            id={`${id}-startDate`}
            type="date"
            required
            min={today}
            {...startField}
            aria-invalid={!!errors.startDate}
            aria-describedby={describedBy('startDate')}
          />
          <InlineError id={`${id}-startDate-error`} message={errors.startDate?.message} />
        </div>
        <div className="grid gap-2">
          <Label htmlFor={`${id}-endDate`}>{t.endDate}</Label>
          <Input
            id={`${id}-endDate`}
            type="date"
            required
            min={today}
            {...form.register('endDate')}
            aria-invalid={!!errors.endDate}
            aria-describedby={describedBy('endDate')}
          />
          <InlineError id={`${id}-endDate-error`} message={errors.endDate?.message} />
        </div>
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-label`}>{t.label}</Label>
        <Input
          id={`${id}-label`}
          {...form.register('label')}
          placeholder={t.labelPlaceholder}
          maxLength={100}
          required
          autoComplete="off"
          aria-invalid={!!errors.label}
          aria-describedby={describedBy('label')}
        />
        <InlineError id={`${id}-label-error`} message={errors.label?.message} />
      </div>
      {agendas.length > 1 && (
        <Controller
          control={form.control}
          name="agendaId"
          render={({ field, fieldState }) => (
            <div className="grid gap-2">
              <Label htmlFor={`${id}-agendaId`}>{t.agenda}</Label>
              <Select
                value={field.value ?? WHOLE_BUSINESS}
                onValueChange={(v) => field.onChange(v === WHOLE_BUSINESS ? null : v)}
              >
                <SelectTrigger
                  id={`${id}-agendaId`}
                  className="w-full sm:w-72"
                  aria-invalid={!!fieldState.error}
                  aria-describedby={describedBy('agendaId', `${id}-agendaId-hint`)}
                >
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  <SelectItem value={WHOLE_BUSINESS}>{t.wholeBusiness}</SelectItem>
                  {agendas.map((a) => (
                    <SelectItem key={a.id} value={a.id}>
                      <span
                        aria-hidden="true"
                        className="size-2.5 shrink-0 rounded-full border border-black/10"
                        style={{ backgroundColor: a.color }}
                      />
                      {a.name}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
              <p id={`${id}-agendaId-hint`} className="text-xs text-muted-foreground">
                {t.agendaHint}
              </p>
              <InlineError id={`${id}-agendaId-error`} message={fieldState.error?.message} />
            </div>
          )}
        />
      )}
      <Controller
        control={form.control}
        name="yearly"
        render={({ field }) => (
          <div className="flex items-start gap-2.5">
            <Checkbox
              id={`${id}-yearly`}
              ref={field.ref}
              checked={field.value}
              onCheckedChange={(on) => field.onChange(on === true)}
              onBlur={field.onBlur}
              aria-describedby={`${id}-yearly-hint`}
              className="mt-0.5"
            />
            <div className="grid gap-1">
              <Label htmlFor={`${id}-yearly`}>{t.yearly}</Label>
              <p id={`${id}-yearly-hint`} className="text-xs text-muted-foreground">
                {t.yearlyHint}
              </p>
            </div>
          </div>
        )}
      />
      <div>
        <PendingButton
          type="submit"
          pending={create.isPending}
          pendingLabel={t.adding}
          icon={<Plus aria-hidden="true" />}
        >
          {t.add}
        </PendingButton>
      </div>
    </form>
  );
}

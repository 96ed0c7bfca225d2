import { InlineLoadError } from '@web/components/load-error';
import { useId, type ReactNode, type Ref } from 'react';
import { useController, useFormContext } from 'react-hook-form';
import { nl } from '@contracts/messages';
import { InlineError } from '@web/components/form-messages';
import { Checkbox } from '@web/components/ui/checkbox';
import { Label } from '@web/components/ui/label';
import { Skeleton } from '@web/components/ui/skeleton';
import { useAgendas } from '@web/lib/agendas';
import { messageAt } from '@web/lib/form-errors';
import type { ScheduleValues } from '@web/lib/schedule-form';

const t = nl.agendasUi;

/** The message about a list of agenda ids, or about one of its ids (`name.0`), which belongs to the list. */
export function agendaListError(errors: unknown, name: string, ids: readonly string[] | null) {
  return (
    messageAt(errors, name) ?? (ids ?? []).map((_, i) => messageAt(errors, `${name}.${i}`)).find(Boolean)
  );
}

/**
 * One choice of agendas: a check box per live agenda of the owner, also when there is only one, so
 * the choice reads the same for every owner. `value` null shows the default agenda checked (what the
 * server stores for a service without a choice). The first box takes `focusRef`, so the form can
 * send the owner to the group.
 */
export function AgendaChecklist({
  legend,
  hint,
  value,
  onChange,
  error,
  focusRef,
  action,
}: {
  legend: string;
  hint: string;
  value: readonly string[] | null;
  onChange: (ids: string[]) => void;
  error?: string;
  focusRef?: Ref<HTMLButtonElement>;
  /** Shown below the boxes (an added group's 'Verwijder'). */
  action?: ReactNode;
}) {
  const id = useId();
  const agendas = useAgendas();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;

  const list = agendas.data ?? [];
  const chosen = new Set(value ?? list.filter((a) => a.isDefault).map((a) => a.id));
  // Ids no longer in the list (an agenda deleted meanwhile) fall away at the next change.
  const toggle = (agendaId: string, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(agendaId);
    else next.delete(agendaId);
    onChange(list.filter((a) => next.has(a.id)).map((a) => a.id));
  };

  return (
    <fieldset
      className="grid min-w-0 gap-3"
      aria-describedby={error ? `${hintId} ${errorId}` : hintId}
      aria-invalid={error ? true : undefined}
    >
      <legend className="mb-2 text-sm leading-none font-medium">
        {legend}
        <span aria-hidden="true" className="ml-1 text-destructive-text">
          *
        </span>
      </legend>
      <p id={hintId} className="-mt-1 text-sm text-muted-foreground">
        {hint}
      </p>
      {agendas.isPending ? (
        <div role="status" aria-live="polite" className="grid gap-2">
          <span className="sr-only">{t.loading}</span>
          <Skeleton className="h-5 w-40" />
          <Skeleton className="h-5 w-32" />
        </div>
      ) : agendas.isError && !agendas.data ? (
        <InlineLoadError message={t.choiceLoadFailed} onRetry={() => void agendas.refetch()} />
      ) : (
        <ul className="grid gap-2 sm:grid-cols-2">
          {list.map((agenda, index) => (
            <li key={agenda.id} className="flex min-w-0 items-center gap-2.5">
              <Checkbox
                id={`${id}-${agenda.id}`}
                ref={index === 0 ? focusRef : undefined}
                checked={chosen.has(agenda.id)}
                onCheckedChange={(on) => toggle(agenda.id, on === true)}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? errorId : undefined}
              />
              <Label htmlFor={`${id}-${agenda.id}`} className="min-w-0 font-normal">
                <span
                  aria-hidden="true"
                  className="size-3 shrink-0 rounded-full border border-black/10"
                  style={{ backgroundColor: agenda.color }}
                />
                <span className="truncate">{agenda.name}</span>
                {agenda.isDefault && <span className="text-muted-foreground">{t.choiceDefault}</span>}
              </Label>
            </li>
          ))}
        </ul>
      )}
      <InlineError id={errorId} message={error} />
      {action}
    </fieldset>
  );
}

/**
 * The agendas a service books into, on the Basis tab of the event and the template form (the event
 * form calls it its first group, 'Medewerker': docs/PRODUCT.md#agenda-groups). While nothing was
 * chosen (`agendaIds` null) the default agenda shows checked, which is what the server stores for it.
 */
export function ServiceAgendasField({ legend = t.choiceLabel }: { legend?: string }) {
  const { control, formState } = useFormContext<ScheduleValues>();
  const {
    field: { value, onChange, ref },
  } = useController({ control, name: 'agendaIds' });
  return (
    <AgendaChecklist
      legend={legend}
      hint={`${t.choiceHint} ${t.choiceManage}`}
      value={value}
      onChange={onChange}
      error={agendaListError(formState.errors, 'agendaIds', value)}
      focusRef={ref}
    />
  );
}

import { Plus, Trash2 } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useController, useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { MAX_AGENDA_GROUPS } from '@contracts/agendas';
import { nl } from '@contracts/messages';
import { AgendaChecklist, agendaListError, ServiceAgendasField } from '@web/components/service-agendas-field';
import { InlineError } from '@web/components/form-messages';
import { Button } from '@web/components/ui/button';
import { useAgendas } from '@web/lib/agendas';
import { messageAt } from '@web/lib/form-errors';
import { agendaGroupsSummary, extraGroupLabel, newAgendaGroup } from '../lib/agenda-groups-form';
import type { EventFormValues } from '../lib/event-form-model';

const t = nl.eventForm.agendaGroups;

/**
 * Which agendas a booking of the service takes (docs/PRODUCT.md#agenda-groups): the agenda choice
 * every service has, here 'Medewerker', and the groups it needs one of beside it ('Ook nodig', a
 * room), which the owner adds and removes; a line sums up what one booking needs.
 */
export function AgendaGroupsSection() {
  const id = useId();
  const agendas = useAgendas();
  const { control, formState, getValues, setValue } = useFormContext<EventFormValues>();
  // Each group's ids are a field of their own, so a message about one group is re-checked as it changes.
  const { fields: groups, append, remove } = useFieldArray({ control, name: 'extraAgendaGroups' });
  const first = useWatch({ control, name: 'agendaIds' });
  const chosen = useWatch({ control, name: 'extraAgendaGroups' });
  const list = agendas.data ?? [];
  const addButton = useRef<HTMLButtonElement>(null);
  const [focusAdd, setFocusAdd] = useState(false);
  useEffect(() => {
    if (!focusAdd) return;
    addButton.current?.focus();
    setFocusAdd(false);
  }, [focusAdd]);

  const add = () => {
    // The first group is sent with the others: the default agenda it shows becomes an explicit choice.
    if (getValues('agendaIds') === null)
      setValue(
        'agendaIds',
        list.filter((a) => a.isDefault).map((a) => a.id),
        { shouldDirty: true },
      );
    // The new group's first box takes the focus.
    append(newAgendaGroup(), {
      shouldFocus: true,
      focusName: `extraAgendaGroups.${groups.length}.agendaIds`,
    });
  };

  const firstIds = first ?? list.filter((a) => a.isDefault).map((a) => a.id);
  const summary = groups.length
    ? agendaGroupsSummary([firstIds, ...(chosen ?? []).map((g) => g.agendaIds)], list)
    : '';
  const listError = messageAt(formState.errors, 'extraAgendaGroups');

  return (
    <div className="grid gap-5">
      <ServiceAgendasField legend={t.first} />
      <section aria-labelledby={`${id}-title`} className="grid gap-4 border-t pt-5">
        <div className="grid gap-1">
          <h3 id={`${id}-title`} className="text-sm font-medium">
            {t.extraTitle}
          </h3>
          <p className="text-sm text-muted-foreground">{t.extraHint}</p>
        </div>
        {groups.map((group, i) => (
          <ExtraGroupField
            key={group.id}
            index={i}
            label={extraGroupLabel(i, groups.length)}
            onRemove={() => {
              remove(i);
              setFocusAdd(true);
            }}
          />
        ))}
        <InlineError message={listError} />
        {summary && (
          <p className="rounded-md bg-muted px-3 py-2 text-sm" aria-live="polite">
            {summary}
          </p>
        )}
        {1 + groups.length < MAX_AGENDA_GROUPS && (
          <div>
            <Button ref={addButton} type="button" variant="outline" size="sm" onClick={add}>
              <Plus aria-hidden="true" />
              {t.add}
            </Button>
          </div>
        )}
      </section>
    </div>
  );
}

/** One added group: a booking takes one of its agendas beside the person. */
function ExtraGroupField({ index, label, onRemove }: { index: number; label: string; onRemove: () => void }) {
  const { control, formState } = useFormContext<EventFormValues>();
  const name = `extraAgendaGroups.${index}.agendaIds` as const;
  const {
    field: { value, onChange, ref },
  } = useController({ control, name });
  return (
    <div className="rounded-lg border p-4">
      <AgendaChecklist
        legend={label}
        hint={t.extraGroupHint}
        value={value}
        onChange={onChange}
        error={agendaListError(formState.errors, name, value)}
        focusRef={ref}
        action={
          <div>
            <Button
              type="button"
              variant="ghost"
              size="sm"
              onClick={onRemove}
              className="text-destructive-text hover:text-destructive-text"
            >
              <Trash2 aria-hidden="true" />
              {t.remove.replace('{group}', label)}
            </Button>
          </div>
        }
      />
    </div>
  );
}

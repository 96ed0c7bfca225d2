import { useId } from 'react';
import { nl } from '@contracts/messages';
import type { MemberRole } from '@core/permissions';
import { InlineError } from '@web/components/form-messages';
import { InlineLoadError } from '@web/components/load-error';
import { Checkbox } from '@web/components/ui/checkbox';
import { Label } from '@web/components/ui/label';
import { RadioGroup, RadioGroupItem } from '@web/components/ui/radio-group';
import { Skeleton } from '@web/components/ui/skeleton';
import { useAgendas } from '@web/lib/agendas';

const t = nl.team;

/** The role of a member or invitation: one radio per role the member acting may give, with what it may do. */
export function RoleField({
  roles,
  value,
  onChange,
  error,
}: {
  roles: readonly MemberRole[];
  value: MemberRole;
  onChange: (role: MemberRole) => void;
  error?: string;
}) {
  const id = useId();
  return (
    <fieldset className="grid min-w-0 gap-3" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="mb-2 text-sm leading-none font-medium">{t.card.role}</legend>
      <RadioGroup value={value} onValueChange={(role) => onChange(role as MemberRole)} className="gap-2">
        {roles.map((role) => (
          <div key={role} className="flex items-start gap-2.5">
            <RadioGroupItem
              id={`${id}-${role}`}
              value={role}
              className="mt-0.5"
              aria-describedby={`${id}-${role}-hint`}
            />
            <div className="grid gap-0.5">
              <Label htmlFor={`${id}-${role}`}>{t.roles[role]}</Label>
              <p id={`${id}-${role}-hint`} className="text-xs text-muted-foreground">
                {t.roleHints[role]}
              </p>
            </div>
          </div>
        ))}
      </RadioGroup>
      <InlineError id={`${id}-error`} message={error} />
    </fieldset>
  );
}

/**
 * The agendas linked to a member: one check box per live agenda. Unlike a service's agendas
 * (components/service-agendas-field.tsx) none is fine: nothing is preselected.
 */
export function MemberAgendasField({
  value,
  onChange,
  error,
}: {
  value: readonly string[];
  onChange: (ids: string[]) => void;
  error?: string;
}) {
  const id = useId();
  const agendas = useAgendas();
  const list = agendas.data ?? [];
  const chosen = new Set(value);
  const toggle = (agendaId: string, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(agendaId);
    else next.delete(agendaId);
    onChange(list.filter((a) => next.has(a.id)).map((a) => a.id));
  };
  return (
    <fieldset
      className="grid min-w-0 gap-3"
      aria-describedby={error ? `${id}-hint ${id}-error` : `${id}-hint`}
      aria-invalid={error ? true : undefined}
    >
      <legend className="mb-2 text-sm leading-none font-medium">{t.card.agendasLabel}</legend>
      <p id={`${id}-hint`} className="-mt-1 text-xs text-muted-foreground">
        {t.card.agendasHint}
      </p>
      {agendas.isPending ? (
        <div role="status" aria-live="polite" className="grid gap-2">
          <span className="sr-only">{t.card.loading}</span>
          <Skeleton className="h-5 w-40" />
        </div>
      ) : agendas.isError && !agendas.data ? (
        <InlineLoadError message={t.card.agendasLoadFailed} onRetry={() => void agendas.refetch()} />
      ) : list.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t.card.noAgendas}</p>
      ) : (
        <ul className="grid gap-2 sm:grid-cols-2">
          {list.map((agenda) => (
            <li key={agenda.id} className="flex min-w-0 items-center gap-2.5">
              <Checkbox
                id={`${id}-${agenda.id}`}
                checked={chosen.has(agenda.id)}
                onCheckedChange={(on) => toggle(agenda.id, on === true)}
              />
              <Label htmlFor={`${id}-${agenda.id}`} className="min-w-0 font-normal">
                <span
                  aria-hidden="true"
                  className="size-3 shrink-0 rounded-full border border-black/10"
                  style={{ backgroundColor: agenda.color }}
                />
                <span className="truncate">{agenda.name}</span>
              </Label>
            </li>
          ))}
        </ul>
      )}
      <InlineError id={`${id}-error`} message={error} />
    </fieldset>
  );
}

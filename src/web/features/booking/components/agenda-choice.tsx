import { nlPublic as nl } from '@contracts/messages-public';
import type { PublicEvent } from '@contracts/public-booking';
import { cn } from '@web/lib/utils';

const option = cn(
  'flex min-h-11 cursor-pointer items-center gap-2.5 rounded-lg border bg-background px-3.5 py-2 text-sm font-medium transition-colors',
  'hover:border-primary/60 hover:bg-brand-soft',
  'has-[:checked]:border-primary has-[:checked]:bg-brand-soft has-[:checked]:ring-1 has-[:checked]:ring-primary',
  'has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/60',
);

/**
 * "Voorkeur": "Geen voorkeur" or one of the service's agendas, asked on the date step before a time is
 * shown. Native radio buttons in a fieldset: arrow keys move the choice, and the booking page carries
 * no extra component code for it.
 */
export function AgendaChoice({
  agendas,
  value,
  onChange,
}: {
  agendas: PublicEvent['agendas'];
  value: string | null;
  onChange: (agendaId: string | null) => void;
}) {
  const options = [{ id: '', name: nl.booking.noPreference }, ...agendas];
  return (
    <fieldset className="mb-4 min-w-0">
      <legend className="mb-2 text-sm font-medium">{nl.booking.agendaLabel}</legend>
      <div className="flex flex-wrap gap-2">
        {options.map((agenda) => (
          <label key={agenda.id} className={option}>
            <input
              type="radio"
              name="agenda"
              value={agenda.id}
              checked={(value ?? '') === agenda.id}
              onChange={() => onChange(agenda.id || null)}
              className="size-4 shrink-0 accent-primary outline-none"
            />
            <span className="min-w-0 [overflow-wrap:anywhere]">{agenda.name}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

import type { AgendaDto } from '@contracts/agendas';
import { nl } from '@contracts/messages';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@web/components/ui/select';
import { agendaTint } from './agenda-booking';

const ALL = 'all';

/**
 * One agenda (or, with `withAll`, 'Alle agenda’s' as null) picked from the owner's agendas, each
 * with its colour: the agenda views' switch and the table's agenda filter.
 */
export function AgendaSelect({
  id,
  agendas,
  value,
  withAll,
  onChange,
  className,
}: {
  agendas: ReadonlyArray<Pick<AgendaDto, 'id' | 'name' | 'color'>>;
  value: string | null;
  withAll: boolean;
  onChange: (agendaId: string | null) => void;
  className?: string;
  /** Given when a visible label names the select (`htmlFor`). */
  id?: string;
}) {
  return (
    <Select value={value ?? ALL} onValueChange={(v) => onChange(v === ALL ? null : v)}>
      <SelectTrigger id={id} aria-label={id ? undefined : nl.agendaView.agenda} className={className}>
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        {withAll && <SelectItem value={ALL}>{nl.agendaView.allAgendas}</SelectItem>}
        {agendas.map((a) => (
          <AgendaOption key={a.id} agenda={a} />
        ))}
      </SelectContent>
    </Select>
  );
}

/** One agenda in a select: its colour dot and its name (also the new-booking dialog's choice). */
export function AgendaOption({ agenda }: { agenda: Pick<AgendaDto, 'id' | 'name' | 'color'> }) {
  return (
    <SelectItem value={agenda.id}>
      <span
        aria-hidden="true"
        style={agendaTint(agenda.color)}
        className="size-2.5 shrink-0 rounded-full bg-[var(--agenda)]"
      />
      {agenda.name}
    </SelectItem>
  );
}

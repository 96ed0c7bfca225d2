/**
 * The agenda groups of the event form (docs/PRODUCT.md#agenda-groups): the first group is the form's
 * `agendaIds` (the agenda choice the template editor shares), the further ones ('Ook nodig') are
 * event-only values. The payload names them all as `agendaGroups`; the contract's messages about a
 * group are shown under that group.
 */
import type { AgendaDto } from '@contracts/agendas';
import { nl } from '@contracts/messages';
import { newKey } from '@web/lib/schedule-form';

const t = nl.eventForm.agendaGroups;

/** One 'Ook nodig' group: a booking takes one of its agendas. */
export interface AgendaGroupValue {
  /** Stable React key. */
  key: string;
  agendaIds: string[];
}

export interface AgendaGroupsValues {
  /** The first group; null: none chosen yet, the server's default agenda. */
  agendaIds: string[] | null;
  extraAgendaGroups: AgendaGroupValue[];
}

/** The stored groups after the first, as form values. */
export const extraGroupsFrom = (groups: ReadonlyArray<readonly string[]>): AgendaGroupValue[] =>
  groups.slice(1).map((ids) => ({ key: newKey(), agendaIds: [...ids] }));

export const newAgendaGroup = (): AgendaGroupValue => ({ key: newKey(), agendaIds: [] });

/**
 * The groups as the API takes them. Nothing while no first group was chosen and none is added (the
 * default agenda, as before groups existed); an empty first group beside added ones is sent as is,
 * so the contract asks for one (the form fills the first group when a group is added).
 */
export function agendaGroupsPayload(v: AgendaGroupsValues): { agendaGroups?: string[][] } {
  if (!v.agendaIds && !v.extraAgendaGroups.length) return {};
  return { agendaGroups: [v.agendaIds ?? [], ...v.extraAgendaGroups.map((g) => g.agendaIds)] };
}

/**
 * The form's name for a path of the payload: 'agendaGroups.0…' is the first group (`agendaIds`),
 * 'agendaGroups.N…' the added group N - 1, 'agendaGroups' itself the list of added groups.
 */
export function agendaGroupsField(path: string): string {
  const match = /^agendaGroups(?:\.(\d+)(.*))?$/.exec(path);
  if (!match) return path;
  const [, index, rest = ''] = match;
  if (index === undefined) return 'extraAgendaGroups';
  return index === '0' ? `agendaIds${rest}` : `extraAgendaGroups.${Number(index) - 1}.agendaIds${rest}`;
}

/** What an added group is called: 'Ruimte', or numbered when there are several. */
export const extraGroupLabel = (index: number, count: number): string =>
  count > 1 ? t.extraNumbered.replace('{n}', String(index + 1)) : t.extra;

/**
 * The line that sums up what one booking needs: 'Medewerker: Stylist A of Stylist B + Ruimte:
 * Kleurkamer'. Agendas by name in the owner's order; ids no longer listed are left out, and a group
 * without any chosen is left out too.
 */
export function agendaGroupsSummary(
  groups: ReadonlyArray<readonly string[]>,
  agendas: readonly Pick<AgendaDto, 'id' | 'name'>[],
): string {
  const extraCount = groups.length - 1;
  return groups
    .map((ids, i) => {
      const names = agendas.filter((a) => ids.includes(a.id)).map((a) => a.name);
      const group = i === 0 ? t.first : extraGroupLabel(i - 1, extraCount);
      return names.length
        ? t.summaryPart.replace('{group}', group).replace('{agendas}', names.join(t.or))
        : '';
    })
    .filter(Boolean)
    .join(t.and);
}

import { describe, expect, it } from 'vitest';
import { nl } from '@contracts/messages';
import { newKey } from '@web/lib/schedule-form';
import {
  agendaGroupsField,
  agendaGroupsPayload,
  agendaGroupsSummary,
  extraGroupLabel,
  extraGroupsFrom,
} from './agenda-groups-form';
import {
  defaultEventValues,
  eventPayload,
  eventResolver,
  eventTabOf,
  eventToValues,
} from './event-form-model';
import { errorEntries } from '@web/lib/form-errors';

const [A, B, ROOM, WASH] = [
  '3f2b8c1e-5d4a-4e6b-9c7d-1a2b3c4d5e6f',
  '7c6d5e4f-3a2b-4c1d-8e9f-0a1b2c3d4e5f',
  '1b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e',
  '9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c6b',
];
const agendas = [
  { id: A, name: 'Stylist A' },
  { id: B, name: 'Stylist B' },
  { id: ROOM, name: 'Kleurkamer' },
  { id: WASH, name: 'Wasplek' },
];
const group = (...agendaIds: string[]) => ({ key: newKey(), agendaIds });
const valid = () => ({
  ...defaultEventValues(),
  title: 'Kleuren',
  dateRangeStart: '2030-01-01',
  dateRangeEnd: '2030-02-01',
  customFields: [{ key: newKey(), fieldName: 'Naam', fieldType: 'text', isRequired: true }],
});

/** The form's check, as path -> message. */
async function validate(v: ReturnType<typeof valid>): Promise<Record<string, string>> {
  const { errors } = await eventResolver(v, undefined, { fields: {}, shouldUseNativeValidation: false });
  return Object.fromEntries(errorEntries(errors).map((e) => [e.path, e.message]));
}

describe('agenda groups of the event form', () => {
  it('sends every group as agendaGroups, the first being the agenda choice', () => {
    expect(agendaGroupsPayload({ agendaIds: null, extraAgendaGroups: [] })).toEqual({});
    expect(agendaGroupsPayload({ agendaIds: [A, B], extraAgendaGroups: [group(ROOM)] })).toEqual({
      agendaGroups: [[A, B], [ROOM]],
    });
    // The last added group removed: the one group is still sent, so the server drops the others.
    expect(agendaGroupsPayload({ agendaIds: [A], extraAgendaGroups: [] })).toEqual({ agendaGroups: [[A]] });
    const payload = eventPayload({ ...valid(), agendaIds: [A], extraAgendaGroups: [group(ROOM)] });
    expect(payload).toMatchObject({ agendaGroups: [[A], [ROOM]], allowCombinations: false });
    expect(payload).not.toHaveProperty('agendaIds');
  });

  it('loads the groups after the first from a stored event, and the combination switch', () => {
    expect(extraGroupsFrom([[A]])).toEqual([]);
    expect(extraGroupsFrom([[A, B], [ROOM], [WASH]]).map((g) => g.agendaIds)).toEqual([[ROOM], [WASH]]);
    const stored = eventToValues(
      {
        ...({} as Parameters<typeof eventToValues>[0]),
        seriesOptions: [],
        workingDays: {},
        agendaIds: [A],
        agendaGroups: [[A], [ROOM]],
        allowCombinations: true,
        dateOverrides: [],
      },
      [],
    );
    expect(stored.extraAgendaGroups.map((g) => g.agendaIds)).toEqual([[ROOM]]);
    expect(stored.allowCombinations).toBe(true);
    expect(defaultEventValues()).toMatchObject({ extraAgendaGroups: [], allowCombinations: false });
  });

  it('shows the contract’s messages under the group they are about, on the Basis tab', async () => {
    const overlap = await validate({ ...valid(), agendaIds: [A, B], extraAgendaGroups: [group(B)] });
    expect(overlap['extraAgendaGroups.0.agendaIds']).toBe(nl.agendas.inTwoGroups);
    const empty = await validate({ ...valid(), agendaIds: [A], extraAgendaGroups: [group(ROOM), group()] });
    expect(empty['extraAgendaGroups.1.agendaIds']).toBe(nl.agendas.needOne);
    const first = await validate({ ...valid(), agendaIds: [], extraAgendaGroups: [group(ROOM)] });
    expect(first.agendaIds).toBe(nl.agendas.needOne);
    expect(eventTabOf('extraAgendaGroups.1.agendaIds')).toBe('basis');
    expect(eventTabOf('allowCombinations')).toBe('basis');

    expect(agendaGroupsField('agendaGroups.0')).toBe('agendaIds');
    expect(agendaGroupsField('agendaGroups.0.1')).toBe('agendaIds.1');
    expect(agendaGroupsField('agendaGroups.2')).toBe('extraAgendaGroups.1.agendaIds');
    expect(agendaGroupsField('agendaGroups.1.0')).toBe('extraAgendaGroups.0.agendaIds.0');
    expect(agendaGroupsField('agendaGroups')).toBe('extraAgendaGroups');
    expect(agendaGroupsField('title')).toBe('title');
  });

  it('sums up what one booking needs, by name, in the owner’s order', () => {
    expect(agendaGroupsSummary([[B, A], [ROOM]], agendas)).toBe(
      'Medewerker: Stylist A of Stylist B + Ruimte: Kleurkamer',
    );
    expect(agendaGroupsSummary([[A], [ROOM], [WASH]], agendas)).toBe(
      'Medewerker: Stylist A + Ruimte 1: Kleurkamer + Ruimte 2: Wasplek',
    );
    // A group without a (known) agenda yet is left out.
    expect(agendaGroupsSummary([[A], [], ['gone']], agendas)).toBe('Medewerker: Stylist A');
    expect([extraGroupLabel(0, 1), extraGroupLabel(1, 2)]).toEqual(['Ruimte', 'Ruimte 2']);
  });
});

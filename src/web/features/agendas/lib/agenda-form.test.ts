import { describe, expect, it } from 'vitest';
import type { AgendaDto } from '@contracts/agendas';
import { nl } from '@contracts/messages';
import { DEFAULT_COLOR, defaultWorkingDays } from '@core/index';
import {
  AGENDA_PALETTE,
  agendaFormValues,
  agendaPayload,
  agendaResolver,
  nextAgendaColor,
} from './agenda-form';

const agenda = (over: Partial<AgendaDto> = {}): AgendaDto => ({
  id: '8f0c1a52-3c43-4d1e-9d55-0f7b2f7c9a10',
  name: 'Lotte',
  color: DEFAULT_COLOR,
  isDefault: true,
  googleCalendarId: null,
  needsReview: false,
  workingDays: null,
  dailyPauseTimes: null,
  ...over,
});

const noHours = { ownHours: false, workingDays: defaultWorkingDays(), dailyPauseTimes: {} };
const resolve = (isNew: boolean, values: Omit<Parameters<typeof agendaPayload>[0], keyof typeof noHours>) =>
  agendaResolver(isNew)({ ...noHours, ...values }, undefined, {
    fields: {},
    shouldUseNativeValidation: false,
  });

describe('nextAgendaColor', () => {
  it('offers the first palette colour no agenda wears, whatever its case', () => {
    expect(nextAgendaColor([])).toBe(AGENDA_PALETTE[0]);
    expect(nextAgendaColor([{ color: DEFAULT_COLOR.toLowerCase() }, { color: '#F59E0B' }])).toBe('#10B981');
  });
  it('falls back to the default colour once the palette is used up', () => {
    expect(nextAgendaColor(AGENDA_PALETTE.map((color) => ({ color })))).toBe(DEFAULT_COLOR);
  });
});

describe('agendaFormValues', () => {
  it('starts a new agenda blank with an unused colour', () => {
    expect(agendaFormValues(null, [agenda()])).toEqual({
      name: '',
      color: AGENDA_PALETTE[1],
      googleCalendarId: null,
      ...noHours,
    });
  });
  it('edits an agenda as stored', () => {
    expect(
      agendaFormValues(agenda({ name: 'Stoel 2', color: '#EF4444', googleCalendarId: 'c@g' }), []),
    ).toEqual({ name: 'Stoel 2', color: '#EF4444', googleCalendarId: 'c@g', ...noHours });
  });
  it('switches own hours on for an agenda with a week, the days it leaves out off', () => {
    const week = { '1': { enabled: true, startTime: '12:00', endTime: '18:00' } };
    const pauses = { '1': [{ start: '15:00', end: '15:30' }] };
    const values = agendaFormValues(agenda({ workingDays: week, dailyPauseTimes: pauses }), []);
    expect(values).toMatchObject({ ownHours: true, dailyPauseTimes: pauses });
    expect(values.workingDays).toEqual({ ...defaultWorkingDays(), ...week });
  });
});

describe('agendaPayload and the contract check', () => {
  it('trims the name and leaves a blank colour out', () => {
    expect(agendaPayload({ name: '  Stoel 2 ', color: ' ', googleCalendarId: null, ...noHours })).toEqual({
      name: 'Stoel 2',
      googleCalendarId: null,
      workingDays: null,
      dailyPauseTimes: null,
    });
  });
  it('sends the week with the switch on, its days without pauses left out', () => {
    const body = agendaPayload({
      name: 'Mila',
      color: '#10B981',
      googleCalendarId: null,
      ownHours: true,
      workingDays: defaultWorkingDays(),
      dailyPauseTimes: { '1': [{ start: '12:00', end: '12:30' }], '2': [] },
    });
    expect(body).toMatchObject({
      workingDays: defaultWorkingDays(),
      dailyPauseTimes: { '1': [{ start: '12:00', end: '12:30' }] },
    });
  });
  it('refuses a pause outside its day with the event form’s message', async () => {
    const result = await agendaResolver(false)(
      {
        name: 'Mila',
        color: '#10B981',
        googleCalendarId: null,
        ownHours: true,
        workingDays: defaultWorkingDays(),
        dailyPauseTimes: { '1': [{ start: '07:00', end: '08:00' }] },
      },
      undefined,
      { fields: {}, shouldUseNativeValidation: false },
    );
    expect(JSON.stringify(result.errors)).toContain(nl.eventRules.pauseOutsideDay);
  });
  it('refuses a blank name with the server’s Dutch message, for a new and a changed agenda', async () => {
    for (const isNew of [true, false]) {
      const result = await resolve(isNew, { name: '  ', color: '#10B981', googleCalendarId: null });
      expect(result.errors.name?.message).toBe('Vul een naam in.');
    }
  });
  it('refuses a colour that is not a hex colour', async () => {
    const result = await resolve(true, { name: 'Stoel 2', color: 'rood', googleCalendarId: null });
    expect(result.errors.color?.message).toBe(nl.eventRules.invalidColor);
  });
  it('hands over the parsed body; a new agenda without a colour gets the default', async () => {
    const result = await resolve(true, { name: 'Stoel 2', color: '', googleCalendarId: '' });
    expect(result.values).toEqual({ name: 'Stoel 2', color: DEFAULT_COLOR, googleCalendarId: null });
    const changed = await resolve(false, { name: 'Stoel 2', color: '', googleCalendarId: '' });
    expect(changed.values).toMatchObject({ workingDays: null, dailyPauseTimes: null });
  });
});

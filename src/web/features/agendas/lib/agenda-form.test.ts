import { describe, expect, it } from 'vitest';
import type { AgendaDto } from '@contracts/agendas';
import { nl } from '@contracts/messages';
import { DEFAULT_COLOR } from '@core/index';
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

const resolve = (isNew: boolean, values: Parameters<typeof agendaPayload>[0]) =>
  agendaResolver(isNew)(values, undefined, { fields: {}, shouldUseNativeValidation: false });

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
    });
  });
  it('edits an agenda as stored', () => {
    expect(
      agendaFormValues(agenda({ name: 'Stoel 2', color: '#EF4444', googleCalendarId: 'c@g' }), []),
    ).toEqual({ name: 'Stoel 2', color: '#EF4444', googleCalendarId: 'c@g' });
  });
});

describe('agendaPayload and the contract check', () => {
  it('trims the name and leaves a blank colour out', () => {
    expect(agendaPayload({ name: '  Stoel 2 ', color: ' ', googleCalendarId: null })).toEqual({
      name: 'Stoel 2',
      googleCalendarId: null,
    });
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
  });
});

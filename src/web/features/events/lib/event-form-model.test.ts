import { describe, expect, it } from 'vitest';
import type { EventDto } from '@contracts/events';
import { nl } from '@contracts/messages';
import { errorEntries } from '@web/lib/form-errors';
import { orderedErrors } from '@web/lib/report-errors';
import { newKey } from '@web/lib/schedule-form';
import {
  defaultEventValues,
  eventPayload,
  eventResolver,
  eventTabOf,
  eventToValues,
  EVENT_TABS,
  type EventFormValues,
} from './event-form-model';

const valid = (): EventFormValues => ({
  ...defaultEventValues(),
  title: ' Knipbeurt ',
  dateRangeStart: '2030-01-01',
  dateRangeEnd: '2030-02-01',
  customFields: [{ key: newKey(), fieldName: 'Naam', fieldType: 'text', isRequired: true }],
});

const storedEvent: EventDto = {
  id: 'e1',
  categoryId: null,
  title: 'Knipbeurt',
  description: null,
  workingDays: {},
  dateRangeType: 'range',
  dateRangeStart: '2030-01-01',
  dateRangeEnd: '2030-02-01',
  specificDates: null,
  dailyPauseTimes: null,
  durationMinutes: 30,
  requiresPayment: false,
  paymentAmount: null,
  currency: 'EUR',
  slug: 'knipbeurt',
  googleCalendarId: null,
  themeColor: '#3B82F6',
  agendaIds: [],
  createdAt: '2030-01-01T00:00:00.000Z',
};

const resolve = (v: EventFormValues) =>
  eventResolver(v, undefined, { fields: {}, shouldUseNativeValidation: false });

/** The form's check, as path -> message (react-hook-form nests them by path). */
async function validateEvent(v: EventFormValues): Promise<Record<string, string>> {
  const { errors } = await resolve(v);
  return Object.fromEntries(errorEntries(errors).map((e) => [e.path, e.message]));
}

describe('event form model', () => {
  it('defaults to Monday-Friday 09:00-17:00, 30 minutes, EUR and the blue theme colour', () => {
    const v = defaultEventValues();
    expect(Object.values(v.workingDays).filter((d) => d.enabled)).toHaveLength(5);
    expect(v.workingDays['1']).toEqual({ enabled: true, startTime: '09:00', endTime: '17:00' });
    expect(v.workingDays['0']?.enabled).toBe(false);
    expect([v.durationMinutes, v.currency, v.themeColor]).toEqual([30, 'EUR', '#3B82F6']);
  });

  it('builds a payload: trimmed title, field order from the list, days without pauses left out', async () => {
    const v = { ...valid(), dailyPauseTimes: { '1': [{ start: '12:00', end: '13:00' }], '2': [] } };
    const body = eventPayload(v);
    expect(body.title).toBe('Knipbeurt');
    expect(body.dailyPauseTimes).toEqual({ '1': [{ start: '12:00', end: '13:00' }] });
    expect(body.customFields).toEqual([{ fieldName: 'Naam', fieldType: 'text', isRequired: true, order: 0 }]);
    expect(body.specificDates).toBeNull();
    expect(body.paymentAmount).toBeNull();
    // Valid: the submit handler gets the contract's parsed body.
    const result = await resolve(v);
    expect(result.errors).toEqual({});
    expect(result.values).toMatchObject({ title: 'Knipbeurt', customFields: body.customFields });
  });

  it('reports the messages of docs/PRODUCT.md#validation-events at the paths the server uses', async () => {
    const noFields = await validateEvent({ ...valid(), customFields: [] });
    expect(noFields.customFields).toBe(nl.eventRules.needField);
    expect((await validateEvent({ ...valid(), dateRangeEnd: '' })).dateRangeStart).toBe(
      nl.eventRules.needRange,
    );
    expect((await validateEvent({ ...valid(), dateRangeType: 'specific' })).specificDates).toBe(
      nl.eventRules.needSpecificDate,
    );
    const closed = Object.fromEntries(
      Object.entries(valid().workingDays).map(([k, d]) => [k, { ...d, enabled: false }]),
    );
    expect((await validateEvent({ ...valid(), workingDays: closed })).workingDays).toBe(
      nl.eventRules.needWorkingDay,
    );
    const unnamed = { ...valid(), customFields: [{ ...valid().customFields[0]!, fieldName: ' ' }] };
    expect(Object.keys(await validateEvent(unnamed))).toEqual(['customFields.0.fieldName']);
  });

  it('orders errors by tab so the first one decides which tab opens', () => {
    const errors = [
      { path: 'customFields.0.fieldName', message: 'a' },
      { path: 'dateRangeStart', message: 'b' },
      { path: 'paymentAmount', message: 'c' },
    ];
    expect(orderedErrors(errors, EVENT_TABS, eventTabOf).map((e) => e.tab)).toEqual([
      'tijd',
      'velden',
      'betaling',
    ]);
    expect(eventTabOf('dailyPauseTimes.1.0')).toBe('pauzes');
    expect(eventTabOf('root')).toBe('basis');
  });

  it('sends the chosen agendas; none chosen yet is left out, so the server takes the default agenda', async () => {
    const [a, b] = ['3f2b8c1e-5d4a-4e6b-9c7d-1a2b3c4d5e6f', '7c6d5e4f-3a2b-4c1d-8e9f-0a1b2c3d4e5f'];
    expect(defaultEventValues().agendaIds).toBeNull();
    expect(eventPayload(valid())).not.toHaveProperty('agendaIds');
    expect(eventPayload({ ...valid(), agendaIds: [a, b] }).agendaIds).toEqual([a, b]);
    expect((await resolve({ ...valid(), agendaIds: [a, b] })).values).toMatchObject({ agendaIds: [a, b] });
    // Every box unticked: the contract's message, on the Basis tab where the boxes are.
    expect((await validateEvent({ ...valid(), agendaIds: [] })).agendaIds).toBe(nl.agendas.needOne);
    expect(eventTabOf('agendaIds')).toBe('basis');
  });

  it("loads a stored event's agendas; a stored empty list reads as the default agenda", () => {
    const a = '3f2b8c1e-5d4a-4e6b-9c7d-1a2b3c4d5e6f';
    const event = (agendaIds: string[]) => ({ ...storedEvent, agendaIds });
    expect(eventToValues(event([a]), []).agendaIds).toEqual([a]);
    expect(eventToValues(event([]), []).agendaIds).toBeNull();
  });
});

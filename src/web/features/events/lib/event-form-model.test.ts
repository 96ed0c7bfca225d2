import { describe, expect, it } from 'vitest';
import { NO_RULES } from '@core/booking-rules';
import type { EventDto } from '@contracts/events';
import { nl } from '@contracts/messages';
import {
  CUTOFF_UNITS,
  joinAmount,
  newOverride,
  NOTICE_UNITS,
  RULE_FIELDS,
  splitAmount,
} from '@web/lib/booking-rules-form';
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
  DEFAULT_REMINDER_HOURS,
  defaultTextMessagesValues,
  textMessagesPayload,
  type TextMessagesValues,
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
  agendaGroups: [[]],
  allowCombinations: false,
  hiddenOnProfile: false,
  seats: 1,
  maxSeatsPerBooking: 1,
  waitlistEnabled: false,
  waitlistOfferMinutes: 120,
  seriesOptions: [],
  textMessages: null,
  approval: 'none',
  ...NO_RULES,
  dateOverrides: [],
  depositType: 'none',
  depositValue: null,
  depositFor: 'everyone',
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
    expect(body.customFields).toEqual([
      { fieldName: 'Naam', fieldType: 'text', isRequired: true, order: 0, sensitive: false },
    ]);
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

  it("checks a class's places with the server's contract and keeps them on the Basis tab", async () => {
    expect(eventPayload(valid())).toMatchObject({ seats: 1, maxSeatsPerBooking: 1 });
    expect(eventPayload({ ...valid(), seats: 8, maxSeatsPerBooking: 2 })).toMatchObject({
      seats: 8,
      maxSeatsPerBooking: 2,
    });
    // Hidden for one place: a maximum typed before is not sent.
    expect(eventPayload({ ...valid(), seats: 1, maxSeatsPerBooking: 4 }).maxSeatsPerBooking).toBe(1);
    expect((await validateEvent({ ...valid(), seats: 0 })).seats).toBe(nl.eventRules.seatsInvalid);
    expect((await validateEvent({ ...valid(), seats: Number.NaN })).seats).toBe(nl.eventRules.seatsInvalid);
    expect((await validateEvent({ ...valid(), seats: 501 })).seats).toBe(nl.eventRules.seatsInvalid);
    expect((await validateEvent({ ...valid(), seats: 4, maxSeatsPerBooking: 5 })).maxSeatsPerBooking).toBe(
      nl.eventRules.maxSeatsAboveSeats,
    );
    expect(await validateEvent({ ...valid(), seats: 500, maxSeatsPerBooking: 500 })).toEqual({});
    expect([eventTabOf('seats'), eventTabOf('maxSeatsPerBooking')]).toEqual(['basis', 'basis']);
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
    expect(eventPayload(valid())).not.toHaveProperty('agendaGroups');
    // Chosen: sent as the only group (agendaGroups), which also clears groups removed in the form.
    expect(eventPayload({ ...valid(), agendaIds: [a, b] }).agendaGroups).toEqual([[a, b]]);
    expect((await resolve({ ...valid(), agendaIds: [a, b] })).values).toMatchObject({
      agendaGroups: [[a, b]],
    });
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

  describe('booking rules (Tijd tab, section Boekingsregels)', () => {
    const rules = {
      minimumNoticeMinutes: 120,
      bookingHorizonDays: 60,
      bufferBeforeMinutes: 5,
      bufferAfterMinutes: 15,
      slotIntervalMinutes: 15,
      maxBookingsPerDay: 8,
      cancelCutoffHours: 48,
      rescheduleCutoffHours: 24,
      policyText: 'Annuleren kan tot 48 uur van tevoren.',
      dateOverrides: [
        { date: '2030-01-07', closed: true as const },
        { date: '2030-01-08', startTime: '10:00', endTime: '14:00' },
      ],
    };

    it('sends every rule off by default: the server stores NO_RULES', async () => {
      const body = eventPayload(valid());
      expect(Object.fromEntries(RULE_FIELDS.map((k) => [k, body[k]]))).toEqual(NO_RULES);
      expect((await resolve(valid())).values).toMatchObject(NO_RULES);
    });

    it("round-trips a stored event's rules: loaded into the form and sent back unchanged", async () => {
      const stored = { ...storedEvent, workingDays: valid().workingDays, ...rules };
      const values = eventToValues(stored, []);
      expect(values.minimumNoticeMinutes).toBe(120);
      expect(values.policyText).toBe(rules.policyText);
      expect(values.dateOverrides.map(({ key: _key, ...o }) => o)).toEqual([
        { date: '2030-01-07', closed: true, startTime: '09:00', endTime: '17:00' },
        { date: '2030-01-08', closed: false, startTime: '10:00', endTime: '14:00' },
      ]);
      const body = eventPayload({ ...values, customFields: valid().customFields });
      expect(Object.fromEntries(RULE_FIELDS.map((k) => [k, body[k]]))).toEqual(rules);
      // The contract accepts it as is.
      const result = await resolve({ ...values, customFields: valid().customFields });
      expect(result.errors).toEqual({});
      expect(result.values).toMatchObject(rules);
      // All off stays all off: nothing appears from loading and saving.
      const off = eventPayload({ ...eventToValues(storedEvent, []), customFields: valid().customFields });
      expect(Object.fromEntries(RULE_FIELDS.map((k) => [k, off[k]]))).toEqual(NO_RULES);
    });

    it('sends an empty or blank policy as none, and a closed row without its kept hours', () => {
      const row = { ...newOverride('2030-01-07'), startTime: '10:00' };
      const body = eventPayload({ ...valid(), policyText: '  \n ', dateOverrides: [row] });
      expect(body.policyText).toBeNull();
      expect(body.dateOverrides).toEqual([{ date: '2030-01-07', closed: true }]);
      const open = eventPayload({ ...valid(), dateOverrides: [{ ...row, closed: false }] });
      expect(open.dateOverrides).toEqual([{ date: '2030-01-07', startTime: '10:00', endTime: '17:00' }]);
    });

    it("converts the pickers' units: minutes/hours/days for the notice, hours/days for the cut-offs", () => {
      expect(splitAmount(0, NOTICE_UNITS)).toEqual({ amount: '0', unit: 'minutes' });
      expect(splitAmount(90, NOTICE_UNITS)).toEqual({ amount: '90', unit: 'minutes' });
      expect(splitAmount(120, NOTICE_UNITS)).toEqual({ amount: '2', unit: 'hours' });
      expect(splitAmount(2880, NOTICE_UNITS)).toEqual({ amount: '2', unit: 'days' });
      expect(splitAmount(48, CUTOFF_UNITS)).toEqual({ amount: '2', unit: 'days' });
      expect(splitAmount(36, CUTOFF_UNITS)).toEqual({ amount: '36', unit: 'hours' });
      expect(joinAmount('2', 'hours', NOTICE_UNITS)).toBe(120);
      expect(joinAmount('1,5', 'hours', NOTICE_UNITS)).toBe(90);
      expect(joinAmount('3', 'days', NOTICE_UNITS)).toBe(4320);
      expect(joinAmount('2', 'days', CUTOFF_UNITS)).toBe(48);
      expect(joinAmount('', 'hours', NOTICE_UNITS)).toBeNaN();
      expect(joinAmount('abc', 'minutes', NOTICE_UNITS)).toBeNaN();
      // Every stored value comes back as itself.
      for (const minutes of [0, 1, 45, 60, 90, 1440, 1500, 525600]) {
        const { amount, unit } = splitAmount(minutes, NOTICE_UNITS);
        expect(joinAmount(amount, unit, NOTICE_UNITS)).toBe(minutes);
      }
    });

    it("refuses what the server refuses, with the rule's message at the server's path", async () => {
      const errors = await validateEvent({
        ...valid(),
        minimumNoticeMinutes: joinAmount('', 'hours', NOTICE_UNITS),
        bookingHorizonDays: 0,
        bufferBeforeMinutes: 181,
        bufferAfterMinutes: -5,
        slotIntervalMinutes: 3,
        maxBookingsPerDay: 0,
        cancelCutoffHours: joinAmount('0,5', 'hours', CUTOFF_UNITS),
        policyText: 'x'.repeat(2001),
        dateOverrides: [
          { ...newOverride('2030-01-08'), closed: false, startTime: '14:00', endTime: '10:00' },
        ],
      });
      expect(errors).toEqual({
        minimumNoticeMinutes: nl.eventRules.noticeInvalid,
        bookingHorizonDays: nl.eventRules.horizonInvalid,
        bufferBeforeMinutes: nl.eventRules.bufferInvalid,
        bufferAfterMinutes: nl.eventRules.bufferInvalid,
        slotIntervalMinutes: nl.eventRules.intervalInvalid,
        maxBookingsPerDay: nl.eventRules.maxPerDayInvalid,
        cancelCutoffHours: nl.eventRules.cutoffInvalid,
        policyText: nl.eventRules.policyTooLong,
        'dateOverrides.0.endTime': nl.eventRules.overrideTimes,
      });
      const twice = await validateEvent({
        ...valid(),
        dateOverrides: [newOverride('2030-01-07'), newOverride('2030-01-07')],
      });
      expect(twice).toEqual({ 'dateOverrides.1.date': nl.eventRules.overrideDuplicate });
    });

    it("opens the Tijd tab for every rule error, the server's row paths included", () => {
      for (const field of RULE_FIELDS) expect(eventTabOf(field)).toBe('tijd');
      expect(eventTabOf('dateOverrides.0.endTime')).toBe('tijd');
      expect(eventTabOf('dateOverrides.3.date')).toBe('tijd');
      const ordered = orderedErrors(
        [
          { path: 'customFields.0.fieldName', message: 'a' },
          { path: 'bufferAfterMinutes', message: 'b' },
        ],
        EVENT_TABS,
        eventTabOf,
      );
      expect(ordered[0]).toMatchObject({ path: 'bufferAfterMinutes', tab: 'tijd' });
    });
  });

  describe('text messages (docs/PRODUCT.md#text-messages)', () => {
    it('keeps an untouched service at null, as for an owner without a provider', () => {
      expect(eventPayload(valid()).textMessages).toBeNull();
      expect(eventPayload(eventToValues(storedEvent, [])).textMessages).toBeNull();
      expect(eventToValues(storedEvent, []).textMessages).toEqual(defaultTextMessagesValues());
    });

    it('maps the stored settings to the form and back, in the stored order, blank texts left out', () => {
      const stored: EventDto = {
        ...storedEvent,
        textMessages: {
          channel: 'whatsapp',
          send: ['reminder', 'confirmation'],
          reminderHours: 3,
          templates: { confirmation: 'Tot {{eventDate}}!' },
        },
      };
      const values = eventToValues(stored, []).textMessages;
      expect(values).toEqual({
        enabled: true,
        channel: 'whatsapp',
        send: ['confirmation', 'reminder'],
        reminderHours: 3,
        templates: { confirmation: 'Tot {{eventDate}}!', modification: '', cancellation: '', reminder: '' },
      });
      expect(textMessagesPayload({ ...values, templates: { ...values.templates, reminder: '  ' } })).toEqual({
        channel: 'whatsapp',
        send: ['confirmation', 'reminder'],
        reminderHours: 3,
        templates: { confirmation: 'Tot {{eventDate}}!' },
      });
      // Switched off: nothing is sent by text any more.
      expect(textMessagesPayload({ ...values, enabled: false })).toBeNull();
    });

    it("checks the reminder's hours only when the reminder is sent, on the Webhooks tab", async () => {
      const on = (patch: Partial<TextMessagesValues>) => ({
        ...valid(),
        textMessages: { ...defaultTextMessagesValues(), enabled: true, ...patch },
      });
      expect(await validateEvent(on({ reminderHours: 200 }))).toEqual({
        'textMessages.reminderHours': nl.textMessages.reminderHoursInvalid,
      });
      expect(await validateEvent(on({ reminderHours: Number.NaN }))).toEqual({
        'textMessages.reminderHours': nl.textMessages.reminderHoursInvalid,
      });
      const hidden = on({ send: ['confirmation'], reminderHours: Number.NaN });
      expect(await validateEvent(hidden)).toEqual({});
      expect(eventPayload(hidden).textMessages).toMatchObject({ reminderHours: DEFAULT_REMINDER_HOURS });
      expect(eventTabOf('textMessages.templates.confirmation')).toBe('webhooks');
    });
  });
});

import { describe, expect, it } from 'vitest';
import { nl } from '@contracts/messages';
import { defaultEventValues, eventPayload, eventTabOf, EVENT_TABS, validateEvent } from './event-form-model';
import { errorsUnder, withoutErrors } from '@web/lib/field-errors';
import { orderedErrors } from '@web/lib/report-errors';
import { newKey } from '@web/lib/schedule-form';

const valid = () => ({
  ...defaultEventValues(),
  title: ' Knipbeurt ',
  dateRangeStart: '2030-01-01',
  dateRangeEnd: '2030-02-01',
  customFields: [{ key: newKey(), fieldName: 'Naam', fieldType: 'text', isRequired: true }],
});

describe('event form model', () => {
  it('defaults to Monday-Friday 09:00-17:00, 30 minutes, EUR and the blue theme colour', () => {
    const v = defaultEventValues();
    expect(Object.values(v.workingDays).filter((d) => d.enabled)).toHaveLength(5);
    expect(v.workingDays['1']).toEqual({ enabled: true, startTime: '09:00', endTime: '17:00' });
    expect(v.workingDays['0']?.enabled).toBe(false);
    expect([v.durationMinutes, v.currency, v.themeColor]).toEqual([30, 'EUR', '#3B82F6']);
  });

  it('builds a payload: trimmed title, field order from the list, days without pauses left out', () => {
    const v = { ...valid(), dailyPauseTimes: { '1': [{ start: '12:00', end: '13:00' }], '2': [] } };
    const body = eventPayload(v);
    expect(body.title).toBe('Knipbeurt');
    expect(body.dailyPauseTimes).toEqual({ '1': [{ start: '12:00', end: '13:00' }] });
    expect(body.customFields).toEqual([{ fieldName: 'Naam', fieldType: 'text', isRequired: true, order: 0 }]);
    expect(body.specificDates).toBeNull();
    expect(body.paymentAmount).toBeNull();
    expect(validateEvent(v)).toEqual({});
  });

  it('reports the spec messages of §5 at the paths the server uses', () => {
    const noFields = validateEvent({ ...valid(), customFields: [] });
    expect(noFields.customFields).toBe(nl.eventRules.needField);
    expect(validateEvent({ ...valid(), dateRangeEnd: '' }).dateRangeStart).toBe(nl.eventRules.needRange);
    expect(validateEvent({ ...valid(), dateRangeType: 'specific' }).specificDates).toBe(
      nl.eventRules.needSpecificDate,
    );
    const closed = Object.fromEntries(
      Object.entries(valid().workingDays).map(([k, d]) => [k, { ...d, enabled: false }]),
    );
    expect(validateEvent({ ...valid(), workingDays: closed }).workingDays).toBe(nl.eventRules.needWorkingDay);
  });

  it('orders errors by tab so the first one decides which tab opens', () => {
    const errors = { 'customFields.0.fieldName': 'a', dateRangeStart: 'b', paymentAmount: 'c' };
    expect(orderedErrors(errors, EVENT_TABS, eventTabOf).map((e) => e.tab)).toEqual([
      'tijd',
      'velden',
      'betaling',
    ]);
    expect(eventTabOf('dailyPauseTimes.1.0')).toBe('pauzes');
    expect(eventTabOf('_')).toBe('basis');
  });

  it('re-keys and clears errors by path prefix', () => {
    const errors = { customFields: 'x', 'customFields.1.fieldName': 'y', title: 'z' };
    expect(errorsUnder(errors, 'customFields')).toEqual({ _: 'x', '1.fieldName': 'y' });
    expect(withoutErrors(errors, 'customFields')).toEqual({ title: 'z' });
  });
});

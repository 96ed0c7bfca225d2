import { describe, expect, it } from 'vitest';
import { NEW_CUSTOMER, NO_DEPOSIT } from './deposit';
import { slotInterval, type AvailabilityInput, type RulesEvent } from './month-availability';
import type { WorkingDays } from './types';
import {
  segmentStep,
  visitFields,
  visitMonthAvailability,
  visitPlaces,
  visitEntry,
  visitTitle,
  visitTotals,
  type VisitService,
} from './visit';

/** Monday and Tuesday 09:00–17:00; 7 December 2026 is a Monday. */
const week = (startTime = '09:00', endTime = '17:00'): WorkingDays => ({
  '1': { enabled: true, startTime, endTime },
  '2': { enabled: true, startTime, endTime },
});
const DATE = '2026-12-07';
const now = new Date('2026-11-01T00:00:00Z');

function service(durationMinutes: number, extra: Partial<RulesEvent> = {}): RulesEvent {
  return {
    workingDays: week(),
    dateRangeType: 'range',
    dateRangeStart: '2026-12-01',
    dateRangeEnd: '2026-12-31',
    durationMinutes,
    ...extra,
  };
}

/**
 * A salon of three agendas: 0 Anna, 1 Bram (stylists), 2 the colour room. `taken[i]`: what
 * occupies agenda i, as [time, minutes] on DATE.
 */
function segment(
  event: RulesEvent,
  groups: number[][],
  taken: Array<Array<[string, number]>> = [[], [], []],
  extra: Partial<AvailabilityInput> = {},
): AvailabilityInput {
  return {
    event,
    taken: [],
    agendaIds: ['anna', 'bram', 'room'],
    agendaTaken: taken.map((list) => list.map(([time, minutes]) => slotInterval(DATE, time, minutes))),
    agendaGroups: groups,
    now,
    ...extra,
  };
}

const STYLISTS = [[0, 1]];
const STYLIST_AND_ROOM = [[0, 1], [2]];

describe('segmentStep', () => {
  it("is the segment's length plus its after-buffer and the next one's before-buffer", () => {
    expect(segmentStep({ durationMinutes: 30 }, {})).toBe(30);
    expect(segmentStep({ durationMinutes: 30, bufferAfterMinutes: 10 }, { bufferBeforeMinutes: 5 })).toBe(45);
    expect(
      segmentStep({ durationMinutes: 45, bufferAfterMinutes: null }, { bufferBeforeMinutes: null }),
    ).toBe(45);
  });
});

describe('visitPlaces', () => {
  it('puts each segment where the previous one ends, buffers between them', () => {
    const knippen = segment(service(30, { bufferAfterMinutes: 10 }), STYLISTS);
    const fohnen = segment(service(15, { bufferBeforeMinutes: 5 }), STYLISTS);
    // The grid of Knippen steps by 40 minutes (its length and after-buffer): 09:00, 09:40, 10:20 …
    expect(visitPlaces([knippen, fohnen], DATE, '10:20')).toEqual([
      { minutes: 10 * 60 + 20, free: [[0, 1]] },
      { minutes: 11 * 60 + 5, free: [[0, 1]] },
    ]);
  });

  it('refuses a time off the first service grid, or a date not every service offers', () => {
    const knippen = segment(service(30), STYLISTS);
    const fohnen = segment(service(15), STYLISTS);
    expect(visitPlaces([knippen, fohnen], DATE, '10:15')).toEqual({ rule: 'notOffered' });
    expect(visitPlaces([knippen, fohnen], '2026-12-09', '10:00')).toEqual({ rule: 'notOffered' });
    const tuesdaysOnly = segment(service(15, { workingDays: { '2': week()['2']! } }), STYLISTS);
    expect(visitPlaces([knippen, tuesdaysOnly], DATE, '10:00')).toMatchObject({ rule: 'notOffered' });
    expect(visitPlaces([], DATE, '10:00')).toEqual({ rule: 'notOffered' });
    expect(visitPlaces([knippen], 'not-a-date', '10:00')).toEqual({ rule: 'notOffered' });
  });

  it("refuses when a later segment falls outside its own service's hours", () => {
    const knippen = segment(service(30), STYLISTS);
    const fohnen = segment(service(30, { workingDays: week('09:00', '11:00') }), STYLISTS);
    expect(Array.isArray(visitPlaces([knippen, fohnen], DATE, '10:00'))).toBe(true);
    // 10:30 + 30 → Föhnen 11:00–11:30, after its day ends at 11:00.
    expect(visitPlaces([knippen, fohnen], DATE, '10:30')).toEqual({ rule: 'taken' });
    // Before its day starts.
    const late = segment(service(30, { workingDays: week('10:00', '17:00') }), STYLISTS);
    expect(visitPlaces([knippen, late], DATE, '09:00')).toEqual({ rule: 'taken' });
    expect(Array.isArray(visitPlaces([knippen, late], DATE, '09:30'))).toBe(true);
  });

  it("refuses when a later segment falls in its own service's pause", () => {
    const knippen = segment(service(30), STYLISTS);
    const pause = { '1': [{ start: '12:00', end: '12:30' }] };
    const fohnen = segment(service(30, { dailyPauseTimes: pause }), STYLISTS);
    // Föhnen 12:00–12:30 is the pause itself; 11:30–12:00 ends as it starts; 12:30 comes after it.
    expect(visitPlaces([knippen, fohnen], DATE, '11:30')).toEqual({ rule: 'taken' });
    expect(Array.isArray(visitPlaces([knippen, fohnen], DATE, '11:00'))).toBe(true);
    expect(Array.isArray(visitPlaces([knippen, fohnen], DATE, '12:00'))).toBe(true);
    // A longer Föhnen from 11:30 runs into the pause.
    const longer = segment(service(45, { dailyPauseTimes: pause }), STYLISTS);
    expect(visitPlaces([knippen, longer], DATE, '11:00')).toEqual({ rule: 'taken' });
  });

  it('needs a free agenda of each group for every segment', () => {
    const knippen = segment(service(30), STYLISTS);
    // Kleuren after Knippen needs a stylist and the room; the room is taken 10:30–11:00.
    const roomTaken = segment(service(60), STYLIST_AND_ROOM, [[], [], [['10:30', 30]]]);
    expect(visitPlaces([knippen, roomTaken], DATE, '10:00')).toEqual({ rule: 'taken' });
    // Kleuren 09:30–10:30 ends as the room's booking starts.
    expect(Array.isArray(visitPlaces([knippen, roomTaken], DATE, '09:00'))).toBe(true);
    expect(visitPlaces([knippen, roomTaken], DATE, '11:00')).toEqual([
      { minutes: 11 * 60, free: [[0, 1]] },
      { minutes: 11 * 60 + 30, free: [[0, 1], [2]] },
    ]);
    // Anna busy at 10:30: Kleuren then has Bram only, still a place.
    const annaTaken = segment(service(60), STYLIST_AND_ROOM, [[['10:30', 30]], [], []]);
    expect(visitPlaces([knippen, annaTaken], DATE, '10:00')).toEqual([
      { minutes: 10 * 60, free: [[0, 1]] },
      { minutes: 10 * 60 + 30, free: [[1], [2]] },
    ]);
    // Both stylists busy at 10:30: no Kleuren, though the room is free.
    const bothTaken = segment(service(60), STYLIST_AND_ROOM, [[['10:30', 30]], [['11:00', 30]], []]);
    expect(visitPlaces([knippen, bothTaken], DATE, '10:00')).toEqual({ rule: 'taken' });
  });

  it('judges the past and the notice on the first segment', () => {
    const at = new Date('2026-12-07T09:15:00Z'); // 10:15 in Amsterdam
    const knippen = segment(service(30, { minimumNoticeMinutes: 60 }), STYLISTS, undefined, { now: at });
    const fohnen = segment(service(30), STYLISTS, undefined, { now: at });
    expect(visitPlaces([knippen, fohnen], DATE, '10:00')).toEqual({ rule: 'past' });
    // 10:30 is not past, but within Knippen's hour of notice, though Föhnen at 11:00 would be fine.
    expect(visitPlaces([knippen, fohnen], DATE, '10:30')).toEqual({ rule: 'notice' });
    expect(Array.isArray(visitPlaces([knippen, fohnen], DATE, '11:30'))).toBe(true);
    // The month leaves past times out and shows times within notice busy.
    const [day] = visitMonthAvailability('2026-12', [knippen, fohnen]).filter((d) => d.date === DATE);
    expect(day!.slots.slice(0, 3)).toEqual([
      { time: '10:30', busy: true },
      { time: '11:00', busy: true },
      { time: '11:30', busy: false },
    ]);
  });

  it('marks the month busy exactly where the visit does not fit', () => {
    const knippen = segment(service(30), STYLISTS, [[['09:00', 60]], [['09:00', 60]], []]);
    const kleuren = segment(service(60), STYLIST_AND_ROOM, [
      [['09:00', 60]],
      [['09:00', 60]],
      [['11:00', 60]],
    ]);
    const [day] = visitMonthAvailability('2026-12', [knippen, kleuren]).filter((d) => d.date === DATE);
    const busy = day!.slots.filter((s) => s.busy).map((s) => s.time);
    // 09:00, 09:30: both stylists busy for Knippen; 10:00–11:00: Kleuren from 10:30 to 11:30 meets the
    // room's 11:00–12:00; 16:00, 16:30: Kleuren would end after 17:00.
    expect(busy).toEqual(['09:00', '09:30', '10:00', '10:30', '11:00', '16:00', '16:30']);
    expect(visitMonthAvailability('2026-12', [])).toEqual([]);
  });
});

describe('visitTotals', () => {
  const free = (durationMinutes: number, extra: Partial<VisitService> = {}): VisitService => ({
    durationMinutes,
    requiresPayment: false,
    paymentAmount: null,
    ...NO_DEPOSIT,
    ...extra,
  });

  it('sums the minutes from the first start to the last end, buffers between segments counted', () => {
    const t = visitTotals(
      [free(30, { bufferAfterMinutes: 10, bufferBeforeMinutes: 99 }), free(15, { bufferBeforeMinutes: 5 })],
      NEW_CUSTOMER,
    );
    // The first before-buffer and the last after-buffer lie outside the visit.
    expect(t.durationMinutes).toBe(30 + 10 + 5 + 15);
    expect(visitTotals([free(45, { bufferAfterMinutes: 20 })], NEW_CUSTOMER).durationMinutes).toBe(45);
  });

  it('sums the prices and applies each segment its own deposit rule', () => {
    const t = visitTotals(
      [
        free(30, { requiresPayment: true, paymentAmount: '40.00' }),
        free(30, {
          requiresPayment: true,
          paymentAmount: '60.00',
          depositType: 'percent',
          depositValue: '25',
          depositFor: 'everyone',
        }),
        free(30, {
          requiresPayment: true,
          paymentAmount: '20.00',
          depositType: 'fixed',
          depositValue: '5.00',
          depositFor: 'new_customers',
        }),
        free(30, { paymentAmount: '99.00' }), // paid at the salon: in the price, no deposit
      ],
      NEW_CUSTOMER,
    );
    expect(t.priceCents).toBe(12_000 + 9900);
    expect(t.payNowCents).toBe(4000 + 1500 + 500);
    // A returning customer without no-shows pays no deposit of the third segment.
    const returning = { returning: true, noShowBefore: false, noShowLastYear: false };
    const again = visitTotals(
      [
        free(30, {
          requiresPayment: true,
          paymentAmount: '20.00',
          depositType: 'fixed',
          depositValue: '5.00',
          depositFor: 'new_customers',
        }),
      ],
      returning,
    );
    expect(again).toMatchObject({ priceCents: 2000, payNowCents: 0 });
  });

  it('takes the strictest cut-offs; none set gives null', () => {
    const t = visitTotals(
      [
        free(30, { cancelCutoffHours: 24, rescheduleCutoffHours: null }),
        free(30, { cancelCutoffHours: 48, rescheduleCutoffHours: 12 }),
        free(30, { cancelCutoffHours: 0 }),
      ],
      NEW_CUSTOMER,
    );
    expect(t).toMatchObject({ cancelCutoffHours: 48, rescheduleCutoffHours: 12 });
    expect(visitTotals([free(30), free(15)], NEW_CUSTOMER)).toMatchObject({
      cancelCutoffHours: null,
      rescheduleCutoffHours: null,
    });
  });
});

describe('visitFields', () => {
  const field = (fieldName: string, isRequired: boolean, label = fieldName) => ({
    fieldName,
    isRequired,
    label,
  });

  it('asks a field of the same name once, in first-seen order, required if any service requires it', () => {
    const fields = visitFields([
      [field('Naam', true), field('E-mail', true), field('Haarlengte', false, 'Lengte (knippen)')],
      [field('Naam', true), field('Haarlengte', true, 'Lengte (kleuren)'), field('Allergie', false)],
      [field('Allergie', false)],
    ]);
    expect(fields.map((f) => [f.fieldName, f.isRequired])).toEqual([
      ['Naam', true],
      ['E-mail', true],
      ['Haarlengte', true],
      ['Allergie', false],
    ]);
    // The first service's field stays the one asked (its label), made required.
    expect(fields[2]!.label).toBe('Lengte (knippen)');
    expect(visitFields([])).toEqual([]);
  });
});

describe('visitTitle', () => {
  it('names a visit by its services in order, one alone as itself', () => {
    expect(visitTitle(['Knippen', 'Föhnen'])).toBe('Knippen + Föhnen');
    expect(visitTitle(['Kleuren'])).toBe('Kleuren');
  });
});

describe('visitEntry', () => {
  const segment = (
    service: string,
    time: string,
    startsAt: string,
    endsAt: string,
    status = 'confirmed',
  ) => ({
    service,
    date: '2026-12-08',
    time,
    startsAt,
    endsAt,
    status,
  });
  it('spans the segments still booked, named by their services', () => {
    const cut = segment('Knippen', '10:00', '2026-12-08T09:00:00Z', '2026-12-08T09:30:00Z');
    const dry = segment('Föhnen', '10:30', '2026-12-08T09:30:00Z', '2026-12-08T09:45:00Z');
    expect(visitEntry([cut, dry])).toEqual({
      title: 'Knippen + Föhnen',
      date: '2026-12-08',
      time: '10:00',
      durationMinutes: 45,
    });
    expect(visitEntry([cut, { ...dry, status: 'cancelled' }])).toMatchObject({
      title: 'Knippen',
      durationMinutes: 30,
    });
    expect(visitEntry([{ ...cut, status: 'cancelled' }])).toBeNull();
  });
});

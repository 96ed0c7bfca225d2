import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  availabilityForDates,
  slotAgendas,
  slotInterval,
  slotRefusal,
  type AvailabilityInput,
  type ClassSession,
  type TakenInterval,
} from './month-availability';
import type { SchedulableEvent } from './types';

/** A class of 8 places on Tuesdays 09:00–12:00, an hour long (docs/PRODUCT.md#classes). */
const pilates: SchedulableEvent & { seats: number } = {
  workingDays: { '2': { enabled: true, startTime: '09:00', endTime: '12:00' } },
  dateRangeType: 'range',
  dateRangeStart: '2026-12-01',
  dateRangeEnd: '2026-12-31',
  durationMinutes: 60,
  seats: 8,
};
const DAY = '2026-12-08';
const now = new Date('2026-12-01T08:00:00Z');
const at = (time: string) => slotInterval(DAY, time, 60);

/** `count` one-seat bookings of the class at `time` in agenda `agenda` (session id `id`). */
function classBookings(id: string, time: string, count: number): TakenInterval[] {
  return Array.from({ length: count }, () => ({ ...at(time), session: id }));
}
const session = (id: string, time: string, seatsTaken: number, agenda = 0): ClassSession => ({
  id,
  agenda,
  start: at(time).start,
  seatsTaken,
});

function input(
  agendas: TakenInterval[][],
  sessions: ClassSession[],
  extra: Partial<AvailabilityInput> = {},
): AvailabilityInput {
  return {
    event: pilates,
    taken: [],
    agendaTaken: agendas,
    agendaIds: agendas.map((_, i) => `a${i}`),
    classSessions: sessions,
    now,
    ...extra,
  };
}
const slotsOf = (i: AvailabilityInput) => availabilityForDates([DAY], i)[0]!.slots;

describe('classes in core (docs/PRODUCT.md#classes)', () => {
  it('offers a class time with places left despite its own bookings, with seatsLeft', () => {
    const i = input([classBookings('s10', '10:00', 5)], [session('s10', '10:00', 5)]);
    expect(slotsOf(i)).toEqual([
      { time: '09:00', busy: false, seatsLeft: 8 },
      { time: '10:00', busy: false, seatsLeft: 3 },
      { time: '11:00', busy: false, seatsLeft: 8 },
    ]);
    expect(slotRefusal(i, DAY, '10:00')).toBeNull();
    expect(slotRefusal({ ...i, seats: 3 }, DAY, '10:00')).toBeNull();
    expect(slotRefusal({ ...i, seats: 4 }, DAY, '10:00')).toEqual({ rule: 'taken' });
  });

  it('a full class is busy with seatsLeft 0', () => {
    const i = input([classBookings('s10', '10:00', 8)], [session('s10', '10:00', 8)]);
    expect(slotsOf(i)[1]).toEqual({ time: '10:00', busy: true, seatsLeft: 0 });
    expect(slotRefusal(i, DAY, '10:00')).toEqual({ rule: 'taken' });
  });

  it('another service, or another class time of the same service, still blocks', () => {
    // A one-seat service's booking 09:30–10:30 (untagged) blocks 09:00 and 10:00.
    const other = input([[slotInterval(DAY, '09:30', 60)]], []);
    expect(slotsOf(other).map((s) => s.busy)).toEqual([true, true, false]);
    // The class at 10:00 with places sold: a 10:30 class would overlap it; 11:00 does not.
    const half: SchedulableEvent & { seats: number } = { ...pilates, slotIntervalMinutes: 30 };
    const i = input([classBookings('s10', '10:00', 2)], [session('s10', '10:00', 2)], { event: half });
    const slots = slotsOf(i);
    expect(slots.find((s) => s.time === '10:00')).toEqual({ time: '10:00', busy: false, seatsLeft: 6 });
    expect(slots.find((s) => s.time === '09:30')?.busy).toBe(true);
    expect(slots.find((s) => s.time === '10:30')?.busy).toBe(true);
    expect(slots.find((s) => s.time === '11:00')?.busy).toBe(false);
    // Another class service's class (another session id, not this service's) blocks too.
    const foreign = input([classBookings('yoga', '10:00', 1)], []);
    expect(slotsOf(foreign)[1]).toEqual({ time: '10:00', busy: true, seatsLeft: 0 });
  });

  it('a service of one seat is not a class: a tagged booking blocks it as before, no seatsLeft', () => {
    const intake = { ...pilates, seats: 1 };
    const i = input([classBookings('s10', '10:00', 1)], [session('s10', '10:00', 1)], { event: intake });
    expect(slotsOf(i)).toEqual([
      { time: '09:00', busy: false },
      { time: '10:00', busy: true },
      { time: '11:00', busy: false },
    ]);
  });

  it('with several agendas, a full class in one leaves the other free; seatsLeft is the best', () => {
    const i = input(
      [classBookings('a', '10:00', 8), classBookings('b', '10:00', 6)],
      [session('a', '10:00', 8, 0), session('b', '10:00', 6, 1)],
    );
    expect(slotsOf(i)[1]).toEqual({ time: '10:00', busy: false, seatsLeft: 2 });
    expect(slotAgendas(i, DAY, '10:00')).toEqual([[1]]);
    expect(slotAgendas({ ...i, seats: 3 }, DAY, '10:00')).toEqual({ rule: 'taken' });
  });

  it('a room of the class is shared by its own bookings, blocked by others', () => {
    // Agenda 0: the teacher, agenda 1: the room; the class's bookings occupy both.
    const own = classBookings('s10', '10:00', 3);
    const i = input([own, own], [session('s10', '10:00', 3)], { agendaGroups: [[0], [1]] });
    expect(slotsOf(i)[1]).toEqual({ time: '10:00', busy: false, seatsLeft: 5 });
    const busyRoom = input([own, [...own, slotInterval(DAY, '10:30', 30)]], [session('s10', '10:00', 3)], {
      agendaGroups: [[0], [1]],
    });
    expect(slotsOf(busyRoom)[1]).toEqual({ time: '10:00', busy: true, seatsLeft: 0 });
  });
});

describe('classes in core against their definition', () => {
  const times = ['09:00', '09:30', '10:00', '10:30', '11:00'];
  const half = { ...pilates, seats: 4, slotIntervalMinutes: 30 };
  it('a time is free exactly when nothing but its own class overlaps and the places hold', () => {
    fc.assert(
      fc.property(
        // Class bookings: a start and their places; other bookings: a start and a length.
        fc.array(fc.record({ at: fc.constantFrom(...times), seats: fc.integer({ min: 1, max: 2 }) }), {
          maxLength: 6,
        }),
        fc.array(fc.record({ at: fc.constantFrom(...times), minutes: fc.constantFrom(15, 30, 60) }), {
          maxLength: 2,
        }),
        fc.integer({ min: 1, max: 3 }),
        (classes, others, wanted) => {
          // Each start's class holds at most its seats, as the database keeps it.
          const sold = new Map<string, number>();
          const kept = classes.filter((c) => {
            const next = (sold.get(c.at) ?? 0) + c.seats;
            if (next > half.seats) return false;
            sold.set(c.at, next);
            return true;
          });
          const taken: TakenInterval[] = [
            ...kept.map((c) => ({ ...at(c.at), session: `s${c.at}` })),
            ...others.map((o) => slotInterval(DAY, o.at, o.minutes)),
          ];
          const sessions = [...sold].map(([time, n]) => session(`s${time}`, time, n));
          const i = input([taken], sessions, { event: half, seats: wanted });
          for (const time of times) {
            const slot = at(time);
            const clash = taken.some(
              (t) => t.start < slot.end && t.end > slot.start && t.session !== `s${time}`,
            );
            const free = !clash && half.seats - (sold.get(time) ?? 0) >= wanted;
            expect(slotRefusal(i, DAY, time) === null, `${time}`).toBe(free);
            const shown = availabilityForDates([DAY], { ...i, seats: 1 })[0]!.slots.find(
              (s) => s.time === time,
            )!;
            expect(shown.seatsLeft).toBe(clash ? 0 : half.seats - (sold.get(time) ?? 0));
            expect(shown.busy).toBe(shown.seatsLeft === 0);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});

import { describe, expect, it } from 'vitest';
import type { OwnerBookingDto } from '@contracts/bookings';
import { groupClasses } from './agenda-classes';

const booking = (id: string, extra: Partial<OwnerBookingDto> = {}) =>
  ({
    id,
    status: 'confirmed',
    seats: 1,
    classSessionId: null,
    classSeatsTaken: null,
    capacity: null,
    ...extra,
  }) as OwnerBookingDto;

describe('groupClasses', () => {
  it('makes one item of a class time, led by its first live booking, and keeps the others', () => {
    const cls = { classSessionId: 's1', classSeatsTaken: 5, capacity: 8 };
    const items = [
      booking('a'),
      booking('b', { ...cls, status: 'cancelled' }),
      booking('c', { ...cls, seats: 2 }),
      booking('d', { ...cls, seats: 3 }),
      booking('e'),
    ];
    const out = groupClasses(items);
    expect(out.map((x) => x.id)).toEqual(['a', 'c', 'e']);
    expect(out[1]!.classGroup).toEqual({
      sessionId: 's1',
      taken: 5,
      capacity: 8,
      bookings: [items[1], items[2], items[3]],
    });
    expect(out[0]!.classGroup).toBeUndefined();
  });

  it('keeps a class of only cancelled bookings as one cancelled block, its places counted by the server', () => {
    const out = groupClasses([
      booking('x', { classSessionId: 's2', classSeatsTaken: 0, capacity: 4, status: 'cancelled' }),
      booking('y', { classSessionId: 's2', classSeatsTaken: 0, capacity: 4, status: 'cancelled' }),
    ]);
    expect(out).toHaveLength(1);
    expect(out[0]).toMatchObject({ id: 'x', status: 'cancelled', classGroup: { taken: 0, capacity: 4 } });
  });
});

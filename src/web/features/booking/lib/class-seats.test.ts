import { describe, expect, it } from 'vitest';
import type { PublicEvent } from '@contracts/public-booking';
import { classPrice, maxSeatsAt, seatsLeftAt, seatsNote } from './class-seats';
import { localSplit } from './payment-split';

describe('seatsNote', () => {
  it("says a class time's places left, one place in the singular, and a time taking nobody 'Vol'", () => {
    expect(seatsNote({ time: '10:00', busy: false, seatsLeft: 3 })).toBe('Nog 3 plekken');
    expect(seatsNote({ time: '10:00', busy: false, seatsLeft: 1 })).toBe('Nog 1 plek');
    expect(seatsNote({ time: '10:00', busy: true, seatsLeft: 0 })).toBe('Vol');
    expect(seatsNote({ time: '10:00', busy: true, seatsLeft: 4 })).toBe('Vol');
  });

  it('says nothing for a service of one place (its slots carry no seatsLeft)', () => {
    expect(seatsNote({ time: '10:00', busy: false })).toBeUndefined();
    expect(seatsNote({ time: '10:00', busy: true })).toBeUndefined();
  });
});

describe('maxSeatsAt', () => {
  it('is the maximum per booking, no more than the places left, and at least one', () => {
    expect(maxSeatsAt(2, 8)).toBe(2);
    expect(maxSeatsAt(4, 3)).toBe(3);
    expect(maxSeatsAt(4, 0)).toBe(1);
    expect(maxSeatsAt(3, undefined)).toBe(3);
  });
});

describe('seatsLeftAt', () => {
  const days = [{ date: '2026-12-07', slots: [{ time: '10:00', busy: false, seatsLeft: 5 }] }];
  it('finds the chosen time in the month, else nothing', () => {
    expect(seatsLeftAt(days, '2026-12-07', '10:00')).toBe(5);
    expect(seatsLeftAt(days, '2026-12-07', '11:00')).toBeUndefined();
    expect(seatsLeftAt(undefined, '2026-12-07', '10:00')).toBeUndefined();
  });
});

describe('classPrice', () => {
  it('is the price per place times the places, with the review line', () => {
    const price = classPrice('12.50', 'EUR', 2);
    expect(price?.total).toBe('25.00');
    expect(price?.line.replace(/\s/g, ' ')).toBe('2 × € 12,50 = € 25,00');
  });

  it('is nothing without a price', () => {
    expect(classPrice(null, 'EUR', 2)).toBeNull();
    expect(classPrice('0.00', 'EUR', 2)).toBeNull();
  });
});

describe('localSplit of a class', () => {
  const paid = {
    requiresPayment: true,
    paymentAmount: '20.00',
    depositType: 'percent',
    depositValue: '25',
    depositFor: 'everyone',
  } as PublicEvent;

  it("pays one place's split that many times, as the server charges it", () => {
    expect(localSplit(paid, 1)).toEqual({ payNow: '5.00', dueLater: '15.00' });
    expect(localSplit(paid, 3)).toEqual({ payNow: '15.00', dueLater: '45.00' });
    expect(localSplit({ ...paid, depositType: 'none', depositValue: null }, 2)).toEqual({
      payNow: '40.00',
      dueLater: '0.00',
    });
  });
});

import { describe, expect, it } from 'vitest';
import { ownerAnswers, ownerBookingWarnings, ownerPhone, type OwnerBookingContext } from './owner-booking';

const day = { enabled: true, startTime: '09:00', endTime: '17:00' };
const event = {
  workingDays: { '1': day, '2': day, '3': day, '4': day, '5': day },
  dateRangeType: 'range' as const,
  dateRangeStart: '2027-03-01',
  dateRangeEnd: '2027-03-31',
  durationMinutes: 30,
  minimumNoticeMinutes: 120,
  bookingHorizonDays: 14,
  maxBookingsPerDay: 2,
};
// Monday 8 March 2027, 10:00 in Amsterdam (CET).
const ctx: OwnerBookingContext = {
  event,
  timeZone: 'Europe/Amsterdam',
  closures: [],
  agendaIds: ['a1', 'a2'],
  dayCount: 0,
  now: new Date('2027-03-08T09:00:00Z'),
};

describe('ownerBookingWarnings', () => {
  it('warns of nothing inside the rules', () => {
    expect(ownerBookingWarnings(ctx, '2027-03-09', '10:00')).toEqual([]);
  });
  it('names every rule a customer would be refused by', () => {
    expect(ownerBookingWarnings(ctx, '2027-03-08', '11:00')).toEqual(['notice']);
    expect(ownerBookingWarnings(ctx, '2027-03-08', '09:30')).toEqual(['past']);
    expect(ownerBookingWarnings(ctx, '2027-03-13', '10:00')).toEqual(['outsideHours']); // a Saturday
    expect(ownerBookingWarnings(ctx, '2027-03-09', '10:15')).toEqual(['outsideHours']); // off the grid
    expect(ownerBookingWarnings(ctx, '2027-03-09', '16:45')).toEqual(['outsideHours']); // ends after 17:00
    expect(ownerBookingWarnings(ctx, '2027-03-23', '10:00')).toEqual(['horizon']);
    expect(ownerBookingWarnings({ ...ctx, dayCount: 2 }, '2027-03-09', '10:00')).toEqual(['dayFull']);
    expect(ownerBookingWarnings({ ...ctx, dayCount: 1 }, '2027-03-09', '10:00')).toEqual([]);
    expect(ownerBookingWarnings(ctx, '2027-02-26', '10:00')).toEqual(['outsideHours', 'past']);
  });
  it('warns of a closure only when every agenda the booking may use is closed', () => {
    const closures = [{ startDate: '2027-03-09', endDate: '2027-03-10', label: 'cursus', agendaId: 'a1' }];
    expect(ownerBookingWarnings({ ...ctx, closures }, '2027-03-09', '10:00')).toEqual([]);
    expect(ownerBookingWarnings({ ...ctx, closures, agendaIds: ['a1'] }, '2027-03-09', '10:00')).toEqual([
      'closed',
    ]);
  });
  it('warns when no agenda the booking may use works then: away, or outside its own week', () => {
    const week = { workingDays: { '2': { enabled: true, startTime: '12:00', endTime: '17:00' } } };
    const away = {
      absences: [{ startDate: '2027-03-09', endDate: '2027-03-09', startTime: '09:00', endTime: '11:00' }],
    };
    const at = (agendaHours: OwnerBookingContext['agendaHours'], time = '10:00') =>
      ownerBookingWarnings({ ...ctx, agendaHours }, '2027-03-09', time);
    expect(at(undefined)).toEqual([]);
    expect(at([null, null])).toEqual([]);
    // One of the two works then: nothing to warn of.
    expect(at([away, null])).toEqual([]);
    expect(at([away, away])).toEqual(['agendaAbsent']);
    expect(at([week, week])).toEqual(['agendaOutsideHours']);
    expect(at([away, week])).toEqual(['agendaOutsideHours']);
    expect(at([away, week], '12:00')).toEqual([]);
    // A booking that runs into the absence counts as in it; one ending at its start does not.
    expect(at([away], '08:45')).toEqual(['outsideHours', 'agendaAbsent']);
    expect(at([away], '11:00')).toEqual([]);
  });
  it('has nothing to say about an invalid date or time', () => {
    expect(ownerBookingWarnings(ctx, '2027-02-30', '10:00')).toEqual([]);
    expect(ownerBookingWarnings(ctx, '2027-03-09', '24:00')).toEqual([]);
  });
});

describe('ownerPhone', () => {
  it('stores a Dutch number without country code and keeps a written one', () => {
    expect(ownerPhone('06 1234 5678')).toBe('+31612345678');
    expect(ownerPhone('+32 470 12 34 56')).toBe('+32470123456');
    expect(ownerPhone('  ')).toBe('');
  });
});

describe('ownerAnswers', () => {
  const fields = [
    { fieldName: 'Naam', fieldType: 'text', isRequired: true, order: 0 },
    { fieldName: 'E-mail', fieldType: 'email', isRequired: true, order: 1 },
    { fieldName: 'Opmerking', fieldType: 'text', isRequired: false, order: 2 },
  ];
  it('fills the fields the customer details come from and keeps only the service’s own fields', () => {
    const out = ownerAnswers(fields, { name: 'Els', email: null }, { Opmerking: ' kort ', Vreemd: 'x' });
    expect(out.answers).toEqual({ Naam: 'Els', Opmerking: 'kort' });
    expect(out.others.map((f) => f.fieldName)).toEqual(['Opmerking']);
  });
});

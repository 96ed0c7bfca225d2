import { describe, expect, it } from 'vitest';
import { inQuietHours, textSendAt } from './quiet-hours';
import { zonedTimeToUtc } from './timezone';

const zone = 'Europe/Amsterdam';
const at = (date: string, time: string) => zonedTimeToUtc(date, time, zone);

describe('quiet hours', () => {
  it('run from 21:00 to 08:00 in the owner’s zone', () => {
    expect(inQuietHours(at('2027-03-10', '20:59'), zone)).toBe(false);
    expect(inQuietHours(at('2027-03-10', '21:00'), zone)).toBe(true);
    expect(inQuietHours(at('2027-03-11', '07:59'), zone)).toBe(true);
    expect(inQuietHours(at('2027-03-11', '08:00'), zone)).toBe(false);
    // The same instant is quiet in Amsterdam (22:00) and not in New York (16:00).
    expect(inQuietHours(at('2027-03-10', '22:00'), 'America/New_York')).toBe(false);
  });

  it('send a message due outside them at once, and one due in them at 08:00', () => {
    const startsAt = at('2027-03-12', '10:00');
    const now = at('2027-03-10', '12:00');
    const due = at('2027-03-10', '14:00');
    expect(textSendAt('confirmation', { dueAt: due, startsAt, now, timeZone: zone })).toEqual(due);
    expect(
      textSendAt('confirmation', { dueAt: at('2027-03-10', '23:15'), startsAt, now, timeZone: zone }),
    ).toEqual(at('2027-03-11', '08:00'));
    expect(
      textSendAt('cancellation', { dueAt: at('2027-03-11', '06:00'), startsAt, now, timeZone: zone }),
    ).toEqual(at('2027-03-11', '08:00'));
  });

  it('send a reminder due in them at 20:59 the evening before', () => {
    const now = at('2027-03-01', '12:00');
    const startsAt = at('2027-03-11', '08:30');
    for (const [date, time] of [
      ['2027-03-11', '07:30'],
      ['2027-03-11', '00:10'],
      ['2027-03-10', '21:30'],
    ] as const)
      expect(textSendAt('reminder', { dueAt: at(date, time), startsAt, now, timeZone: zone })).toEqual(
        at('2027-03-10', '20:59'),
      );
  });

  it('send a reminder whose evening has passed at 08:00, unless the appointment is within the hour', () => {
    const now = at('2027-03-10', '22:00');
    const dueAt = at('2027-03-11', '06:00');
    expect(
      textSendAt('reminder', { dueAt, startsAt: at('2027-03-11', '09:00'), now, timeZone: zone }),
    ).toEqual(at('2027-03-11', '08:00'));
    expect(
      textSendAt('reminder', { dueAt, startsAt: at('2027-03-11', '08:59'), now, timeZone: zone }),
    ).toBeNull();
  });

  it('keep local times over the DST change', () => {
    // 28 March 2027: the clock goes from 02:00 to 03:00; the evening before is still 20:59 local.
    const now = at('2027-03-20', '12:00');
    const startsAt = at('2027-03-28', '09:00');
    const reminder = textSendAt('reminder', {
      dueAt: at('2027-03-28', '04:00'),
      startsAt,
      now,
      timeZone: zone,
    });
    expect(reminder).toEqual(at('2027-03-27', '20:59'));
    expect(reminder?.toISOString()).toBe('2027-03-27T19:59:00.000Z');
    expect(
      textSendAt('confirmation', {
        dueAt: at('2027-03-28', '01:30'),
        startsAt,
        now,
        timeZone: zone,
      })?.toISOString(),
    ).toBe('2027-03-28T06:00:00.000Z');
  });
});

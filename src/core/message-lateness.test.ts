import { describe, expect, it } from 'vitest';
import { FOLLOW_UP_LATE_AFTER_MS, tooLate } from './message-lateness';

const at = (iso: string) => new Date(iso);
const startsAt = at('2027-03-10T09:00:00Z');

describe('tooLate', () => {
  it('a reminder goes out until the appointment begins, never after', () => {
    const dueAt = at('2027-03-09T09:00:00Z');
    expect(tooLate('reminder', { dueAt, startsAt, now: at('2027-03-10T08:59:59Z') })).toBeNull();
    expect(tooLate('reminder', { dueAt, startsAt, now: startsAt })).toBe('appointment_started');
    expect(tooLate('reminder', { dueAt, startsAt, now: at('2028-03-10T09:00:00Z') })).toBe(
      'appointment_started',
    );
  });

  it('a follow-up may be up to two days late', () => {
    const dueAt = at('2027-03-11T09:00:00Z');
    const edge = new Date(dueAt.getTime() + FOLLOW_UP_LATE_AFTER_MS);
    expect(tooLate('follow_up', { dueAt, startsAt, now: edge })).toBeNull();
    expect(tooLate('follow_up', { dueAt, startsAt, now: new Date(edge.getTime() + 1) })).toBe(
      'follow_up_late',
    );
  });

  it('confirmations and changes are never too late', () => {
    const dueAt = at('2027-03-01T09:00:00Z');
    expect(tooLate('confirmation', { dueAt, startsAt, now: at('2028-01-01T00:00:00Z') })).toBeNull();
  });
});

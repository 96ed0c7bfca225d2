/**
 * The webhook body names each appointment's instants (docs/PRODUCT.md#webhook-payload): booking_date
 * and booking_time repeat in the autumn DST hour, startsAt/endsAt with their offsets do not.
 */
import { describe, expect, it } from 'vitest';
import { WEBHOOK_PAYLOAD_FIELDS } from '@contracts/notifications';
import { zonedTimeToUtc } from '@core/index';
import type { EventRow } from '../../db/schema';
import { webhookPayload, type WebhookBooking } from './notification-content';

const TZ = 'Europe/Amsterdam';
const event = { id: 'e1', title: 'Knippen', description: null } as unknown as EventRow;
const booking = (startsAt: Date, minutes: number, bookingTime: string): WebhookBooking => ({
  id: 'b1',
  customerName: 'Jan',
  customerEmail: 'jan@example.nl',
  customerPhone: null,
  bookingDate: '2027-10-31',
  bookingTime,
  status: 'confirmed',
  paymentStatus: 'not_required',
  customFieldResponses: { Naam: 'Jan' },
  startsAt,
  endsAt: new Date(startsAt.getTime() + minutes * 60_000),
});
const now = new Date('2027-10-01T10:00:00Z');

describe('webhook payload: startsAt and endsAt', () => {
  it('tells the two 02:30s of 31 October 2027 apart by their offsets', () => {
    const first = zonedTimeToUtc('2027-10-31', '02:30', TZ); // CEST, the first occurrence
    const body = webhookPayload(
      event,
      booking(first, 30, '02:30'),
      [],
      now,
      'booking.created',
      undefined,
      TZ,
    );
    expect(body).toMatchObject({
      booking_date: '2027-10-31',
      booking_time: '02:30',
      startsAt: '2027-10-31T02:30:00+02:00',
      // Half an hour later the clock has gone back: the second 02:00.
      endsAt: '2027-10-31T02:00:00+01:00',
    });
    const second = new Date(first.getTime() + 60 * 60_000); // the same wall time in CET
    expect(
      webhookPayload(event, booking(second, 30, '02:30'), [], now, 'booking.created', undefined, TZ),
    ).toMatchObject({
      startsAt: '2027-10-31T02:30:00+01:00',
      endsAt: '2027-10-31T03:00:00+01:00',
    });
    for (const b of [body])
      expect(Date.parse(String(b.endsAt))).toBeGreaterThan(Date.parse(String(b.startsAt)));
  });

  it('uses the spring offset after the skipped hour, and keeps the names reserved for custom fields', () => {
    const start = zonedTimeToUtc('2027-03-28', '01:30', TZ);
    const body = webhookPayload(
      event,
      { ...booking(start, 60, '01:30'), bookingDate: '2027-03-28' },
      [],
      now,
      'booking.created',
      undefined,
      TZ,
    );
    expect(body).toMatchObject({
      startsAt: '2027-03-28T01:30:00+01:00',
      endsAt: '2027-03-28T03:30:00+02:00',
    });
    expect(WEBHOOK_PAYLOAD_FIELDS).toEqual(expect.arrayContaining(['startsAt', 'endsAt']));
    // A custom field named like them cannot overwrite them.
    const clash = webhookPayload(
      event,
      { ...booking(start, 60, '01:30'), customFieldResponses: { startsAt: 'morgen' } },
      [],
      now,
      'booking.created',
      undefined,
      TZ,
    );
    expect(clash.startsAt).toBe('2027-03-28T01:30:00+01:00');
  });
});

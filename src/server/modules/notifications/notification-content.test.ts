import { describe, expect, it } from 'vitest';
import {
  policySection,
  shownVisitLines,
  visitCalendarEntry,
  visitSection,
  withVisitSegments,
} from './notification-content';
import type { VisitLine } from './visit-lines';

// Tuesday 1 December 2026 10:00 in Amsterdam (UTC+1).
const startsAt = new Date('2026-12-01T09:00:00.000Z');
const rules = { policyText: null, cancelCutoffHours: null, rescheduleCutoffHours: null };
// A week before the appointment: every cut-off below is still ahead.
const early = new Date('2026-11-24T09:00:00.000Z');

describe('policySection', () => {
  it('is null without a policy and without cut-offs', () => {
    expect(policySection(rules, startsAt, 'Europe/Amsterdam', early)).toBeNull();
    expect(policySection({ ...rules, policyText: '  \n ' }, startsAt, 'Europe/Amsterdam', early)).toBeNull();
  });

  it('escapes the policy, keeps its line breaks, and names the cut-offs in the owner’s zone', () => {
    const section = policySection(
      {
        policyText: 'Kosteloos tot 1 dag.\r\nDaarna <b>50%</b> & meer.',
        cancelCutoffHours: 24,
        rescheduleCutoffHours: 48,
      },
      startsAt,
      'Europe/Amsterdam',
      early,
    );
    expect(section).toEqual({
      closed: false,
      html:
        '<h3>Annuleringsvoorwaarden</h3><p>Kosteloos tot 1 dag.<br>Daarna &lt;b&gt;50%&lt;/b&gt; &amp; meer.</p>' +
        '<p>Wijzigen kan tot zo 29 nov 10:00<br>Annuleren kan tot ma 30 nov 10:00</p>',
      text:
        'Annuleringsvoorwaarden\nKosteloos tot 1 dag.\nDaarna <b>50%</b> & meer.\n\n' +
        'Wijzigen kan tot zo 29 nov 10:00\nAnnuleren kan tot ma 30 nov 10:00',
    });
  });

  it('shows the cut-offs alone when there is no policy text', () => {
    expect(policySection({ ...rules, cancelCutoffHours: 0 }, startsAt, 'Europe/Amsterdam', early)).toEqual({
      closed: false,
      html: '<p>Annuleren kan tot di 1 dec 10:00</p>',
      text: 'Annuleren kan tot di 1 dec 10:00',
    });
  });

  it('says a booking made inside its cut-off cannot be changed online, and how to reach the business', () => {
    // Booked at 20:57 the evening before a 10:00 appointment, with a one-day cut-off for both.
    const bookedAt = new Date('2026-11-30T19:57:00.000Z');
    const section = policySection(
      { ...rules, cancelCutoffHours: 24, rescheduleCutoffHours: 24 },
      startsAt,
      'Europe/Amsterdam',
      bookedAt,
      {
        name: 'Salon Mooi',
        address: 'Dorpsstraat 1\n1234 AB Utrecht',
        phone: '+31201234567',
        email: 'salon@example.nl',
      },
    );
    expect(section?.closed).toBe(true);
    expect(section?.text).toBe(
      'Wijzigen of annuleren kan niet meer online. Neem daarvoor contact op met Salon Mooi:\n' +
        'Telefoon: 020 1234567\nE-mail: salon@example.nl\nAdres: Dorpsstraat 1, 1234 AB Utrecht',
    );
    expect(section?.text).not.toContain('kan tot');
    // Only the move is closed: the cancel line stays, the notice names the move.
    const moveClosed = policySection(
      { ...rules, cancelCutoffHours: 2, rescheduleCutoffHours: 24 },
      startsAt,
      'Europe/Amsterdam',
      bookedAt,
    );
    expect(moveClosed?.text).toBe('Annuleren kan tot di 1 dec 08:00\n\nWijzigen kan niet meer online.');
  });
});

describe('a visit’s lines', () => {
  const line = (over: Partial<VisitLine>): VisitLine => ({
    bookingId: 'a',
    eventId: 'e1',
    position: 0,
    service: 'Knippen',
    agendaId: 'anna',
    agendaName: 'Anna',
    extraAgendaIds: [],
    extraAgendaNames: [],
    bookingDate: '2026-12-01',
    bookingTime: '10:00',
    endTime: '10:30',
    startsAt: new Date('2026-12-01T09:00:00.000Z'),
    endsAt: new Date('2026-12-01T09:30:00.000Z'),
    status: 'confirmed',
    ...over,
  });
  const knippen = line({});
  const kleuren = line({
    bookingId: 'b',
    eventId: 'e2',
    position: 1,
    service: 'Kleuren',
    extraAgendaIds: ['room'],
    extraAgendaNames: ['Kleurkamer'],
    bookingTime: '10:30',
    endTime: '11:30',
    startsAt: new Date('2026-12-01T09:30:00.000Z'),
    endsAt: new Date('2026-12-01T10:30:00.000Z'),
  });

  it('says each segment with its times, person and room, escaped in the HTML', () => {
    expect(visitSection([knippen, line({ ...kleuren, agendaName: 'A & B' })], false)).toEqual({
      html:
        '<h3>Uw bezoek</h3><p>10:00–10:30 Knippen bij Anna<br>' +
        '10:30–11:30 Kleuren bij A &amp; B (ruimte: Kleurkamer)</p>',
      text: 'Uw bezoek\n10:00–10:30 Knippen bij Anna\n10:30–11:30 Kleuren bij A & B (ruimte: Kleurkamer)',
    });
    expect(visitSection([knippen], true).text).toBe('Het bezoek\n10:00–10:30 Knippen bij Anna');
  });

  it('spans one calendar entry from the first start to the last end', () => {
    expect(visitCalendarEntry([knippen, kleuren])).toEqual({
      startsAt: knippen.startsAt,
      endsAt: kleuren.endsAt,
      summary: 'Knippen + Kleuren',
      description: '10:00–10:30 Knippen bij Anna\n10:30–11:30 Kleuren bij Anna (ruimte: Kleurkamer)',
    });
  });

  it('lists the live segments, every one once the first is cancelled, the first at its planned slot', () => {
    const gone = line({ ...kleuren, status: 'cancelled' });
    const live = { ...knippen, id: 'a', status: 'confirmed' as const };
    expect(shownVisitLines([knippen, gone], live, 'Europe/Amsterdam').map((l) => l.bookingId)).toEqual(['a']);
    const cancelled = { ...live, status: 'cancelled' as const };
    expect(shownVisitLines([knippen, gone], cancelled, 'Europe/Amsterdam')).toHaveLength(2);
    const moved = {
      ...live,
      bookingTime: '11:00',
      startsAt: new Date('2026-12-01T10:00:00.000Z'),
      endsAt: new Date('2026-12-01T10:30:00.000Z'),
    };
    expect(shownVisitLines([knippen, kleuren], moved, 'Europe/Amsterdam')[0]).toMatchObject({
      bookingTime: '11:00',
      endTime: '11:30',
    });
  });

  it('gives a webhook the segments with the owner’s offset, kept beside the planned properties', () => {
    const body = withVisitSegments(
      { booking_id: 'a', type: 'booking.created' },
      [knippen],
      'Europe/Amsterdam',
    );
    expect(body).toEqual({
      booking_id: 'a',
      type: 'booking.created',
      segments: [
        {
          bookingId: 'a',
          eventId: 'e1',
          service: 'Knippen',
          agendaId: 'anna',
          agendaName: 'Anna',
          extraAgendaIds: [],
          extraAgendaNames: [],
          date: '2026-12-01',
          time: '10:00',
          startsAt: '2026-12-01T10:00:00+01:00',
          endsAt: '2026-12-01T10:30:00+01:00',
          status: 'confirmed',
        },
      ],
    });
  });
});

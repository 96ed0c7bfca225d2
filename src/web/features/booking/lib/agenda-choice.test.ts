import { describe, expect, it } from 'vitest';
import type { CreatedBooking, PublicEvent, PublicField } from '@contracts/public-booking';
import { agendaNameOf, choosableAgendas, freeAt, offeredAgenda } from './agenda-choice';
import { bookingBody, bookingSummary, pendingBooking } from './booking-payload';

const anna = { id: 'a1', name: 'Anna' };
const ben = { id: 'b2', name: 'Ben' };
const two = { agendas: [anna, ben] };
const one = { agendas: [anna] };

describe('the agenda choice', () => {
  it('is asked only when the service has more than one agenda', () => {
    expect(choosableAgendas(two)).toEqual([anna, ben]);
    expect(choosableAgendas(one)).toEqual([]);
  });

  it('sends a chosen agenda only while the service still offers it', () => {
    expect(offeredAgenda(two, 'b2')).toBe('b2');
    expect(offeredAgenda(two, 'gone')).toBeNull();
    expect(offeredAgenda(two, null)).toBeNull();
  });

  it('names the booking’s agenda only when there are several to tell apart', () => {
    expect(agendaNameOf(two, 'b2')).toBe('Ben');
    expect(agendaNameOf(one, 'a1')).toBeNull();
    expect(agendaNameOf(two, 'gone')).toBeNull();
    expect(agendaNameOf(two, null)).toBeNull();
  });

  it('finds whether a time is free on a day of the month', () => {
    const days = [
      {
        date: '2026-12-07',
        slots: [
          { time: '10:00', busy: true },
          { time: '10:30', busy: false },
        ],
      },
    ];
    expect(freeAt(days, '2026-12-07', '10:30')).toBe(true);
    expect(freeAt(days, '2026-12-07', '10:00')).toBe(false);
    expect(freeAt(days, '2026-12-07', '11:00')).toBe(false);
    expect(freeAt(days, '2026-12-08', '10:30')).toBe(false);
  });
});

describe('the booking request and summary with an agenda', () => {
  const event = {
    id: 'e1',
    title: 'Knippen',
    durationMinutes: 30,
    requiresPayment: false,
    paymentAmount: null,
    themeColor: '#0F766E',
    agendas: [anna, ben],
  } as unknown as PublicEvent;
  const fields: PublicField[] = [
    { id: 'f1', fieldName: 'Naam', fieldType: 'text', isRequired: true, order: 0 },
  ];
  const answers = { Naam: 'Eva' };

  it('carries agendaId only when a person was chosen', () => {
    expect(bookingBody(event, fields, answers, '2026-12-07', '10:00', 'b2').agendaId).toBe('b2');
    expect('agendaId' in bookingBody(event, fields, answers, '2026-12-07', '10:00', null)).toBe(false);
  });

  it('names the agenda the booking got, also for "Geen voorkeur"', () => {
    const body = bookingBody(event, fields, answers, '2026-12-07', '10:00', null);
    const pending = pendingBooking(event, fields, body, '/', '/boek/knippen');
    const created = {
      booking: {
        bookingDate: '2026-12-07',
        bookingTime: '10:00',
        paymentStatus: 'not_required',
        customerName: 'Eva',
        customerEmail: null,
        customerPhone: null,
        customFieldResponses: answers,
        agendaId: 'b2',
        agendaChosen: false,
      },
      managementToken: 't',
      managementUrl: '/booking/manage/t',
    } as unknown as CreatedBooking;
    expect(bookingSummary(pending, created).agendaName).toBe('Ben');
    const single = pendingBooking({ ...event, agendas: [anna] }, fields, body, '/', '/boek/knippen');
    expect(
      bookingSummary(single, { ...created, booking: { ...created.booking, agendaId: 'a1' } }).agendaName,
    ).toBeNull();
  });
});

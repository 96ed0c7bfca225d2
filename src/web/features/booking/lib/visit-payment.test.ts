import { describe, expect, it } from 'vitest';
import type { CreatedBooking, PublicEvent, PublicField } from '@contracts/public-booking';
import type { CreateVisitBody } from '@contracts/public-visits';
import { bookingSummary } from './booking-payload';
import { firstSegmentBody, visitHasPayment, visitPaymentEvent, visitPendingBooking } from './visit-payment';

const business = { name: 'Salon Lotte', publicSlug: 'salon-lotte' } as PublicEvent['business'];
const event = (over: Partial<PublicEvent>): PublicEvent =>
  ({
    id: 'cut',
    slug: 'knippen',
    title: 'Knippen',
    durationMinutes: 30,
    bufferBeforeMinutes: 0,
    bufferAfterMinutes: 0,
    requiresPayment: false,
    paymentAmount: '30.00',
    currency: 'EUR',
    allowCombinations: true,
    themeColor: '#7C3AED',
    timeZone: 'Europe/Amsterdam',
    business,
    agendas: [
      { id: 'a1', name: 'Lotte' },
      { id: 'a2', name: 'Sem' },
    ],
    ...over,
  }) as PublicEvent;

const cut = event({});
const colour = event({
  id: 'colour',
  slug: 'kleuren',
  title: 'Kleuren',
  durationMinutes: 60,
  requiresPayment: true,
  paymentAmount: '60.00',
  themeColor: '#0F766E',
});
const fields: PublicField[] = [
  { id: 'f1', fieldName: 'Naam', fieldType: 'text', isRequired: true, order: 0 },
  { id: 'f2', fieldName: 'E-mail', fieldType: 'email', isRequired: true, order: 1 },
];
const body: CreateVisitBody = {
  services: [{ eventId: 'cut' }, { eventId: 'colour' }],
  date: '2026-12-07',
  time: '10:00',
  answers: { Naam: 'Eva Jansen', 'E-mail': 'eva@example.nl' },
  customerName: 'Eva Jansen',
  customerEmail: 'eva@example.nl',
  customerPhone: null,
};
const paths = {
  startPath: '/p/salon-lotte',
  bookingPath: '/p/salon-lotte/bezoek?diensten=knippen%2Ckleuren',
};
const quote = { payNow: '20.00', dueLater: '70.00', currency: 'EUR' };

describe('a visit with a service paid online (docs/PRODUCT.md#visits)', () => {
  it('asks a payment when any service is paid online', () => {
    expect(visitHasPayment([cut])).toBe(false);
    expect(visitHasPayment([cut, colour])).toBe(true);
  });

  it("confirms through the first segment's body: its service, the visit's start and answers", () => {
    expect(firstSegmentBody(body)).toEqual({
      eventId: 'cut',
      bookingDate: '2026-12-07',
      bookingTime: '10:00',
      customerName: 'Eva Jansen',
      customerEmail: 'eva@example.nl',
      customerPhone: null,
      customFieldResponses: { Naam: 'Eva Jansen', 'E-mail': 'eva@example.nl' },
    });
    expect(firstSegmentBody({ ...body, agendaId: 'a2', acceptedPolicy: true })).toMatchObject({
      agendaId: 'a2',
      acceptedPolicy: true,
    });
  });

  it("keeps the visit's title, minutes and the quote's amounts, back to the wizard after a failure", () => {
    const pending = visitPendingBooking([cut, colour], fields, body, quote, paths);
    expect(pending).toMatchObject({
      booking: { eventId: 'cut', bookingTime: '10:00' },
      eventTitle: 'Knippen + Kleuren',
      durationMinutes: 90,
      paymentAmount: '20.00',
      dueLater: '70.00',
      currency: 'EUR',
      nameField: 'Naam',
      themeColor: '#7C3AED',
      startPath: '/p/salon-lotte',
      bookingPath: paths.bookingPath,
      agendas: [],
      visit: true,
    });
    // Nothing left for the salon: no rest; a person chosen for the whole visit is named.
    const all = visitPendingBooking(
      [cut, colour],
      fields,
      { ...body, agendaId: 'a1' },
      { ...quote, dueLater: '0.00' },
      paths,
    );
    expect(all.dueLater).toBeNull();
    expect(all.agendas).toEqual(cut.agendas);
  });

  it("draws the payment step with the paid service's currency, the amount now and the page's colour", () => {
    const shown = visitPaymentEvent([cut, colour], { paymentAmount: '20.00', currency: 'EUR' });
    expect(shown).toMatchObject({
      id: 'colour',
      title: 'Knippen + Kleuren',
      paymentAmount: '20.00',
      currency: 'EUR',
      themeColor: '#7C3AED',
    });
  });

  it("shows the visit's amounts on the success page, not the first segment's", () => {
    const pending = visitPendingBooking([cut, colour], fields, body, quote, paths);
    const created = {
      booking: {
        bookingDate: '2026-12-07',
        bookingTime: '10:00',
        customerName: 'Eva Jansen',
        customerEmail: 'eva@example.nl',
        customerPhone: null,
        customFieldResponses: body.answers,
        status: 'confirmed',
        paymentStatus: 'paid',
        amountPaid: '0.00',
        amountDue: '30.00',
        agendaId: 'a1',
      },
      managementToken: null,
      managementUrl: null,
    } as unknown as CreatedBooking;
    expect(bookingSummary({ ...pending, managementUrl: 'http://x/booking/manage/t' }, created)).toMatchObject(
      {
        eventTitle: 'Knippen + Kleuren',
        durationMinutes: 90,
        paidAmount: '20.00',
        dueAmount: '70.00',
        managementUrl: 'http://x/booking/manage/t',
        agendaName: null,
      },
    );
  });
});

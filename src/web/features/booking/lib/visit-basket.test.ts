import { describe, expect, it } from 'vitest';
import type { PublicField } from '@contracts/public-booking';
import {
  basketHasRoom,
  basketTotals,
  combinable,
  sharedAgendas,
  visitBody,
  visitFields,
  visitMonths,
  visitPath,
  visitPlan,
  visitSlugs,
  type BasketService,
} from './visit-basket';

const service = (over: Partial<BasketService> = {}): BasketService => ({
  slug: 'knippen',
  title: 'Knippen',
  durationMinutes: 30,
  requiresPayment: false,
  paymentAmount: '32.50',
  currency: 'EUR',
  allowCombinations: true,
  ...over,
});

const field = (fieldName: string, order: number, over: Partial<PublicField> = {}): PublicField => ({
  id: `${fieldName}-${order}`,
  fieldName,
  fieldType: 'text',
  isRequired: false,
  order,
  ...over,
});

describe('combinable', () => {
  it('ticks a service the owner allows combining, paid online or not', () => {
    expect(combinable(service())).toBe(true);
    expect(combinable(service({ allowCombinations: false }))).toBe(false);
    expect(combinable(service({ requiresPayment: true }))).toBe(true);
  });
  it('holds at most five services', () => {
    expect(basketHasRoom(4)).toBe(true);
    expect(basketHasRoom(5)).toBe(false);
  });
});

describe('basketTotals (core visitTotals)', () => {
  it('adds the minutes and the prices, paid online or at the salon', () => {
    const totals = basketTotals([
      service(),
      service({ slug: 'fohnen', durationMinutes: 15, paymentAmount: '17.50' }),
    ]);
    expect(totals).toEqual({ count: 2, durationMinutes: 45, priceCents: 5000, currency: 'EUR' });
  });
  it('counts the buffers between segments, not after the last one', () => {
    const totals = basketTotals([
      service({ bufferAfterMinutes: 5 }),
      service({ slug: 'fohnen', durationMinutes: 15, bufferBeforeMinutes: 10, bufferAfterMinutes: 20 }),
    ]);
    expect(totals.durationMinutes).toBe(60);
  });
  it('prices a paid service at its full price (what is paid online now is the quote)', () => {
    const totals = basketTotals([
      service(),
      service({ slug: 'kleuren', requiresPayment: true, paymentAmount: '60.00' }),
    ]);
    expect(totals.priceCents).toBe(9250);
  });
  it('has no price for free services, and nothing for an empty basket', () => {
    expect(basketTotals([service({ paymentAmount: null })]).priceCents).toBe(0);
    expect(basketTotals([])).toEqual({ count: 0, durationMinutes: 0, priceCents: 0, currency: 'EUR' });
  });
});

describe('visitFields', () => {
  it('asks a field name once, in service order, required when any service requires it', () => {
    const fields = visitFields([
      [field('E-mail', 1, { fieldType: 'email' }), field('Naam', 0, { isRequired: true })],
      [
        field('Naam', 0),
        field('E-mail', 1, { fieldType: 'email', isRequired: true }),
        field('Haarlengte', 2),
      ],
    ]);
    expect(fields.map((f) => [f.fieldName, f.isRequired, f.order])).toEqual([
      ['Naam', true, 0],
      ['E-mail', true, 1],
      ['Haarlengte', false, 2],
    ]);
    // The first service's field is kept as it is: not changed in place.
    expect(fields[1]!.id).toBe('E-mail-1');
  });
  it('is empty without services', () => {
    expect(visitFields([])).toEqual([]);
  });
});

describe('sharedAgendas', () => {
  const anna = { id: 'a', name: 'Anna' };
  const bas = { id: 'b', name: 'Bas' };
  it('offers only the people every service has, in the first service order', () => {
    expect(sharedAgendas([{ agendas: [bas, anna] }, { agendas: [anna, bas] }])).toEqual([bas, anna]);
    expect(sharedAgendas([{ agendas: [anna, bas] }, { agendas: [bas, { id: 'c', name: 'Cor' }] }])).toEqual([
      bas,
    ]);
  });
  it('offers no one when a service has no choice of agendas', () => {
    expect(sharedAgendas([{ agendas: [anna, bas] }, { agendas: [] }])).toEqual([]);
    expect(sharedAgendas([])).toEqual([]);
  });
});

describe('visitPlan', () => {
  it('starts each segment when the one before ends, with the buffers between', () => {
    const plan = visitPlan(
      [
        { id: '1', title: 'Knippen', durationMinutes: 30, bufferBeforeMinutes: 0, bufferAfterMinutes: 5 },
        { id: '2', title: 'Föhnen', durationMinutes: 15, bufferBeforeMinutes: 10, bufferAfterMinutes: 0 },
      ],
      '09:30',
    );
    expect(plan).toEqual([
      { eventId: '1', title: 'Knippen', time: '09:30', endTime: '10:00' },
      { eventId: '2', title: 'Föhnen', time: '10:15', endTime: '10:30' },
    ]);
  });
});

describe('visitBody', () => {
  const fields = [field('Naam', 0, { isRequired: true }), field('E-mail', 1, { fieldType: 'email' })];
  it('sends the services in order, one start, the answers and the customer', () => {
    const body = visitBody(
      [
        { id: 'e1', policyText: null, textChannel: null },
        { id: 'e2', policyText: 'Annuleren kan tot 24 uur vooraf.', textChannel: null },
      ],
      fields,
      { Naam: ' Eva Jansen ', 'E-mail': 'eva@example.nl', Oud: 'x' },
      '2026-12-07',
      '10:00',
      null,
      true,
    );
    expect(body).toEqual({
      services: [{ eventId: 'e1' }, { eventId: 'e2' }],
      date: '2026-12-07',
      time: '10:00',
      answers: { Naam: 'Eva Jansen', 'E-mail': 'eva@example.nl' },
      customerName: 'Eva Jansen',
      customerEmail: 'eva@example.nl',
      customerPhone: null,
      acceptedPolicy: true,
    });
  });
  it('sends a chosen person, and no policy tick without a policy', () => {
    const body = visitBody(
      [{ id: 'e1', policyText: null, textChannel: null }],
      fields,
      { Naam: 'Eva' },
      '2026-12-07',
      '10:00',
      'a',
      true,
    );
    expect(body.agendaId).toBe('a');
    expect(body).not.toHaveProperty('acceptedPolicy');
  });
  it('sends the consent to texts only when the first service sends them', () => {
    const first = (textChannel: 'sms' | null) => [{ id: 'e1', policyText: null, textChannel }];
    const ask = (textChannel: 'sms' | null, consent: boolean) =>
      visitBody(first(textChannel), fields, { Naam: 'Eva' }, '2026-12-07', '10:00', null, false, consent);
    expect(ask('sms', true).textConsent).toBe(true);
    expect(ask(null, true)).not.toHaveProperty('textConsent');
    expect(ask('sms', false)).not.toHaveProperty('textConsent');
  });
});

describe('visit addresses', () => {
  it('keeps the services in order, each once, at most five', () => {
    const path = visitPath('salon lotte', ['knippen', 'fohnen'], true);
    expect(path).toBe('/p/salon%20lotte/bezoek?diensten=knippen%2Cfohnen&embed=true');
    expect(visitSlugs(path.split('?')[1]!)).toEqual(['knippen', 'fohnen']);
    expect(visitSlugs('diensten=a,b,a,,c,d,e,f')).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(visitSlugs('')).toEqual([]);
  });
  it('books in the months every service can hold a day in', () => {
    expect(
      visitMonths([
        { first: '2026-12', last: '2027-06' },
        { first: '2027-01', last: '2027-03' },
      ]),
    ).toEqual({ first: '2027-01', last: '2027-03' });
    expect(
      visitMonths([
        { first: '2027-02', last: '2027-03' },
        { first: '2026-12', last: '2027-01' },
      ]),
    ).toEqual({
      first: '2027-02',
      last: '2027-02',
    });
  });
});

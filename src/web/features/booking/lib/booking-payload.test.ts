import { describe, expect, it } from 'vitest';
import type { PublicEvent, PublicField } from '@contracts/public-booking';
import { bookingBody } from './booking-payload';

const fields: PublicField[] = [
  { id: 'f1', fieldName: 'Naam', fieldType: 'text', isRequired: true, order: 0 },
  { id: 'f2', fieldName: 'E-mail', fieldType: 'email', isRequired: true, order: 1 },
];
const answers = { Naam: 'Sanne', 'E-mail': 'sanne@example.nl' };
const event = (policyText: string | null) => ({ id: 'e1', policyText }) as PublicEvent;

describe('bookingBody', () => {
  it('carries acceptedPolicy for a service with a policy once it is ticked (free and paid alike)', () => {
    const body = bookingBody(
      event('Kosteloos tot 24 uur.'),
      fields,
      answers,
      '2026-12-07',
      '10:00',
      null,
      true,
    );
    expect(body).toMatchObject({ eventId: 'e1', bookingDate: '2026-12-07', acceptedPolicy: true });
  });

  it('leaves it out without a policy, and unticked', () => {
    expect(bookingBody(event(null), fields, answers, '2026-12-07', '10:00', null, true)).not.toHaveProperty(
      'acceptedPolicy',
    );
    expect(bookingBody(event('x'), fields, answers, '2026-12-07', '10:00', null)).not.toHaveProperty(
      'acceptedPolicy',
    );
  });

  it("carries a class booking's places when more than one (one is the server's default)", () => {
    const classEvent = event(null);
    expect(bookingBody(classEvent, fields, answers, '2026-12-07', '10:00', null, false, 2)).toMatchObject({
      seats: 2,
    });
    expect(
      bookingBody(classEvent, fields, answers, '2026-12-07', '10:00', null, false, 1),
    ).not.toHaveProperty('seats');
  });

  it('carries textConsent only when the service asks and the customer ticked it (free and paid alike)', () => {
    const texting = { ...event(null), textChannel: 'sms' } as PublicEvent;
    const at = [fields, answers, '2026-12-07', '10:00', null, false, 1, null] as const;
    expect(bookingBody(texting, ...at, true)).toMatchObject({ textConsent: true });
    expect(bookingBody(texting, ...at, false)).not.toHaveProperty('textConsent');
    expect(bookingBody({ ...texting, textChannel: null }, ...at, true)).not.toHaveProperty('textConsent');
  });
});

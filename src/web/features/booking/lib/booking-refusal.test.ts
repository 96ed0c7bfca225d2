import { describe, expect, it } from 'vitest';
import { nlPublicSteps as nl } from '@contracts/messages-public-steps';
import { bookingRefusal } from './booking-refusal';

const answer = (
  code: Parameters<typeof bookingRefusal>[0]['code'],
  serverMessage?: string,
  fields?: Record<string, string>,
) => ({
  code,
  serverMessage,
  fields,
});

describe('bookingRefusal', () => {
  it('sends a taken slot or a full day back to the times with the server’s message', () => {
    expect(bookingRefusal(answer('SLOT_TAKEN', 'Deze dag is vol.'))).toEqual({
      kind: 'slot',
      message: 'Deze dag is vol.',
    });
    expect(bookingRefusal(answer('SLOT_TAKEN'))).toEqual({ kind: 'slot', message: nl.booking.slotTaken });
  });

  it('sends a rule refusal on the date or the time back to the times', () => {
    const notice = 'Boeken kan tot 2 uur van tevoren.';
    expect(bookingRefusal(answer('VALIDATION', notice, { bookingTime: notice }))).toEqual({
      kind: 'slot',
      message: notice,
    });
    const closed = 'Op deze dag is Kerstvakantie: we zijn gesloten.';
    expect(bookingRefusal(answer('BAD_REQUEST', closed, { bookingDate: closed }))).toEqual({
      kind: 'slot',
      message: closed,
    });
  });

  it('stops at the policy checkbox when the server wants the policy accepted', () => {
    const m = nl.booking.policyRequired;
    expect(bookingRefusal(answer('VALIDATION', m, { acceptedPolicy: m }))).toEqual({
      kind: 'policy',
      message: m,
    });
  });

  it('leaves answers, payments and other failures to the caller', () => {
    expect(
      bookingRefusal(
        answer('VALIDATION', 'Naam: Dit veld is verplicht', { 'customFieldResponses.Naam': 'x' }),
      ),
    ).toBeNull();
    expect(bookingRefusal(answer('CONFLICT', 'Kon betaling niet initiëren.'))).toBeNull();
    expect(bookingRefusal(answer(undefined))).toBeNull();
    expect(bookingRefusal(answer('INTERNAL', 'x', { bookingTime: 'x' }))).toBeNull();
  });
});

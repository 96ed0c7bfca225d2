import { describe, expect, it } from 'vitest';
import { initialWizardState, stepsFor, wizardReducer, type PaymentSession } from './wizard-state';

describe('wizardReducer (docs/PRODUCT.md#booking-wizard)', () => {
  it('date -> time -> form, keeping the time only for the same day', () => {
    let s = wizardReducer(initialWizardState, { type: 'pickDate', date: '2026-12-07' });
    expect(s).toMatchObject({ step: 'time', date: '2026-12-07', time: null, moved: true });
    s = wizardReducer(s, { type: 'pickTime', time: '10:00' });
    expect(s).toMatchObject({ step: 'form', time: '10:00' });
    expect(wizardReducer(s, { type: 'pickDate', date: '2026-12-07' }).time).toBe('10:00');
    expect(wizardReducer(s, { type: 'pickDate', date: '2026-12-08' }).time).toBeNull();
  });

  it('keeps the typed phone digits and sends the stored form', () => {
    const s = wizardReducer(initialWizardState, {
      type: 'phone',
      field: 'Telefoon',
      value: { country: 'NL', digits: '0612345678' },
      stored: '+31612345678',
    });
    expect(s.phones.Telefoon).toEqual({ country: 'NL', digits: '0612345678' });
    expect(s.answers.Telefoon).toBe('+31612345678');
  });

  it('a taken slot sends the visitor back to the times without a time', () => {
    const s = wizardReducer(
      { ...initialWizardState, step: 'review', date: '2026-12-07', time: '10:00' },
      { type: 'slotTaken' },
    );
    expect(s).toMatchObject({ step: 'time', date: '2026-12-07', time: null });
  });

  it('a refused slot keeps its reason for the time step until another date or time is picked', () => {
    const refused = wizardReducer(
      { ...initialWizardState, step: 'review', date: '2026-12-07', time: '10:00' },
      { type: 'slotTaken', message: 'Deze dag is vol.' },
    );
    expect(refused).toMatchObject({ step: 'time', time: null, slotNotice: 'Deze dag is vol.' });
    expect(wizardReducer(refused, { type: 'goto', step: 'date' }).slotNotice).toBe('Deze dag is vol.');
    expect(wizardReducer(refused, { type: 'pickTime', time: '11:00' }).slotNotice).toBeNull();
    expect(wizardReducer(refused, { type: 'pickDate', date: '2026-12-08' }).slotNotice).toBeNull();
  });

  it('the policy tick clears its message; the message stays until then', () => {
    const refused = wizardReducer(initialWizardState, { type: 'policyError', message: 'Ga akkoord' });
    expect(refused).toMatchObject({ policyAccepted: false, policyError: 'Ga akkoord' });
    expect(wizardReducer(refused, { type: 'acceptPolicy', accepted: true })).toMatchObject({
      policyAccepted: true,
      policyError: null,
    });
  });

  it('a started payment shows the payment step; a taken slot drops it', () => {
    const payment = {
      clientSecret: 'pi_1_secret_2',
      publicKey: 'pk_test_1',
      expiresAt: '2026-12-07T09:15:00.000Z',
      managementToken: 't'.repeat(43),
      pending: {} as PaymentSession['pending'],
    };
    const review = { ...initialWizardState, step: 'review' as const, date: '2026-12-07', time: '10:00' };
    const paying = wizardReducer(review, { type: 'paymentStarted', payment });
    expect(paying).toMatchObject({ step: 'payment', payment, moved: true });
    expect(wizardReducer(paying, { type: 'goto', step: 'review' }).payment).toBe(payment);
    expect(wizardReducer(paying, { type: 'slotTaken' })).toMatchObject({
      step: 'time',
      time: null,
      payment: null,
    });
  });

  it('keeps the preference across steps; a time gone busy in it is dropped only while nothing changed', () => {
    const chosen = wizardReducer(
      { ...initialWizardState, step: 'date', date: '2026-12-07', time: '10:00', moved: true },
      { type: 'pickAgenda', agendaId: 'anna' },
    );
    expect(chosen).toMatchObject({ step: 'date', agendaId: 'anna', date: '2026-12-07', time: '10:00' });
    const gone = { type: 'timeGone', date: '2026-12-07', time: '10:00', agendaId: 'anna' } as const;
    expect(wizardReducer(chosen, gone)).toMatchObject({ agendaId: 'anna', date: '2026-12-07', time: null });
    // The answer came after the visitor changed the choice (or the time) again: it no longer applies.
    const back = wizardReducer(chosen, { type: 'pickAgenda', agendaId: null });
    expect(wizardReducer(back, gone).time).toBe('10:00');
    const other = wizardReducer(chosen, { type: 'pickTime', time: '11:00' });
    expect(wizardReducer(other, gone).time).toBe('11:00');
    expect(wizardReducer(chosen, { type: 'pickDate', date: '2026-12-08' }).agendaId).toBe('anna');
  });

  it('shows the payment step only for paid events', () => {
    expect(stepsFor(false)).toEqual(['date', 'time', 'form', 'review']);
    expect(stepsFor(true)).toEqual(['date', 'time', 'form', 'review', 'payment']);
  });

  it("keeps a class booking's places, one until chosen", () => {
    expect(initialWizardState.seats).toBe(1);
    const chosen = wizardReducer(initialWizardState, { type: 'seats', seats: 2 });
    expect(wizardReducer(chosen, { type: 'pickTime', time: '10:00' }).seats).toBe(2);
  });
});

import { describe, expect, it } from 'vitest';
import { initialWizardState, stepsFor, wizardReducer } from './wizard-state';

describe('wizardReducer (spec §4 Wizard)', () => {
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

  it('shows the payment step only for paid events', () => {
    expect(stepsFor(false)).toEqual(['date', 'time', 'form', 'review']);
    expect(stepsFor(true)).toEqual(['date', 'time', 'form', 'review', 'payment']);
  });
});

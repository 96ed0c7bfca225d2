import { describe, expect, it } from 'vitest';
import { nl } from '@contracts/messages';
import { eventResolver, eventTabOf, defaultEventValues, eventPayload } from './event-form-model';
import { errorEntries } from '@web/lib/form-errors';
import { newKey } from '@web/lib/schedule-form';
import { depositPreview, depositToValues } from '@web/lib/deposit-form';
import { amountForInput } from '@web/lib/amount-input';

const d = nl.deposits;
const paidValues = (patch: Record<string, unknown> = {}) => ({
  ...defaultEventValues(),
  title: 'Knippen',
  dateRangeStart: '2030-01-01',
  dateRangeEnd: '2030-02-01',
  customFields: [{ key: newKey(), fieldName: 'Naam', fieldType: 'text', isRequired: true }],
  requiresPayment: true,
  paymentAmount: '65,00',
  ...patch,
});
const messages = async (v: ReturnType<typeof paidValues>) =>
  Object.fromEntries(
    errorEntries(
      (await eventResolver(v, undefined, { fields: {}, shouldUseNativeValidation: false })).errors,
    ).map((e) => [e.path, e.message]),
  );

describe('deposit form', () => {
  it('shows a stored fixed deposit with a Dutch comma, as the price beside it', () => {
    expect(depositToValues({ depositType: 'fixed', depositValue: '20.00' }).depositValue).toBe('20,00');
    expect(amountForInput('85.00')).toBe('85,00');
    // And back: the payload sends what was typed; the contract reads the comma.
    expect(eventPayload(paidValues({ depositType: 'fixed', depositValue: '20,00' })).depositValue).toBe(
      '20,00',
    );
  });

  it('keeps the price of a service paid at the salon in the payload', () => {
    const payload = eventPayload(paidValues({ requiresPayment: false, paymentAmount: '30,00' }));
    expect(payload).toMatchObject({ requiresPayment: false, paymentAmount: '30,00', depositType: 'none' });
  });

  it('previews the split in the event’s currency the Dutch way', () => {
    expect(depositPreview({ ...paidValues(), depositType: 'fixed', depositValue: '20,00' })).toEqual({
      payNow: '€\u00a020,00',
      dueLater: '€\u00a045,00',
    });
    expect(
      depositPreview({ ...paidValues({ currency: 'USD' }), depositType: 'percent', depositValue: '30' }),
    ).toEqual({ payNow: 'US$\u00a019,50', dueLater: 'US$\u00a045,50' });
    // Nothing to preview without a deposit, without a price or for a deposit that cannot be charged.
    expect(depositPreview(paidValues())).toBeNull();
    expect(
      depositPreview({ ...paidValues({ paymentAmount: '' }), depositType: 'fixed', depositValue: '20' }),
    ).toBeNull();
    expect(depositPreview({ ...paidValues(), depositType: 'fixed', depositValue: '70' })).toBeNull();
  });

  it('checks the deposit with the server’s contract and shows it on the Betaling tab', async () => {
    expect(await messages(paidValues({ depositType: 'fixed', depositValue: '70' }))).toEqual({
      depositValue: d.abovePrice,
    });
    expect(await messages(paidValues({ depositType: 'percent', depositValue: '100' }))).toEqual({
      depositValue: d.percentRange,
    });
    expect(await messages(paidValues({ depositType: 'fixed', depositValue: '0,40' }))).toEqual({
      depositValue: d.belowMinimum,
    });
    expect(await messages(paidValues({ depositType: 'fixed', depositValue: '20,00' }))).toEqual({});
    expect(eventTabOf('depositValue')).toBe('betaling');
  });

  it('sends no deposit once payment is switched off, so a stale value never blocks saving', () => {
    const payload = eventPayload(
      paidValues({
        requiresPayment: false,
        depositType: 'fixed',
        depositValue: '999',
        depositFor: 'new_customers',
      }),
    );
    expect(payload).toMatchObject({ depositType: 'none', depositValue: null, depositFor: 'new_customers' });
    const on = eventPayload(paidValues({ depositType: 'percent', depositValue: ' 30 ' }));
    expect(on).toMatchObject({ depositType: 'percent', depositValue: '30', depositFor: 'everyone' });
  });
});

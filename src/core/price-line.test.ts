import { describe, expect, it } from 'vitest';
import { priceLine } from './price-line';

describe('priceLine (docs/PRODUCT.md#business-page)', () => {
  it('shows the price of a service paid online, in its currency', () => {
    expect(priceLine({ requiresPayment: true, paymentAmount: '25.00', currency: 'EUR' })).toEqual({
      kind: 'online',
      amount: '€\u00a025,00',
    });
    expect(priceLine({ requiresPayment: true, paymentAmount: '1250.5', currency: 'USD' })).toEqual({
      kind: 'online',
      amount: 'US$\u00a01.250,50',
    });
  });

  it('says the price is paid at the salon when one is set but not paid online', () => {
    expect(priceLine({ requiresPayment: false, paymentAmount: '40.00', currency: 'EUR' })).toEqual({
      kind: 'atSalon',
      amount: '€\u00a040,00',
    });
  });

  it('calls a service without a price free', () => {
    expect(priceLine({ requiresPayment: false, paymentAmount: null, currency: 'EUR' })).toEqual({
      kind: 'free',
    });
    expect(priceLine({ requiresPayment: false, paymentAmount: '0.00', currency: 'EUR' })).toEqual({
      kind: 'free',
    });
    // A paid service always has a price (the event contract demands one); a zero one is still nothing to pay.
    expect(priceLine({ requiresPayment: true, paymentAmount: '0', currency: 'EUR' })).toEqual({
      kind: 'free',
    });
  });
});

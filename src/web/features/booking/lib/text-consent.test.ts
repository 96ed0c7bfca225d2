import { describe, expect, it } from 'vitest';
import { nlPublicSteps as nl } from '@contracts/messages-public-steps';
import type { PublicField } from '@contracts/public-booking';
import { serverFieldErrors } from './booking-payload';
import { TEXT_CONSENT, textConsentError } from './text-consent';

const field = (fieldName: string, fieldType: string, order: number): PublicField => ({
  id: fieldName,
  fieldName,
  fieldType,
  isRequired: false,
  order,
});
const fields = [field('Naam', 'text', 0), field('Telefoon', 'phone', 1)];

describe('the text-message consent (docs/PRODUCT.md#text-messages)', () => {
  it("keeps a mobile number and refuses others with the server's words", () => {
    expect(textConsentError(fields, { Naam: 'Eva', Telefoon: '+31612345678' })).toBeUndefined();
    expect(textConsentError(fields, { Naam: 'Eva', Telefoon: '+32470123456' })).toBeUndefined();
    expect(textConsentError(fields, { Naam: 'Eva', Telefoon: '+31201234567' })).toBe(
      nl.booking.textConsentNotMobile,
    );
    expect(textConsentError(fields, { Naam: 'Eva', Telefoon: '' })).toBe(nl.booking.textConsentNeedsPhone);
    expect(textConsentError([field('Naam', 'text', 0)], { Naam: 'Eva' })).toBe(
      nl.booking.textConsentNeedsPhone,
    );
  });

  it("takes the server's refusal of the consent back to the form step", () => {
    const message = nl.booking.textConsentNotMobile;
    expect(serverFieldErrors({ textConsent: message, 'customFieldResponses.Naam': 'x', seats: 'y' })).toEqual(
      {
        [TEXT_CONSENT]: message,
        Naam: 'x',
      },
    );
  });
});

import { describe, expect, it } from 'vitest';
import { ApiError } from '@web/lib/api-client';
import { consentText, dayText, emailTakenBy, tagsFromText } from './customer-text';

const ZONE = 'Europe/Amsterdam';

describe('customer texts', () => {
  it('writes a day in the business zone, or that there was none', () => {
    expect(dayText('2026-03-01T23:30:00Z', ZONE)).toBe('2 mrt. 2026');
    expect(dayText(null, ZONE)).toBe('Nog niet');
  });

  it('says when and how the consent was given', () => {
    expect(
      consentText(
        {
          marketingConsent: true,
          marketingConsentAt: '2026-03-01T10:00:00Z',
          marketingConsentSource: 'import',
        },
        ZONE,
      ),
    ).toBe('Toestemming gegeven op 1 mrt. 2026, via een import');
    expect(
      consentText({ marketingConsent: false, marketingConsentAt: null, marketingConsentSource: null }, ZONE),
    ).toBe('Geen toestemming');
  });

  it('splits tags on commas', () => {
    expect(tagsFromText(' a ,b,, c ')).toEqual(['a', 'b', 'c']);
  });

  it('finds the other customer of a 409 on the address, and nothing in other failures', () => {
    const taken = new ApiError(
      409,
      'Conflict',
      JSON.stringify({
        code: 'CONFLICT',
        message: 'Dit e-mailadres hoort al bij Bram.',
        details: { customerId: 'c2', customerName: 'Bram' },
      }),
    );
    expect(emailTakenBy(taken)).toEqual({ customerId: 'c2', customerName: 'Bram' });
    expect(
      emailTakenBy(new ApiError(400, 'Bad Request', '{"code":"VALIDATION_ERROR","message":"x"}')),
    ).toBeNull();
    expect(emailTakenBy(new ApiError(409, 'Conflict', '{"code":"CONFLICT","message":"x"}'))).toBeNull();
    expect(emailTakenBy(new TypeError('offline'))).toBeNull();
  });
});

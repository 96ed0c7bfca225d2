import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { COUNTRIES, DEFAULT_COUNTRY, findCountry } from './countries';
import { digitsOnly, isValidPhoneDigits, isValidStoredPhone, splitStoredPhone, toStoredPhone } from './phone';

describe('COUNTRIES', () => {
  it('starts with NL and holds unique codes with up to 3-digit calling codes', () => {
    expect(DEFAULT_COUNTRY).toBe('NL');
    expect(COUNTRIES[0]).toEqual({ code: 'NL', name: 'Nederland', callingCode: '31' });
    expect(COUNTRIES.length).toBeGreaterThanOrEqual(40);
    expect(new Set(COUNTRIES.map((c) => c.code)).size).toBe(COUNTRIES.length);
    for (const c of COUNTRIES) expect(c.callingCode).toMatch(/^[1-9]\d{0,2}$/);
    for (const code of ['BE', 'DE', 'SR', 'CW', 'AW', 'MA', 'TR', 'US', 'CA'])
      expect(findCountry(code)).toBeDefined();
    expect(findCountry('be')?.name).toBe('België');
    expect(findCountry('XX')).toBeUndefined();
  });
});

describe('phone digits', () => {
  it('strips non-digits and caps at 15 digits', () => {
    expect(digitsOnly('06-12 34 56 78')).toBe('0612345678');
    expect(digitsOnly('+31 (0)6 1234')).toBe('31061234');
    expect(digitsOnly('1234567890123456789')).toBe('123456789012345');
    expect(digitsOnly('abc')).toBe('');
  });

  it('requires 8-15 digits', () => {
    expect(isValidPhoneDigits('1234567')).toBe(false);
    expect(isValidPhoneDigits('12345678')).toBe(true);
    expect(isValidPhoneDigits('123456789012345')).toBe(true);
    expect(isValidPhoneDigits('1234567890123456')).toBe(false);
    expect(isValidPhoneDigits('1234 5678')).toBe(false);
  });
});

describe('toStoredPhone', () => {
  it('prefixes the calling code and drops one national leading 0', () => {
    expect(toStoredPhone('NL', '0612345678')).toBe('+31612345678');
    expect(toStoredPhone('NL', '612345678')).toBe('+31612345678');
    expect(toStoredPhone('NL', '06-123 456 78')).toBe('+31612345678');
    expect(toStoredPhone('BE', '0470123456')).toBe('+32470123456');
    expect(toStoredPhone('DE', '015112345678')).toBe('+4915112345678');
    expect(toStoredPhone('SR', '8612345')).toBe('+5978612345');
    expect(toStoredPhone('US', '2025550123')).toBe('+12025550123');
  });

  it('keeps the leading 0 where it is part of the international number, or when too few digits remain', () => {
    expect(toStoredPhone('IT', '0612345678')).toBe('+390612345678');
    expect(toStoredPhone('NL', '01234567')).toBe('+3101234567');
  });

  it('is empty without digits and falls back to NL for unknown countries', () => {
    expect(toStoredPhone('NL', '')).toBe('');
    expect(toStoredPhone('NL', ' - ')).toBe('');
    expect(toStoredPhone('XX', '0612345678')).toBe('+31612345678');
  });
});

describe('stored phone values', () => {
  it('validates', () => {
    expect(isValidStoredPhone('+31612345678')).toBe(true);
    expect(isValidStoredPhone('+3101234567')).toBe(true);
    expect(isValidStoredPhone('+12025550123')).toBe(true);
    expect(isValidStoredPhone('31612345678')).toBe(false);
    expect(isValidStoredPhone('+31 612345678')).toBe(false);
    expect(isValidStoredPhone('+311234567')).toBe(false); // NL with only 7 national digits
    expect(isValidStoredPhone('+3112345678901234567')).toBe(false);
    expect(isValidStoredPhone('')).toBe(false);
  });

  it('splits back into country and digits (longest calling code, first listed on ties)', () => {
    expect(splitStoredPhone('+31612345678')).toEqual({ country: 'NL', digits: '612345678', known: true });
    expect(splitStoredPhone('+351912345678')).toEqual({ country: 'PT', digits: '912345678', known: true });
    expect(splitStoredPhone('+12025550123')).toEqual({ country: 'US', digits: '2025550123', known: true });
    expect(splitStoredPhone('+5999123456')).toEqual({ country: 'CW', digits: '9123456', known: true });
    expect(splitStoredPhone('0612345678')).toEqual({ country: 'NL', digits: '0612345678', known: false });
    expect(splitStoredPhone('+8881234567')).toEqual({ country: 'NL', digits: '8881234567', known: false });
    expect(splitStoredPhone('')).toEqual({ country: 'NL', digits: '', known: false });
  });

  const country = fc.constantFrom(...COUNTRIES.map((c) => c.code));
  const national = fc.stringMatching(/^[1-9]\d{7,14}$/);

  it('every valid typed number yields a valid stored value (property)', () => {
    fc.assert(
      fc.property(country, fc.stringMatching(/^\d{8,15}$/), (c, digits) => {
        expect(isValidStoredPhone(toStoredPhone(c, digits))).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('split(toStored(country, digits)) gives back the digits and the calling code (property)', () => {
    fc.assert(
      fc.property(country, national, fc.boolean(), (c, digits, typedTrunkZero) => {
        const stored = toStoredPhone(c, typedTrunkZero && c !== 'IT' ? `0${digits}`.slice(0, 15) : digits);
        const split = splitStoredPhone(stored);
        expect(findCountry(split.country)?.callingCode).toBe(findCountry(c)?.callingCode);
        if (!typedTrunkZero || digits.length < 15) expect(split.digits).toBe(digits);
        expect(toStoredPhone(split.country, split.digits)).toBe(stored);
      }),
      { numRuns: 300 },
    );
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { COUNTRIES, DEFAULT_COUNTRY, findCountry } from './countries';
import {
  digitsOnly,
  phoneSearchVariants,
  formatPhone,
  isValidPhoneDigits,
  isValidStoredPhone,
  pickedPhone,
  splitStoredPhone,
  toStoredPhone,
  typedPhone,
} from './phone';

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

describe('a number typed with its own country code', () => {
  it('keeps that code whatever country is picked', () => {
    expect(toStoredPhone('NL', '+44 7700 900123')).toBe('+447700900123');
    expect(toStoredPhone('NL', '0044 7700 900123')).toBe('+447700900123');
    expect(toStoredPhone('BE', '+31 6 1234 5678')).toBe('+31612345678');
    expect(toStoredPhone('NL', '0031612345678')).toBe('+31612345678');
    expect(toStoredPhone('NL', '+32 470 12 34 56')).toBe('+32470123456');
    expect(toStoredPhone('NL', '+1 (202) 555-0123')).toBe('+12025550123');
  });

  it('leaves out the trunk 0 written after the code, except where it is dialled (Italy)', () => {
    expect(toStoredPhone('NL', '+31 (0)6 1234 5678')).toBe('+31612345678');
    expect(toStoredPhone('NL', '+31 06 12345678')).toBe('+31612345678');
    expect(toStoredPhone('NL', '0031 (0)20 123 4567')).toBe('+31201234567');
    expect(toStoredPhone('NL', '+39 06 1234 5678')).toBe('+390612345678');
  });

  it('is empty for a bare prefix, and a number too short for its code stays invalid', () => {
    expect(toStoredPhone('NL', '+')).toBe('');
    expect(toStoredPhone('NL', '00')).toBe('');
    expect(isValidStoredPhone(toStoredPhone('NL', '+31 6 123'))).toBe(false);
  });

  it('keeps national numbers in every usual Dutch spelling', () => {
    for (const typed of ['0612345678', '06 12345678', '06-12 34 56 78', '(06) 1234 5678', '612345678'])
      expect(toStoredPhone('NL', typed)).toBe('+31612345678');
    expect(toStoredPhone('NL', '020-1234567')).toBe('+31201234567');
    expect(toStoredPhone('NL', '0570 123456')).toBe('+31570123456');
  });

  it('typing keeps digits and a leading + or 00, at most 15 digits after it', () => {
    expect(typedPhone('+44 7700 900123')).toBe('+447700900123');
    expect(typedPhone('06-1234 5678')).toBe('0612345678');
    expect(typedPhone('0044 7700')).toBe('00447700');
    expect(typedPhone('1+2')).toBe('12');
    expect(typedPhone('+1234567890123456789')).toBe('+123456789012345');
    expect(typedPhone('abc')).toBe('');
  });
});

describe('pickedPhone', () => {
  it('lets the country picker follow a typed country code', () => {
    expect(pickedPhone('NL', '+447700900123')).toEqual({ country: 'GB', digits: '7700900123' });
    expect(pickedPhone('NL', '0032470123456')).toEqual({ country: 'BE', digits: '470123456' });
    expect(pickedPhone('NL', '+310612345678')).toEqual({ country: 'NL', digits: '612345678' });
    expect(pickedPhone('CA', '+14165550123')).toEqual({ country: 'CA', digits: '4165550123' });
  });
  it('leaves national and unknown numbers as typed', () => {
    expect(pickedPhone('BE', '0470123456')).toEqual({ country: 'BE', digits: '0470123456' });
    expect(pickedPhone('NL', '+8881234567')).toEqual({ country: 'NL', digits: '+8881234567' });
    expect(pickedPhone('NL', '')).toEqual({ country: 'NL', digits: '' });
  });
});

describe('formatPhone', () => {
  it('writes Dutch numbers the Dutch way', () => {
    expect(formatPhone('+31612345678')).toBe('06 12345678');
    expect(formatPhone('+31201234567')).toBe('020 1234567');
    expect(formatPhone('+31101234567')).toBe('010 1234567');
    expect(formatPhone('+31570123456')).toBe('0570 123456');
    expect(formatPhone('+31881234567')).toBe('088 1234567');
    expect(formatPhone('+31800123456')).toBe('0800 123456');
  });

  it('writes other numbers with their country code, grouped as there', () => {
    expect(formatPhone('+447700900123')).toBe('+44 7700 900123');
    expect(formatPhone('+442079460958')).toBe('+44 20 7946 0958');
    expect(formatPhone('+32470123456')).toBe('+32 470 12 34 56');
    expect(formatPhone('+3221234567')).toBe('+32 2 123 45 67');
    expect(formatPhone('+33612345678')).toBe('+33 6 12 34 56 78');
    expect(formatPhone('+4915112345678')).toBe('+49 151 12345678');
    expect(formatPhone('+12025550123')).toBe('+1 202 555 0123');
    expect(formatPhone('+905321234567')).toBe('+90 532 123 4567');
  });

  it('a Dutch number of unusual length still reads with its code; anything else stays as it is', () => {
    expect(formatPhone('+3101234567')).toBe('+31 0123 4567');
    expect(formatPhone('+8881234567')).toBe('+8881234567');
    expect(formatPhone('+5978612345')).toBe('+5978612345'); // 7 national digits: not a valid stored number
    expect(formatPhone('06 1234 5678 (na 18 uur)')).toBe('06 1234 5678 (na 18 uur)');
    expect(formatPhone('')).toBe('');
  });

  it('a formatted number is read back as the same stored number (property)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...COUNTRIES.map((c) => c.code)),
        fc.stringMatching(/^[1-9]\d{7,11}$/),
        (c, digits) => {
          const stored = toStoredPhone(c, digits);
          expect(toStoredPhone('NL', formatPhone(stored))).toBe(stored);
        },
      ),
      { numRuns: 300 },
    );
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
      // '00' in front is the international prefix, read as the start of a country code.
      fc.property(country, fc.stringMatching(/^(0?[1-9]|[1-9])\d{7,13}$/), (c, digits) => {
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

describe('phoneSearchVariants', () => {
  it('finds a stored +31 number from a national one, with or without spaces', () => {
    expect(phoneSearchVariants('0612')).toEqual(['+31612', '0612']);
    expect(phoneSearchVariants('06 12 34')).toEqual(['+3161234', '061234']);
    expect(phoneSearchVariants('0044 7700')).toEqual(['+447700']);
    expect(phoneSearchVariants('+31 6 1234')).toEqual(['+3161234']);
    expect(phoneSearchVariants('612345')).toEqual(['612345']);
  });

  it('is empty for a name or a part too short to mean a number', () => {
    expect(phoneSearchVariants('Anna')).toEqual([]);
    expect(phoneSearchVariants('06')).toEqual([]);
    expect(phoneSearchVariants('anna@example.nl')).toEqual([]);
  });
});

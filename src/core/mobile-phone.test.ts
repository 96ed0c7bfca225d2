import { describe, expect, it } from 'vitest';
import { isMobileNumber, mobileNumberProblem } from './mobile-phone';
import { toStoredPhone } from './phone';

describe('mobileNumberProblem', () => {
  it('accepts Dutch mobile numbers however they were typed', () => {
    for (const typed of ['06 12345678', '+31 6 1234 5678', '0031612345678', '+31 (0)6-12345678'])
      expect(mobileNumberProblem(toStoredPhone('NL', typed)), typed).toBeNull();
  });

  it('refuses Dutch landlines, service and machine numbers as not mobile', () => {
    for (const stored of ['+31101234567', '+31201234567', '+31881234567', '+31851234567', '+31970123456'])
      expect(mobileNumberProblem(stored), stored).toBe('notMobile');
  });

  it('refuses a Dutch 06 number of the wrong length', () => {
    expect(mobileNumberProblem('+3161234567')).toBe('notMobile');
    expect(mobileNumberProblem('+316123456789')).toBe('notMobile');
  });

  it('knows the mobile ranges of the neighbouring countries', () => {
    expect(mobileNumberProblem('+32470123456')).toBeNull();
    expect(mobileNumberProblem('+3221234567')).toBe('notMobile');
    expect(mobileNumberProblem('+4915112345678')).toBeNull();
    expect(mobileNumberProblem('+493012345678')).toBe('notMobile');
    expect(mobileNumberProblem('+33612345678')).toBeNull();
    expect(mobileNumberProblem('+33145678901')).toBe('notMobile');
    expect(mobileNumberProblem('+447700900123')).toBeNull();
    expect(mobileNumberProblem('+442071234567')).toBe('notMobile');
  });

  it('leaves countries without known ranges to the provider', () => {
    expect(mobileNumberProblem('+905321234567')).toBeNull(); // Turkey
    expect(isMobileNumber('+12025550123')).toBe(true);
  });

  it('calls anything that is not a stored number invalid', () => {
    for (const value of ['', '0612345678', '+31', 'abc', '+31 6 1234 5678'])
      expect(mobileNumberProblem(value), value).toBe('invalid');
  });
});

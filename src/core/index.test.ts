import { describe, expect, it } from 'vitest';
import * as core from './index';

describe('index', () => {
  it('re-exports the public API', () => {
    for (const name of [
      'parseTime',
      'formatTime',
      'isValidDate',
      'addDays',
      'weekdayOf',
      'compareDates',
      'zonedTimeToUtc',
      'utcToZoned',
      'todayInZone',
      'isValidTimeZone',
      'availableDates',
      'slotsForDay',
      'slotsForDate',
      'isBookableSlot',
      'slotEnd',
      'totalSlots',
      'occupancy',
      'occupancyVariant',
      'countsAsBooked',
      'eventPeriod',
      'matchesPeriod',
      'matchesPayment',
      'matchesCategory',
      'matchesSearch',
      'parseAmountToCents',
      'centsToAmount',
      'formatEuro',
      'revenueCents',
      'dateSummary',
      'formatLongDutchDate',
      'formatShortDutchDate',
      'badgeTextColor',
      'isHexColor',
      'digitsOnly',
      'isValidPhoneDigits',
      'toStoredPhone',
      'isValidStoredPhone',
      'splitStoredPhone',
      'defaultWorkingDays',
      'statsPeriodRange',
    ]) {
      expect(typeof (core as Record<string, unknown>)[name], name).toBe('function');
    }
    expect(core.DEFAULT_COLOR).toBe('#3B82F6');
    expect(core.DEFAULT_COUNTRY).toBe('NL');
    expect(core.DEFAULT_DURATION).toBe(30);
    expect(core.COUNTRIES.length).toBeGreaterThan(0);
  });
});

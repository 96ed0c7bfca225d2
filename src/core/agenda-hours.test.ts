import { describe, expect, it } from 'vitest';
import {
  absenceOn,
  absentAt,
  agendaWindows,
  fitsWindows,
  workingFirst,
  type AgendaHours,
} from './agenda-hours';

// 2026-12-07 is a Monday, 2026-12-08 a Tuesday, 2026-12-13 a Sunday.
const MONDAY = '2026-12-07';
const TUESDAY = '2026-12-08';
const SUNDAY = '2026-12-13';
const h = (hh: number, mm = 0) => hh * 60 + mm;

const week: AgendaHours = {
  workingDays: {
    '1': { enabled: true, startTime: '09:00', endTime: '17:00' },
    '2': { enabled: true, startTime: '12:00', endTime: '20:00' },
    '0': { enabled: false, startTime: '09:00', endTime: '17:00' },
  },
  dailyPauseTimes: {
    '1': [
      { start: '12:00', end: '12:30' },
      { start: '15:00', end: '15:15' },
    ],
  },
};

describe('agendaWindows', () => {
  it('is null without own hours or absences: the service alone decides', () => {
    expect(agendaWindows(null, MONDAY)).toBeNull();
    expect(agendaWindows(undefined, MONDAY)).toBeNull();
    expect(agendaWindows({}, MONDAY)).toBeNull();
    expect(agendaWindows({ workingDays: null, absences: [] }, MONDAY)).toBeNull();
    // An absence on another date limits nothing today.
    expect(agendaWindows({ absences: [{ startDate: TUESDAY, endDate: TUESDAY }] }, MONDAY)).toBeNull();
  });

  it('is the day’s hours without its pauses', () => {
    expect(agendaWindows(week, MONDAY)).toEqual([
      [h(9), h(12)],
      [h(12, 30), h(15)],
      [h(15, 15), h(17)],
    ]);
    expect(agendaWindows(week, TUESDAY)).toEqual([[h(12), h(20)]]);
  });

  it('is empty on a day off, a disabled day or a day the week leaves out', () => {
    expect(agendaWindows(week, SUNDAY)).toEqual([]);
    expect(agendaWindows(week, '2026-12-09')).toEqual([]);
  });

  it('takes an hour absence out of the day, and the whole day for a whole-day absence', () => {
    const doctor = { startDate: MONDAY, endDate: MONDAY, startTime: '10:00', endTime: '11:00' };
    expect(agendaWindows({ ...week, absences: [doctor] }, MONDAY)).toEqual([
      [h(9), h(10)],
      [h(11), h(12)],
      [h(12, 30), h(15)],
      [h(15, 15), h(17)],
    ]);
    // Without own hours the absence still limits: the rest of the day stays open.
    expect(agendaWindows({ absences: [doctor] }, MONDAY)).toEqual([
      [0, h(10)],
      [h(11), h(24)],
    ]);
    const holiday = { startDate: '2026-12-01', endDate: TUESDAY };
    expect(agendaWindows({ ...week, absences: [holiday] }, MONDAY)).toEqual([]);
    expect(agendaWindows({ absences: [holiday] }, TUESDAY)).toEqual([]);
    expect(agendaWindows({ absences: [holiday] }, '2026-12-09')).toBeNull();
  });

  it('an hour absence over a pause or past the day’s end cuts only what is there', () => {
    const over = { startDate: MONDAY, endDate: MONDAY, startTime: '11:30', endTime: '13:00' };
    expect(agendaWindows({ ...week, absences: [over] }, MONDAY)).toEqual([
      [h(9), h(11, 30)],
      [h(13), h(15)],
      [h(15, 15), h(17)],
    ]);
    const late = { startDate: MONDAY, endDate: MONDAY, startTime: '16:00', endTime: '23:00' };
    expect(agendaWindows({ ...week, absences: [late] }, MONDAY)!.at(-1)).toEqual([h(15, 15), h(16)]);
  });
});

describe('fitsWindows', () => {
  const windows = agendaWindows(week, MONDAY);
  it('fits a booking inside one window, edges included', () => {
    expect(fitsWindows(windows, h(9), 60)).toBe(true);
    expect(fitsWindows(windows, h(11), 60)).toBe(true);
    expect(fitsWindows(windows, h(16), 60)).toBe(true);
  });
  it('refuses one across a pause, before the start or after the end', () => {
    expect(fitsWindows(windows, h(11, 30), 60)).toBe(false);
    expect(fitsWindows(windows, h(14, 30), 45)).toBe(false);
    expect(fitsWindows(windows, h(8, 30), 60)).toBe(false);
    expect(fitsWindows(windows, h(16, 30), 60)).toBe(false);
  });
  it('fits anything without limits, nothing on a day off', () => {
    expect(fitsWindows(null, h(3), 600)).toBe(true);
    expect(fitsWindows([], h(10), 15)).toBe(false);
  });
});

describe('absentAt and absenceOn', () => {
  const doctor = { startDate: MONDAY, endDate: MONDAY, startTime: '10:00', endTime: '11:00' };
  const holiday = { startDate: TUESDAY, endDate: '2026-12-10', startTime: null, endTime: null };
  it('covers the dates of a range, both ends included', () => {
    expect(absenceOn(holiday, TUESDAY)).toBe(true);
    expect(absenceOn(holiday, '2026-12-10')).toBe(true);
    expect(absenceOn(holiday, MONDAY)).toBe(false);
    expect(absenceOn(holiday, '2026-12-11')).toBe(false);
  });
  it('is absent for a booking that overlaps the hours [start, end)', () => {
    expect(absentAt([doctor], MONDAY, h(10), 30)).toBe(true);
    expect(absentAt([doctor], MONDAY, h(9, 30), 45)).toBe(true);
    expect(absentAt([doctor], MONDAY, h(10, 45), 60)).toBe(true);
  });
  it('is not absent for a booking that only touches the hours, or on another date', () => {
    expect(absentAt([doctor], MONDAY, h(9), 60)).toBe(false);
    expect(absentAt([doctor], MONDAY, h(11), 60)).toBe(false);
    expect(absentAt([doctor], TUESDAY, h(10), 30)).toBe(false);
  });
  it('is absent all day on a whole-day absence, and never without absences', () => {
    expect(absentAt([holiday], '2026-12-09', 0, 15)).toBe(true);
    expect(absentAt([holiday], '2026-12-09', h(23, 45), 15)).toBe(true);
    expect(absentAt(undefined, MONDAY, h(10), 30)).toBe(false);
    expect(absentAt([], MONDAY, h(10), 30)).toBe(false);
  });
});

describe('workingFirst', () => {
  const off = { workingDays: { '1': { enabled: false, startTime: '09:00', endTime: '17:00' } } };
  const monday = '2027-03-01';
  it('keeps the agendas that work then, or all of them when none does', () => {
    expect(workingFirst(['a', 'b'], [off, null], monday, 600, 30)).toEqual(['b']);
    expect(workingFirst(['a', 'b'], [off, off], monday, 600, 30)).toEqual(['a', 'b']);
    expect(workingFirst(['a', 'b'], undefined, monday, 600, 30)).toEqual(['a', 'b']);
  });
});

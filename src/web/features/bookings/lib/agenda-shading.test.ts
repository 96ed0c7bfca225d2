import { describe, expect, it } from 'vitest';
import { agendaDayText, agendaShades, worksOn } from './agenda-shading';

// 2026-12-07 is a Monday, 2026-12-08 a Tuesday.
const MONDAY = '2026-12-07';
const TUESDAY = '2026-12-08';
const mila = {
  workingDays: { '1': { enabled: true, startTime: '09:00', endTime: '17:00' } },
  dailyPauseTimes: { '1': [{ start: '12:00', end: '12:30' }] },
};
const noHours = { workingDays: null, dailyPauseTimes: null };
const course = { startDate: MONDAY, endDate: MONDAY, startTime: '14:00', endTime: '15:00' };
const holiday = { startDate: TUESDAY, endDate: TUESDAY, startTime: null, endTime: null };

describe('agendaShades', () => {
  it('shades nothing without own hours or absences', () => {
    expect(agendaShades(noHours, [], MONDAY)).toEqual([]);
    expect(agendaShades(noHours, [holiday], MONDAY)).toEqual([]);
  });
  it('shades before and after the hours and the pauses, and the absences over them', () => {
    expect(agendaShades(mila, [course], MONDAY)).toEqual([
      { start: 0, end: 540, kind: 'off' },
      { start: 720, end: 750, kind: 'off' },
      { start: 1020, end: 1440, kind: 'off' },
      { start: 840, end: 900, kind: 'absent' },
    ]);
  });
  it('shades a day off and a whole-day absence entirely', () => {
    expect(agendaShades(mila, [], TUESDAY)).toEqual([{ start: 0, end: 1440, kind: 'off' }]);
    expect(agendaShades(noHours, [holiday], TUESDAY)).toEqual([{ start: 0, end: 1440, kind: 'absent' }]);
  });
});

describe('worksOn and agendaDayText', () => {
  it('tells the day’s hours, pauses and absences in Dutch', () => {
    expect(agendaDayText(mila, [course], MONDAY)).toBe('09:00–17:00, pauze 12:00–12:30, afwezig 14:00–15:00');
    expect(agendaDayText(mila, [], TUESDAY)).toBe('Vrij');
    expect(agendaDayText(noHours, [holiday], TUESDAY)).toBe('Afwezig');
    expect(agendaDayText(noHours, [], MONDAY)).toBe('');
  });
  it('works unless the week has the day off or an absence takes it all', () => {
    expect(worksOn(mila, [course], MONDAY)).toBe(true);
    expect(worksOn(mila, [], TUESDAY)).toBe(false);
    expect(worksOn(noHours, [holiday], TUESDAY)).toBe(false);
    expect(worksOn(noHours, [], TUESDAY)).toBe(true);
  });
});

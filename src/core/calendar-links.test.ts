import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  appointmentInstants,
  calendarTitle,
  googleCalendarUrl,
  outlookCalendarUrl,
  type CalendarAppointment,
} from './calendar-links';

const base: CalendarAppointment = {
  title: 'Knippen bij Salon Mooi',
  details: 'Wijzigen of annuleren: https://afspraken.example/booking/manage/abc',
  date: '2026-06-15',
  time: '10:30',
  durationMinutes: 45,
  timeZone: 'Europe/Amsterdam',
};

const paramsOf = (url: string) => new URL(url).searchParams;

describe('appointmentInstants', () => {
  it('reads the wall-clock time in the owner’s zone (summer time: UTC+2)', () => {
    const { start, end } = appointmentInstants(base);
    expect(start.toISOString()).toBe('2026-06-15T08:30:00.000Z');
    expect(end.toISOString()).toBe('2026-06-15T09:15:00.000Z');
  });

  it('follows the zone across the DST days', () => {
    // 29 March 2026: Amsterdam goes from UTC+1 to UTC+2 at 02:00.
    const spring = { ...base, date: '2026-03-29' };
    expect(appointmentInstants({ ...spring, time: '01:30' }).start.toISOString()).toBe(
      '2026-03-29T00:30:00.000Z',
    );
    expect(appointmentInstants({ ...spring, time: '09:00' }).start.toISOString()).toBe(
      '2026-03-29T07:00:00.000Z',
    );
    // 25 October 2026: back to UTC+1; an appointment over the change lasts its real minutes.
    const autumn = { ...base, date: '2026-10-25', time: '01:30', durationMinutes: 120 };
    const { start, end } = appointmentInstants(autumn);
    expect(start.toISOString()).toBe('2026-10-24T23:30:00.000Z');
    expect(end.getTime() - start.getTime()).toBe(120 * 60_000);
    expect(appointmentInstants({ ...autumn, time: '09:00' }).start.toISOString()).toBe(
      '2026-10-25T08:00:00.000Z',
    );
  });

  it('uses the owner’s zone, not a fixed one', () => {
    const ny = { ...base, timeZone: 'America/New_York', date: '2026-01-10', time: '09:00' };
    expect(appointmentInstants(ny).start.toISOString()).toBe('2026-01-10T14:00:00.000Z');
  });

  it('crosses midnight and the year end in UTC', () => {
    const late = { ...base, date: '2026-12-31', time: '23:30', durationMinutes: 60, timeZone: 'UTC' };
    expect(appointmentInstants(late).end.toISOString()).toBe('2027-01-01T00:30:00.000Z');
  });
});

describe('googleCalendarUrl', () => {
  it('fills Google’s template with UTC stamps', () => {
    const url = googleCalendarUrl(base);
    expect(url.startsWith('https://calendar.google.com/calendar/render?action=TEMPLATE&')).toBe(true);
    const p = paramsOf(url);
    expect(p.get('action')).toBe('TEMPLATE');
    expect(p.get('text')).toBe(base.title);
    expect(p.get('dates')).toBe('20260615T083000Z/20260615T091500Z');
    expect(p.get('details')).toBe(base.details);
  });

  it('percent-encodes what would break the query (&, #, +, line breaks, accents)', () => {
    const tricky = { ...base, title: 'Föhnen & knippen #1 + baard', details: 'regel 1\nregel 2 ?x=1&y=2' };
    const url = googleCalendarUrl(tricky);
    expect(url).not.toContain(' ');
    expect(url).not.toContain('\n');
    expect(url).toContain('text=F%C3%B6hnen%20%26%20knippen%20%231%20%2B%20baard');
    const p = paramsOf(url);
    expect(p.get('text')).toBe(tricky.title);
    expect(p.get('details')).toBe(tricky.details);
  });
});

describe('outlookCalendarUrl', () => {
  it('fills Outlook’s compose page with ISO UTC times', () => {
    const url = outlookCalendarUrl(base);
    expect(url.startsWith('https://outlook.live.com/calendar/0/action/compose?')).toBe(true);
    const p = paramsOf(url);
    expect(p.get('subject')).toBe(base.title);
    expect(p.get('startdt')).toBe('2026-06-15T08:30:00Z');
    expect(p.get('enddt')).toBe('2026-06-15T09:15:00Z');
    expect(p.get('body')).toBe(base.details);
  });

  it('never writes a space as +, which Outlook would show', () => {
    expect(outlookCalendarUrl(base)).toContain('subject=Knippen%20bij%20Salon%20Mooi');
  });

  it('round-trips any title and details', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (title, details) => {
        const p = paramsOf(outlookCalendarUrl({ ...base, title, details }));
        expect(p.get('subject')).toBe(title);
        expect(p.get('body')).toBe(details);
        const g = paramsOf(googleCalendarUrl({ ...base, title, details }));
        expect(g.get('text')).toBe(title);
        expect(g.get('details')).toBe(details);
      }),
    );
  });
});

describe('calendarTitle', () => {
  const pattern = '{event} bij {business}';
  it('names the business when it has a name', () => {
    expect(calendarTitle('Knippen', 'Salon Mooi', pattern)).toBe('Knippen bij Salon Mooi');
  });
  it('is the service alone without a name', () => {
    expect(calendarTitle('Knippen', null, pattern)).toBe('Knippen');
    expect(calendarTitle('Knippen', '   ', pattern)).toBe('Knippen');
  });
  it('leaves placeholders inside the names alone', () => {
    expect(calendarTitle('{business} $&', 'A {event}', pattern)).toBe('{business} $& bij A {event}');
  });
});

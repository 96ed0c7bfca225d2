import { describe, expect, it } from 'vitest';
import { refusalError } from './slot-rules';

const notice = (minimumNoticeMinutes: number) =>
  refusalError({ rule: 'notice' }, { minimumNoticeMinutes }).message;

describe('refusalError', () => {
  it('names the minimum notice in whole days, hours or minutes, singular where Dutch says so', () => {
    expect(notice(1440)).toBe('Boeken kan tot 1 dag van tevoren.');
    expect(notice(2880)).toBe('Boeken kan tot 2 dagen van tevoren.');
    expect(notice(60)).toBe('Boeken kan tot 1 uur van tevoren.');
    expect(notice(120)).toBe('Boeken kan tot 2 uur van tevoren.');
    expect(notice(90)).toBe('Boeken kan tot 90 minuten van tevoren.');
    expect(notice(1)).toBe('Boeken kan tot 1 minuut van tevoren.');
  });

  it('answers a full day and a taken slot as SLOT_TAKEN (409), the other rules as 400 at their field', () => {
    expect(refusalError({ rule: 'dayFull' }, { minimumNoticeMinutes: 0 })).toMatchObject({
      code: 'SLOT_TAKEN',
      message: 'Deze dag is vol.',
    });
    expect(
      refusalError({ rule: 'horizon', lastDate: '2026-12-24' }, { minimumNoticeMinutes: 0 }),
    ).toMatchObject({
      code: 'VALIDATION',
      message: 'Boeken kan tot en met 24 dec. 2026. Kies een eerdere datum.',
    });
    expect(refusalError({ rule: 'closed', label: 'Koningsdag' }, { minimumNoticeMinutes: 0 })).toMatchObject({
      code: 'VALIDATION',
      message: 'Op deze dag is Koningsdag: we zijn gesloten.',
    });
  });
});

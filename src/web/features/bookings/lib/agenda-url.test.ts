import { describe, expect, it } from 'vitest';
import { readViewState, writeViewState } from './agenda-url';

const today = '2026-11-24';
const read = (query: string) => readViewState(new URLSearchParams(query), today);

describe('readViewState', () => {
  it('is the list on today without parameters', () => {
    expect(read('')).toEqual({ view: 'lijst', date: today, agendaId: null });
  });

  it('reads the view, the day and the agenda', () => {
    expect(read('weergave=dag&datum=2026-12-01&agenda=a1')).toEqual({
      view: 'dag',
      date: '2026-12-01',
      agendaId: 'a1',
    });
    expect(read('weergave=week').view).toBe('week');
  });

  it('falls back on an unknown view or an impossible date', () => {
    expect(read('weergave=maand&datum=2026-02-30')).toEqual({ view: 'lijst', date: today, agendaId: null });
  });
});

describe('writeViewState', () => {
  const write = (query: string, next: Parameters<typeof writeViewState>[1]) =>
    writeViewState(new URLSearchParams(query), next, today).toString();

  it('writes the view, leaves today out and keeps other parameters', () => {
    expect(write('x=1', { view: 'dag', date: '2026-12-01', agendaId: null })).toBe(
      'x=1&weergave=dag&datum=2026-12-01',
    );
    expect(write('weergave=dag&datum=2026-12-01', { view: 'dag', date: today, agendaId: 'a1' })).toBe(
      'weergave=dag&agenda=a1',
    );
  });

  it('drops everything of the agenda for the list', () => {
    expect(
      write('weergave=week&datum=2026-12-01&agenda=a1&x=1', {
        view: 'lijst',
        date: '2026-12-01',
        agendaId: 'a1',
      }),
    ).toBe('x=1');
  });

  it('round-trips through readViewState', () => {
    const state = { view: 'week', date: '2027-01-04', agendaId: 'b2' } as const;
    expect(readViewState(writeViewState(new URLSearchParams(), state, today), today)).toEqual(state);
  });
});

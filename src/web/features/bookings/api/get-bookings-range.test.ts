import { afterEach, describe, expect, it, vi } from 'vitest';
import { getBookingsInRange } from './get-bookings-range';
import { getBookingsPage } from './get-bookings';

afterEach(() => vi.unstubAllGlobals());

describe('getBookingsInRange', () => {
  it('asks for the range earliest first and follows the next cursor to the end', async () => {
    const fetchMock = vi.fn(async (url: string) => {
      const cursor = new URL(url, 'http://x').searchParams.get('cursor');
      return cursor
        ? new Response('[{"id":"b2"}]', { status: 200 })
        : new Response('[{"id":"b1"}]', { status: 200, headers: { 'x-next-cursor': 'c1' } });
    });
    vi.stubGlobal('fetch', fetchMock);
    const items = await getBookingsInRange({ from: '2026-11-23', to: '2026-11-29' });
    expect(items).toEqual([{ id: 'b1' }, { id: 'b2' }]);
    const params = fetchMock.mock.calls.map(([url]) =>
      Object.fromEntries(new URL(url, 'http://x').searchParams),
    );
    expect(params).toEqual([
      { from: '2026-11-23', to: '2026-11-29', order: 'asc', limit: '500' },
      { from: '2026-11-23', to: '2026-11-29', order: 'asc', limit: '500', cursor: 'c1' },
    ]);
  });
});

describe('getBookingsPage with an agenda', () => {
  it('sends the agenda filter', async () => {
    const fetchMock = vi.fn(async (_url: string) => new Response('[]', { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    await getBookingsPage({ agendaId: 'a1' }, undefined);
    expect(new URL(fetchMock.mock.calls[0]![0], 'http://x').searchParams.get('agendaId')).toBe('a1');
  });
});

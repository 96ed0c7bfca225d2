import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@web/lib/api-client';
import { getBookingsPage } from './get-bookings';

afterEach(() => vi.unstubAllGlobals());

describe('getBookingsPage', () => {
  it('sends the filters and reads the next cursor from the x-next-cursor header', async () => {
    const fetchMock = vi.fn(
      async (_url: string, _init?: RequestInit) =>
        new Response('[{"id":"b1"}]', { status: 200, headers: { 'x-next-cursor': 'abc' } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const page = await getBookingsPage({ status: 'cancelled', q: ' anna ', eventId: undefined }, 'c1');
    expect(page).toEqual({ items: [{ id: 'b1' }], nextCursor: 'abc' });
    const [url, init] = fetchMock.mock.calls[0]!;
    const params = new URL(url, 'http://x').searchParams;
    expect(Object.fromEntries(params)).toEqual({
      limit: '50',
      order: 'desc',
      status: 'cancelled',
      q: 'anna',
      cursor: 'c1',
    });
    expect(init?.credentials).toBe('include');
  });

  it('sends the range and the order the list asks for (upcoming: from today, soonest first)', async () => {
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => new Response('[]', { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    await getBookingsPage({ from: '2026-03-01', order: 'asc', q: 'anna' }, undefined);
    const params = new URL(fetchMock.mock.calls[0]![0], 'http://x').searchParams;
    expect(Object.fromEntries(params)).toEqual({ limit: '50', order: 'asc', from: '2026-03-01', q: 'anna' });
  });

  it('has no next page without the header and fails with the Dutch server message', async () => {
    vi.stubGlobal('fetch', async () => new Response('[]', { status: 200 }));
    await expect(getBookingsPage({}, undefined)).resolves.toEqual({ items: [], nextCursor: null });
    vi.stubGlobal(
      'fetch',
      async () => new Response('{"code":"BAD_REQUEST","message":"Ongeldig filter"}', { status: 400 }),
    );
    await expect(getBookingsPage({}, undefined)).rejects.toMatchObject({
      serverMessage: 'Ongeldig filter',
    } satisfies Partial<ApiError>);
  });
});

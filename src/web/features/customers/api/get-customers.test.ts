import { afterEach, describe, expect, it, vi } from 'vitest';
import { getCustomersPage } from './get-customers';

afterEach(() => vi.unstubAllGlobals());

describe('getCustomersPage', () => {
  it('sends the search, tag, order and cursor, and leaves out an empty search', async () => {
    const page = { customers: [], nextCursor: 'n2', tags: ['vip'] };
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => Response.json(page));
    vi.stubGlobal('fetch', fetchMock);
    await expect(getCustomersPage({ q: ' anna ', tag: 'vip', sort: 'visits' }, 'c1')).resolves.toEqual(page);
    const params = new URL(fetchMock.mock.calls[0]![0], 'http://x').searchParams;
    expect(Object.fromEntries(params)).toEqual({ sort: 'visits', q: 'anna', tag: 'vip', cursor: 'c1' });
    await getCustomersPage({ q: '  ' }, undefined);
    const second = new URL(fetchMock.mock.calls[1]![0], 'http://x').searchParams;
    expect(Object.fromEntries(second)).toEqual({ sort: 'lastVisit' });
  });
});

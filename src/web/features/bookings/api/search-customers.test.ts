import { afterEach, describe, expect, it, vi } from 'vitest';
import { customerSearchQueryOptions, searchCustomers } from './search-customers';
import { customersQueryKey } from '@web/lib/query-keys';

afterEach(() => vi.unstubAllGlobals());

describe('searchCustomers', () => {
  it('asks the customer list for the trimmed query and answers its page', async () => {
    const page = { customers: [{ id: 'c1', name: 'Eva' }], nextCursor: null, tags: [] };
    const fetchMock = vi.fn(async (_url: string) => new Response(JSON.stringify(page), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    expect(await searchCustomers('  06 12 ')).toEqual(page);
    const url = new URL(fetchMock.mock.calls[0]![0], 'http://x');
    expect(url.pathname).toBe('/api/customers');
    expect(Object.fromEntries(url.searchParams)).toEqual({ q: '06 12' });
  });

  it('keys the results under the customers, which an edited customer and a booking written refresh', () => {
    expect(customerSearchQueryOptions(' eva ').queryKey).toEqual([...customersQueryKey, 'search', 'eva']);
  });
});

import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import { createQueryClient } from './query-client';

describe('query client (docs/PRODUCT.md#constants)', () => {
  it('refreshes every 30 s and on focus, is fresh for 10 s and never retries', () => {
    const defaults = createQueryClient().getDefaultOptions();
    expect(defaults.queries).toMatchObject({
      refetchInterval: 30_000,
      refetchOnWindowFocus: true,
      staleTime: 10_000,
      retry: false,
    });
    expect(defaults.mutations).toMatchObject({ retry: false });
  });

  it('reports a read answering UNAUTHORIZED as a signed-out session, other failures not', async () => {
    const onUnauthorized = vi.fn();
    const client = createQueryClient({ onUnauthorized });
    await client
      .fetchQuery({ queryKey: ['a'], queryFn: () => Promise.reject(new ApiError(500, 'Error', '')) })
      .catch(() => undefined);
    expect(onUnauthorized).not.toHaveBeenCalled();
    // What the server's session guard answers.
    const signedOut = JSON.stringify({ code: 'UNAUTHORIZED', message: 'U bent niet ingelogd' });
    await client
      .fetchQuery({
        queryKey: ['b'],
        queryFn: () => Promise.reject(new ApiError(401, 'Unauthorized', signedOut)),
      })
      .catch(() => undefined);
    expect(onUnauthorized).toHaveBeenCalledOnce();
  });
});

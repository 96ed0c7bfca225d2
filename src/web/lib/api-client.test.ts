import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, apiPath, ApiError, describeError, errorMessage, hasErrorCode } from './api-client';

function stubFetch(response: Response) {
  const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => response);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => vi.unstubAllGlobals());

describe('api client', () => {
  it('sends credentials and JSON only when a payload is present', async () => {
    const fetchMock = stubFetch(new Response(JSON.stringify({ id: '1' }), { status: 200 }));
    await expect(api.post('/api/login', { username: 'a', password: 'b' })).resolves.toEqual({ id: '1' });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/login');
    expect(init?.credentials).toBe('include');
    expect(init?.method).toBe('POST');
    expect(new Headers(init?.headers).get('Content-Type')).toBe('application/json');
    expect(init?.body).toBe('{"username":"a","password":"b"}');

    const fetchMock2 = stubFetch(new Response('{"ok":true}', { status: 200 }));
    await api.post('/api/logout');
    const [, init2] = fetchMock2.mock.calls[0]!;
    expect(init2?.body).toBeUndefined();
    expect(new Headers(init2?.headers).has('Content-Type')).toBe(false);
  });

  it('sends a file as its own bytes with its type (the business logo)', async () => {
    const fetchMock = stubFetch(new Response('{"logoUrl":"/x"}', { status: 200 }));
    const file = new Blob([new Uint8Array([0x89, 0x50])], { type: 'image/png' });
    await api.put('/api/business-profile/logo', file);
    const [, init] = fetchMock.mock.calls[0]!;
    expect(init?.body).toBe(file);
    expect(new Headers(init?.headers).get('Content-Type')).toBe('image/png');
    const fetchMock2 = stubFetch(new Response('{"logoUrl":"/y"}', { status: 200 }));
    await api.put('/api/business-profile/logo', new Blob([new Uint8Array([1])]));
    expect(new Headers(fetchMock2.mock.calls[0]![1]?.headers).get('Content-Type')).toBe(
      'application/octet-stream',
    );
  });

  it('resolves an empty body to undefined', async () => {
    stubFetch(new Response(null, { status: 204 }));
    await expect(api.delete('/api/events/1')).resolves.toBeUndefined();
  });

  it('fails with "status: body text" and exposes the Dutch server message (docs/PRODUCT.md#errors)', async () => {
    const body = JSON.stringify({
      code: 'INVALID_CREDENTIALS',
      message: 'Ongeldige gebruikersnaam of wachtwoord',
    });
    stubFetch(new Response(body, { status: 401, statusText: 'Unauthorized' }));
    const error = await api.get('/api/user').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    const apiError = error as ApiError;
    expect(apiError.message).toBe(`401: ${body}`);
    expect(apiError.status).toBe(401);
    expect(apiError.serverMessage).toBe('Ongeldige gebruikersnaam of wachtwoord');
    expect(apiError.code).toBe('INVALID_CREDENTIALS');
    expect(errorMessage(apiError, 'fallback')).toBe('Ongeldige gebruikersnaam of wachtwoord');
  });

  it('uses the status text when the body is empty', async () => {
    stubFetch(new Response('', { status: 500, statusText: 'Internal Server Error' }));
    const error = (await api.get('/api/events').catch((e: unknown) => e)) as ApiError;
    expect(error.message).toBe('500: Internal Server Error');
    expect(error.serverMessage).toBeUndefined();
    expect(errorMessage(error, 'fallback')).toBe('fallback');
    expect(describeError(error)).toBe('500: Internal Server Error');
  });

  it('keeps a non-JSON body as text and reads validation fields from JSON bodies', async () => {
    stubFetch(new Response('Bad Gateway', { status: 502, statusText: 'Bad Gateway' }));
    const plain = (await api.get('/api/x').catch((e: unknown) => e)) as ApiError;
    expect(plain.message).toBe('502: Bad Gateway');
    expect(plain.body).toBeUndefined();

    const body = {
      code: 'VALIDATION',
      message: 'Ongeldige invoer',
      fields: { email: 'Ongeldig e-mailadres' },
    };
    stubFetch(new Response(JSON.stringify(body), { status: 400 }));
    const validation = (await api
      .patch('/api/user/profile', { email: 'x' })
      .catch((e: unknown) => e)) as ApiError;
    expect(validation.fields).toEqual({ email: 'Ongeldig e-mailadres' });
  });

  it('reads only known error codes, which the client branches on', () => {
    const taken = new ApiError(409, 'Conflict', JSON.stringify({ code: 'SLOT_TAKEN', message: 'Bezet' }));
    expect(taken.code).toBe('SLOT_TAKEN');
    expect(hasErrorCode(taken, 'CONFLICT', 'SLOT_TAKEN')).toBe(true);
    expect(hasErrorCode(taken, 'CONFLICT')).toBe(false);

    const foreign = new ApiError(409, 'Conflict', JSON.stringify({ code: 'SOMETHING_ELSE', message: 'x' }));
    expect(foreign.code).toBeUndefined();
    expect(foreign.message).toBe('409: {"code":"SOMETHING_ELSE","message":"x"}');
    expect(hasErrorCode(new Error('409'), 'CONFLICT')).toBe(false);
  });

  it('joins and encodes path segments', () => {
    expect(apiPath('events', 7, 'fields')).toBe('/api/events/7/fields');
    expect(apiPath('public', 'events', 'a/b c')).toBe('/api/public/events/a%2Fb%20c');
  });
});

import type { LightMyRequestResponse } from 'fastify';
import type { TestApp } from './test-app';

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'OPTIONS';

export interface V1Request {
  /** The API key, sent as `Authorization: Bearer {key}`; none to test the refusal. */
  key?: string;
  body?: unknown;
  headers?: Record<string, string>;
}

/**
 * The versioned API as its clients call it: every request of the API tests goes through here, so one
 * place can hold what every answer must satisfy.
 */
export function v1Client(t: TestApp) {
  async function request(method: Method, url: string, { key, body, headers = {} }: V1Request = {}) {
    const res: LightMyRequestResponse = await t.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: { ...(key ? { authorization: `Bearer ${key}` } : {}), ...headers },
      ...(body === undefined ? {} : { payload: body as object }),
    });
    return res;
  }
  return {
    request,
    get: (url: string, opts?: V1Request) => request('GET', url, opts),
    post: (url: string, opts?: V1Request) => request('POST', url, opts),
    patch: (url: string, opts?: V1Request) => request('PATCH', url, opts),
    delete: (url: string, opts?: V1Request) => request('DELETE', url, opts),
  };
}
export type V1Client = ReturnType<typeof v1Client>;

import type { LightMyRequestResponse } from 'fastify';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { TestApp } from './test-app';

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'OPTIONS';

export interface V1Request {
  /** The API key, sent as `Authorization: Bearer {key}`; none to test the refusal. */
  key?: string;
  body?: unknown;
  headers?: Record<string, string>;
}

type Json = Record<string, unknown>;
interface Operation {
  pattern: RegExp;
  /** Fewer path parameters first: `/bookings/export` before `/bookings/{id}`. */
  params: number;
  method: string;
  path: string;
  responses: Record<string, Json>;
}

/** The document of one app, its operations and their compiled answer schemas. */
interface Described {
  operations: Operation[];
  validators: Map<string, ValidateFunction>;
  ajv: Ajv2020;
}
const described = new WeakMap<TestApp, Promise<Described>>();

async function describe(t: TestApp): Promise<Described> {
  const res = await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
  if (res.statusCode !== 200) throw new Error(`the OpenAPI document answered ${res.statusCode}: ${res.body}`);
  const doc = res.json() as { paths: Record<string, Record<string, { responses: Record<string, Json> }>> };
  const operations: Operation[] = [];
  for (const [path, ops] of Object.entries(doc.paths)) {
    const pattern = new RegExp(`^${path.replace(/[.]/g, '\\.').replace(/\{\w+\}/g, '[^/]+')}$`);
    for (const [method, op] of Object.entries(ops))
      operations.push({
        pattern,
        params: (path.match(/\{/g) ?? []).length,
        method: method.toUpperCase(),
        path,
        responses: op.responses,
      });
  }
  operations.sort((a, b) => a.params - b.params);
  // strict off: the document's schemas carry OpenAPI's own annotations (description, examples).
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  (addFormats as unknown as (a: Ajv2020) => void)(ajv);
  return { operations, validators: new Map(), ajv };
}

/**
 * Every answer must be what the OpenAPI document says of its route and status: a status the
 * document does not list for the route, or a body its schema refuses, fails the test. A path no
 * route has may answer its 404; a 5xx is never right.
 */
export async function checkAgainstDocument(
  t: TestApp,
  method: Method,
  url: string,
  res: LightMyRequestResponse,
) {
  if (method === 'OPTIONS') return; // the CORS preflight is no operation of the API
  const where = `${method} /api/v1${url} answered ${res.statusCode}`;
  if (res.statusCode >= 500) throw new Error(`${where}: a 5xx is never an answer of the API: ${res.body}`);
  let d = described.get(t);
  if (!d) described.set(t, (d = describe(t)));
  const { operations, validators, ajv } = await d;
  const path = url.split('?')[0]!;
  const op = operations.find((o) => o.method === method && o.pattern.test(path));
  if (!op) {
    if (res.statusCode === 404 || res.statusCode === 405) return;
    throw new Error(`${where}, but the OpenAPI document has no ${method} operation for this path`);
  }
  const documented = op.responses[String(res.statusCode)];
  if (!documented)
    throw new Error(
      `${where}: the OpenAPI document lists only ${Object.keys(op.responses).join(', ')} for ${method} ${op.path}`,
    );
  const schema = (documented.content as Record<string, { schema: Json }> | undefined)?.['application/json']
    ?.schema;
  if (!schema) {
    if (res.body !== '') throw new Error(`${where} with a body, but the document describes none`);
    return;
  }
  const key = `${method} ${op.path} ${res.statusCode}`;
  let validate = validators.get(key);
  if (!validate) validators.set(key, (validate = ajv.compile(schema)));
  let body: unknown;
  try {
    body = res.json();
  } catch {
    throw new Error(`${where} with a body that is no JSON: ${res.body.slice(0, 200)}`);
  }
  if (!validate(body))
    throw new Error(
      `${where}, not as the OpenAPI document says: ${ajv.errorsText(validate.errors)}\n${res.body.slice(0, 500)}`,
    );
}

/**
 * The versioned API as its clients call it: every request of the API tests goes through here, so one
 * place holds what every answer must satisfy — that it is what the OpenAPI document says.
 */
export function v1Client(t: TestApp) {
  async function request(method: Method, url: string, { key, body, headers = {} }: V1Request = {}) {
    const res: LightMyRequestResponse = await t.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: { ...(key ? { authorization: `Bearer ${key}` } : {}), ...headers },
      ...(body === undefined ? {} : { payload: body as object }),
    });
    await checkAgainstDocument(t, method, url, res);
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

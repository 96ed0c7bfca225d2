import type { FastifySchema, RouteOptions } from 'fastify';
import { z } from 'zod';
import { errorStatus, type ErrorCode } from '@contracts/errors';

/**
 * The OpenAPI 3.1 document of the versioned API (docs/PRODUCT.md#public-api), generated from the
 * zod schemas the /api/v1 routes declare in `schema:` (one source: what a route validates and
 * serializes is what the document says). The routes are collected as they are registered (an
 * onRoute hook of the /api/v1 context) and converted with zod's own z.toJSONSchema (JSON Schema
 * 2020-12, the dialect of OpenAPI 3.1); docs/decisions/021-openapi-from-route-schemas.md says why not
 * @fastify/swagger.
 */

export const V1_PREFIX = '/api/v1';

/** What a collected route keeps: enough to document it. */
export interface V1Route {
  method: string;
  url: string;
  schema: FastifySchema & { summary?: string; description?: string; tags?: readonly string[] };
  /** Whether the route needs an API key (routes without an apiAction are public, like the document). */
  keyed: boolean;
}

type JsonSchema = Record<string, unknown>;

const SUCCESS_TEXT: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  202: 'Accepted',
  204: 'No Content',
};
const ERROR_TEXT: Record<number, string> = {
  400: 'The query, path or body is not valid (`fields` per field)',
  401: 'No API key, or a wrong, revoked or expired one',
  403: 'The key may not do this (a read key writing)',
  404: 'Unknown, or another business’s',
  409: 'The state forbids it',
  413: 'The body is too large',
  415: 'The body is not JSON',
  422: 'A third party refused or was unreachable',
  429: 'Over the key’s limit per minute; see Retry-After',
};
const SAFE_INTEGER = Number.MAX_SAFE_INTEGER;
/** Codes only a signed-in browser meets: no API key call answers them. */
const SESSION_ONLY = new Set<ErrorCode>([
  'INVALID_CREDENTIALS',
  'INVALID_CODE',
  'CROSS_SITE',
  'TWO_FACTOR_SETUP_REQUIRED',
]);

/** Collects the /api/v1 routes of one app as they are registered. */
export function createV1Registry() {
  const routes: V1Route[] = [];
  return {
    routes,
    onRoute(route: RouteOptions) {
      const url = route.url;
      if (!url.startsWith(`${V1_PREFIX}/`) || url.includes('*')) return;
      for (const method of [route.method].flat()) {
        if (method === 'HEAD' || method === 'OPTIONS') continue;
        routes.push({
          method,
          url,
          schema: (route.schema ?? {}) as V1Route['schema'],
          keyed: Boolean(route.config?.apiAction),
        });
      }
    },
  };
}
export type V1Registry = ReturnType<typeof createV1Registry>;

/** A zod schema as JSON Schema 2020-12, without the `$schema` line and the noise of safe-integer bounds. */
function toJson(schema: unknown, io: 'input' | 'output'): JsonSchema {
  const json = z.toJSONSchema(schema as z.ZodType, {
    target: 'draft-2020-12',
    io,
    unrepresentable: 'any',
    reused: 'inline',
    cycles: 'ref',
  }) as JsonSchema;
  delete json.$schema;
  return JSON.parse(JSON.stringify(json), (key, value: unknown) =>
    (key === 'minimum' && value === -SAFE_INTEGER) || (key === 'maximum' && value === SAFE_INTEGER)
      ? undefined
      : value,
  ) as JsonSchema;
}

const isZod = (value: unknown): value is z.ZodType => value instanceof z.ZodType;

/** `{ code, message }` of a refusal with the codes of the error table that answer this status. */
export function errorSchema(status: number): JsonSchema {
  const codes = (Object.keys(errorStatus) as ErrorCode[]).filter(
    (c) => errorStatus[c] === status && !SESSION_ONLY.has(c),
  );
  return {
    type: 'object',
    properties: {
      code: { type: 'string', enum: codes },
      message: { type: 'string', description: 'Dutch, to show as it is' },
      fields: { type: 'object', additionalProperties: { type: 'string' } },
      details: { type: 'object', additionalProperties: { type: 'string' } },
    },
    required: ['code', 'message'],
  };
}

/** The refusals a route can answer besides those it declares itself. */
function defaultErrors(route: V1Route): number[] {
  const { schema } = route;
  const input = Boolean(schema.params || schema.querystring || schema.body);
  const write = route.method !== 'GET';
  const statuses = new Set<number>();
  if (input) statuses.add(400);
  if (route.keyed) [401, 429].forEach((s) => statuses.add(s));
  if (route.keyed && write) [403, 404, 409, 422].forEach((s) => statuses.add(s));
  if (schema.params) statuses.add(404);
  if (schema.body) [413, 415].forEach((s) => statuses.add(s));
  return [...statuses];
}

function parameters(route: V1Route) {
  const out: JsonSchema[] = [];
  for (const [where, zod] of [
    ['path', route.schema.params],
    ['query', route.schema.querystring],
  ] as const) {
    if (!isZod(zod)) continue;
    const json = toJson(zod, 'input');
    const required = new Set((json.required as string[] | undefined) ?? []);
    for (const [name, schema] of Object.entries((json.properties ?? {}) as Record<string, JsonSchema>)) {
      const { description, ...rest } = schema;
      out.push({
        name,
        in: where,
        required: where === 'path' || required.has(name),
        ...(description ? { description } : {}),
        schema: rest,
      });
    }
  }
  return out;
}

function responses(route: V1Route) {
  const declared = (route.schema.response ?? {}) as Record<string, unknown>;
  const out: Record<string, JsonSchema> = {};
  for (const [status, zod] of Object.entries(declared)) {
    const code = Number(status);
    if (code >= 400) continue; // refusals are the error table's shape, added below
    if (code === 204 || !isZod(zod)) {
      out[status] = { description: SUCCESS_TEXT[code] ?? 'OK' };
      continue;
    }
    const schema = toJson(zod, 'output');
    out[status] = {
      description: (schema.description as string | undefined) ?? SUCCESS_TEXT[code] ?? 'OK',
      content: { 'application/json': { schema } },
    };
  }
  const errors = new Set([
    ...defaultErrors(route),
    ...Object.keys(declared)
      .map(Number)
      .filter((s) => s >= 400),
  ]);
  for (const status of [...errors].sort()) {
    out[String(status)] = {
      description: ERROR_TEXT[status] ?? 'Refused',
      content: { 'application/json': { schema: errorSchema(status) } },
    };
  }
  return out;
}

/** `/api/v1/bookings/:id` → `/bookings/{id}`. */
export const openApiPath = (url: string) => url.slice(V1_PREFIX.length).replace(/:(\w+)/g, '{$1}');

const operationId = (method: string, path: string) =>
  method.toLowerCase() +
  path
    .split('/')
    .filter(Boolean)
    .map((part) => part.replace(/[{}]/g, '').replace(/(^|[-_])(\w)/g, (_m, _s, c: string) => c.toUpperCase()))
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('');

export interface OpenApiInfo {
  version: string;
  /** The app's public address; the API is under it at /api/v1. */
  appUrl: string;
}

/** The document of every collected route. */
export function openApiDocument(routes: readonly V1Route[], info: OpenApiInfo) {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  const tags = new Set<string>();
  for (const route of routes) {
    const path = openApiPath(route.url);
    const { schema } = route;
    const routeTags = schema.tags?.length ? [...schema.tags] : [path.split('/')[1] ?? 'api'];
    routeTags.forEach((t) => tags.add(t));
    const params = parameters(route);
    const body = isZod(schema.body) ? schema.body : undefined;
    (paths[path] ??= {})[route.method.toLowerCase()] = {
      operationId: operationId(route.method, path),
      summary: schema.summary ?? `${route.method} ${path}`,
      ...(schema.description ? { description: schema.description } : {}),
      tags: routeTags,
      ...(route.keyed ? {} : { security: [] }),
      ...(params.length ? { parameters: params } : {}),
      ...(body
        ? {
            requestBody: {
              // A body that may be left out (it parses from nothing) is not required.
              required: !body.safeParse(undefined).success,
              content: { 'application/json': { schema: toJson(body, 'input') } },
            },
          }
        : {}),
      responses: responses(route),
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Afspraakplanner API',
      version: info.version,
      description:
        'The versioned API of a business: its bookings, services, agendas and hook subscriptions. Every call but this document needs `Authorization: Bearer {API key}`. Refusals are `{ code, message }` with a Dutch message.',
    },
    servers: [{ url: `${info.appUrl.replace(/\/$/, '')}${V1_PREFIX}` }],
    security: [{ apiKey: [] }],
    tags: [...tags].sort().map((name) => ({ name })),
    paths,
    components: {
      securitySchemes: {
        apiKey: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'ap_live_…',
          description: 'An API key made in Instellingen › API-sleutels.',
        },
      },
    },
  };
}
export type OpenApiDocument = ReturnType<typeof openApiDocument>;

/** The document's own answer schema: loose, since its paths are whatever the routes are. */
export const openApiDocumentSchema = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.unknown()),
});

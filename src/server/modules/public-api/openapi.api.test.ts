import { Validator } from '@seriousme/openapi-schema-validator';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nl } from '@contracts/messages';
import { dbKinds } from '../../test/databases';
import { createTestApp, type TestApp } from '../../test/test-app';
import { checkAgainstDocument } from '../../test/v1-client';

const NOW = new Date('2026-12-01T08:00:00Z');

type Json = Record<string, unknown>;
interface Doc {
  openapi: string;
  info: { title: string; version: string };
  servers: { url: string }[];
  paths: Record<string, Record<string, Json & { responses: Record<string, Json>; security?: unknown[] }>>;
  components: { securitySchemes: Record<string, Json> };
}

describe.each(dbKinds())('OpenAPI document of the public API on %s', (kind) => {
  let t: TestApp;
  let doc: Doc;
  beforeAll(async () => {
    t = await createTestApp(kind, { now: () => NOW });
  });
  afterAll(() => t.close());

  it('is served without a key, CORS open, and is a valid OpenAPI 3.1 document', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/openapi.json',
      headers: { origin: 'https://zapier.example.com' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    doc = res.json() as Doc;
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info).toMatchObject({ title: 'Afspraakplanner API' });
    expect(doc.servers[0]!.url).toMatch(/\/api\/v1$/);
    expect(doc.components.securitySchemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });

    const result = await new Validator().validate(doc as unknown as Json);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('describes every route with its success answer, its errors and a summary', async () => {
    const ops = Object.entries(doc.paths).flatMap(([path, byMethod]) =>
      Object.entries(byMethod).map(([method, op]) => ({ path, method, op })),
    );
    const names = ops.map((o) => `${o.method.toUpperCase()} ${o.path}`);
    expect(names).toEqual(
      expect.arrayContaining([
        'GET /bookings',
        'GET /bookings/{id}',
        'POST /bookings/{id}/no-show',
        'GET /services',
        'GET /agendas',
        'GET /hooks',
        'POST /hooks',
        'DELETE /hooks/{id}',
        'GET /openapi.json',
      ]),
    );
    for (const { path, method, op } of ops) {
      const where = `${method.toUpperCase()} ${path}`;
      expect(op.summary, where).toEqual(expect.any(String));
      const success = Object.entries(op.responses).filter(([status]) => status.startsWith('2'));
      expect(success.length, `${where} has no success answer`).toBeGreaterThan(0);
      for (const [status, answer] of success) {
        const schema = (answer.content as Record<string, { schema?: Json }> | undefined)?.['application/json']
          ?.schema;
        if (status === '204') expect(schema, `${where} 204 has no body`).toBeUndefined();
        else expect(schema, `${where} ${status} lacks its schema`).toMatchObject({ type: expect.anything() });
      }
      if (path === '/openapi.json') {
        expect(op.security).toEqual([]);
        continue;
      }
      for (const status of ['401', '429'])
        expect(op.responses[status], `${where} ${status}`).toMatchObject({
          content: { 'application/json': { schema: { required: ['code', 'message'] } } },
        });
      if (method !== 'get') expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(['403', '409']));
    }
    const unauthorized = doc.paths['/bookings']!.get!.responses['401']!;
    expect(JSON.stringify(unauthorized)).toContain('UNAUTHORIZED');
    // A query's parameters carry their own schemas.
    const params = doc.paths['/bookings']!.get!.parameters as Json[];
    expect(params).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'limit', in: 'query', required: false }),
        expect.objectContaining({
          name: 'status',
          in: 'query',
          schema: expect.objectContaining({ enum: expect.any(Array) }),
        }),
      ]),
    );
    expect(doc.paths['/bookings/{id}']!.get!.parameters).toEqual([
      expect.objectContaining({ name: 'id', in: 'path', required: true }),
    ]);
    // A no-show without a body is allowed; a hook subscription needs one.
    expect(doc.paths['/bookings/{id}/no-show']!.post!.requestBody).toMatchObject({ required: false });
    expect(doc.paths['/hooks']!.post!.requestBody).toMatchObject({
      required: true,
      content: {
        'application/json': { schema: { examples: [expect.objectContaining({ url: expect.any(String) })] } },
      },
    });
  });

  it('makes the shared test client refuse an answer the document does not describe', async () => {
    const answer = (statusCode: number, body: unknown) =>
      ({
        statusCode,
        body: body === undefined ? '' : JSON.stringify(body),
        json: () => body,
      }) as unknown as LightMyRequestResponse;
    await expect(
      checkAgainstDocument(t, 'GET', '/agendas', answer(200, { data: [], nextCursor: null })),
    ).resolves.toBeUndefined();
    await expect(
      checkAgainstDocument(t, 'GET', '/agendas', answer(200, { data: [{ id: 1 }], nextCursor: null })),
    ).rejects.toThrow(/not as the OpenAPI document says/);
    await expect(
      checkAgainstDocument(t, 'GET', '/agendas', answer(200, { data: [], nextCursor: null, extra: 1 })),
    ).rejects.toThrow(/not as the OpenAPI document says/);
    await expect(
      checkAgainstDocument(t, 'GET', '/agendas?x=1', answer(409, { code: 'CONFLICT', message: 'x' })),
    ).rejects.toThrow(/lists only/);
    await expect(
      checkAgainstDocument(t, 'GET', '/bookings/abc', answer(404, { code: 'NOT_FOUND', message: 'x' })),
    ).resolves.toBeUndefined();
    await expect(
      checkAgainstDocument(t, 'GET', '/bookings/abc', answer(404, { code: 'CONFLICT', message: 'x' })),
    ).rejects.toThrow(/not as the OpenAPI document says/);
    await expect(checkAgainstDocument(t, 'DELETE', '/hooks/x', answer(204, { a: 1 }))).rejects.toThrow(
      /describes none/,
    );
    await expect(checkAgainstDocument(t, 'GET', '/agendas', answer(500, {}))).rejects.toThrow(/5xx/);
  });

  it('draws a reference page of every route at /api/docs, in Dutch, from nothing but our own origin', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const html = res.body;
    expect(html).toContain('<html lang="nl">');
    expect(html).toContain(`<h1>${nl.apiDocs.title}</h1>`);
    for (const [path, byMethod] of Object.entries(doc.paths))
      for (const method of Object.keys(byMethod)) {
        expect(html).toContain(`${method.toUpperCase()}</span> <code>${path}</code>`);
      }
    expect(html).toContain('<caption>Parameters</caption>');
    // A list's items have their own table.
    expect(html).toContain('<caption>Status 200: data[]</caption>');
    expect(html).toContain('UNAUTHORIZED');
    expect(html).toContain('href="/api/v1/openapi.json"');
    // No script, and nothing loaded from elsewhere (the CSP would refuse it anyway).
    expect(html).not.toMatch(/<script|<link|src="http/i);
  });
});

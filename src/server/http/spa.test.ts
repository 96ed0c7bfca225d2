import { mkdtempSync, writeFileSync, mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spa } from './spa';

/** A client build on disk: index.html plus one hashed asset with its precompressed twin. */
function fakeBuild(): string {
  const root = mkdtempSync(path.join(os.tmpdir(), 'afspraak-spa-'));
  writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>Afspraakplanner</title>');
  mkdirSync(path.join(root, 'assets'));
  writeFileSync(path.join(root, 'assets', 'app-1234.js'), 'console.log(1)');
  return root;
}

describe('SPA serving', () => {
  const app = Fastify();
  beforeAll(async () => {
    await app.register(spa, { root: fakeBuild() });
    await app.ready();
  });
  afterAll(() => app.close());

  it('answers the home page to clients that accept no compressed copy (curl, health checkers)', async () => {
    for (const headers of [{}, { 'accept-encoding': 'gzip, br' }]) {
      const res = await app.inject({ url: '/', headers });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('Afspraakplanner');
    }
    expect((await app.inject({ method: 'HEAD', url: '/' })).statusCode).toBe(200);
  });

  it('serves client routes as the app, assets as files, and unknown API paths as a JSON 404', async () => {
    expect((await app.inject({ url: '/boek/knippen' })).body).toContain('Afspraakplanner');
    const asset = await app.inject({ url: '/assets/app-1234.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const api = await app.inject({ url: '/api/bestaat-niet' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ code: 'NOT_FOUND' });
    expect((await app.inject({ url: '/assets/weg.js' })).statusCode).toBe(404);
  });
});

describe('SPA pages the server can check (docs/PRODUCT.md#business-page)', () => {
  const app = Fastify();
  const known = new Set(['salon-x']);
  beforeAll(async () => {
    await app.register(spa, {
      root: fakeBuild(),
      pages: [
        { path: '/p/:publicSlug', exists: async (p) => known.has(p.publicSlug ?? ''), limitPerMinute: 60 },
      ],
    });
    await app.ready();
  });
  afterAll(() => app.close());

  it('draws a known page with 200 and an unknown one with 404, both as the app', async () => {
    const found = await app.inject({ url: '/p/salon-x' });
    expect(found.statusCode).toBe(200);
    expect(found.body).toContain('Afspraakplanner');
    const missing = await app.inject({ url: '/p/bestaat-niet?embed=true' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).toMatch(/text\/html/);
    expect(missing.body).toContain('Afspraakplanner');
    expect((await app.inject({ method: 'HEAD', url: '/p/bestaat-niet' })).statusCode).toBe(404);
  });
});

import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOKING_PAGE_DATA_ID } from '@contracts/booking-page-data';
import { nlPublic } from '@contracts/messages-public';
import { bookableMonths } from '@core/bookable-months';
import { dbKinds } from '../../test/databases';
import { eventPayload, owner } from '../../test/fixtures';
import { agent, createTestApp, type TestApp } from '../../test/test-app';
import { testNow, upcomingRange } from '../../test/test-today';

/** A client build on disk: the real index.html (the markers the server fills in) and a Vite manifest. */
function clientBuild(): string {
  const root = mkdtempSync(path.join(os.tmpdir(), 'afspraak-bookpage-'));
  copyFileSync(path.resolve(import.meta.dirname, '../../../web/index.html'), path.join(root, 'index.html'));
  mkdirSync(path.join(root, 'assets'));
  mkdirSync(path.join(root, '.vite'));
  const manifest = {
    'main.tsx': { file: 'assets/index-1.js', isEntry: true, imports: ['_vendor-2.js'] },
    'pages/book/book-page.tsx': { file: 'assets/book-page-3.js', imports: ['_booking-4.js', '_vendor-2.js'] },
    '_booking-4.js': { file: 'assets/booking-4.js', imports: ['_vendor-2.js'] },
    '_vendor-2.js': { file: 'assets/vendor-2.js' },
  };
  writeFileSync(path.join(root, '.vite', 'manifest.json'), JSON.stringify(manifest));
  writeFileSync(path.join(root, 'assets', 'index-5.css'), 'h1{color:red}');
  const html = readFileSync(path.join(root, 'index.html'), 'utf8');
  // What Vite writes into the built index.html.
  writeFileSync(
    path.join(root, 'index.html'),
    html
      .replace('<script type="module" src="/main.tsx"></script>', '')
      .replace(
        '</head>',
        '<script type="module" crossorigin src="/assets/index-1.js"></script>' +
          '<link rel="modulepreload" crossorigin href="/assets/vendor-2.js">' +
          '<link rel="stylesheet" crossorigin href="/assets/index-5.css"></head>',
      ),
  );
  return root;
}

/** The JSON data block of a page, or undefined. */
function dataBlock(html: string): unknown {
  const m = html.match(
    new RegExp(`<script type="application/json" id="${BOOKING_PAGE_DATA_ID}">([^<]*)</script>`),
  );
  return m ? JSON.parse(m[1]!) : undefined;
}

/** Every <script> element's opening tag: only the module bundle and data blocks, nothing inline that runs. */
const scriptTags = (html: string) => html.match(/<script[^>]*>/g) ?? [];

const TITLE = 'Knippen </script><script>alert(1)</script> & föhnen';

describe.each(dbKinds())(
  'the booking page /boek/{slug} (docs/architecture/web-client.md#public-pages) on %s',
  (kind) => {
    let app: TestApp;
    let slug: string;
    const visitor = () => agent(app.app);

    beforeAll(async () => {
      app = await createTestApp(kind, { webRoot: clientBuild() });
      const salon = await owner(app);
      const res = await salon.post(
        '/api/events',
        eventPayload({
          ...upcomingRange(),
          title: TITLE,
          description: 'Regel één\u2028regel <b>twee</b>',
          requiresPayment: true,
          paymentAmount: '25.00',
          themeColor: '#10B981',
          customFields: [{ fieldName: 'Naam', fieldType: 'text', isRequired: true, order: 0 }],
        }),
      );
      expect(res.statusCode, res.body).toBe(201);
      slug = res.json().slug;
    });
    afterAll(() => app.close());

    it('carries the title, the header and the API answers of the event, its fields and its first month', async () => {
      const res = await visitor().get(`/boek/${slug}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      const escaped = 'Knippen &#60;/script&#62;&#60;script&#62;alert(1)&#60;/script&#62; &#38; föhnen';
      expect(res.body).toContain(`<title>${escaped} · Afspraakplanner</title>`);
      expect(res.body).toContain(`>${escaped}</h1>`);
      expect(res.body).toContain('regel &#60;b&#62;twee&#60;/b&#62;');
      expect(res.body).toContain('€\u00a025,00');
      expect(res.body).toContain(`${nlPublic.wizard.price}: `);

      const event = (await visitor().get(`/api/public/events/${slug}`)).json();
      const fields = (await visitor().get(`/api/public/events/${slug}/fields`)).json();
      const month = bookableMonths(event, testNow()).first;
      const availability = (
        await visitor().get(`/api/public/events/${event.id}/availability?month=${month}`)
      ).json();
      expect(dataBlock(res.body)).toEqual({
        slug,
        event,
        fields,
        availability: { month, agendaId: null, data: availability },
      });
      expect(availability.days.length).toBeGreaterThan(0);
    });

    it('escapes the data block so nothing in it closes the element, and runs no inline script', async () => {
      const { body } = await visitor().get(`/boek/${slug}`);
      const block = body.slice(body.indexOf(`id="${BOOKING_PAGE_DATA_ID}">`));
      const json = block.slice(block.indexOf('>') + 1, block.indexOf('</script>'));
      expect(json).not.toMatch(/[<>&\u2028\u2029]/);
      expect(json).toContain('\\u003c/script\\u003e');
      for (const tag of scriptTags(body)) expect(tag).toMatch(/ src="\/|type="application\/json"/);
    });

    it("preloads the page's chunks, inlines the stylesheet, and comes compressed to browsers that accept it", async () => {
      const { body } = await visitor().get(`/boek/${slug}`);
      // Loaded by /boot.js after the first paint: the entry, Vite's own preloads and the page's chunks.
      expect(body).toContain(
        '<script defer src="/boot.js" data-entry="/assets/index-1.js" data-preload="/assets/vendor-2.js /assets/book-page-3.js /assets/booking-4.js"></script></head>',
      );
      expect(body).not.toContain('type="module"');
      expect(body).not.toContain('rel="modulepreload"');
      // The stylesheet inline: the first screen waits on no second request.
      expect(body).toContain('<style>h1{color:red}</style>');
      expect(body).not.toContain('rel="stylesheet"');
      for (const [encoding, decode] of [
        ['br', brotliDecompressSync],
        ['gzip', gunzipSync],
      ] as const) {
        const res = await app.app.inject({ url: `/boek/${slug}`, headers: { 'accept-encoding': encoding } });
        expect(res.headers['content-encoding']).toBe(encoding);
        expect(res.headers.vary).toMatch(/accept-encoding/i);
        expect(decode(res.rawPayload).toString('utf8')).toBe(body);
      }
    });

    it('keeps the security headers of every page, framing allowed for embedding', async () => {
      const res = await visitor().get(`/boek/${slug}`);
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self' https://js.stripe.com");
      expect(csp).toContain('frame-ancestors *');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    });

    it('in an embed: the data and title, no server-drawn header (the embed frame is drawn by the app)', async () => {
      const res = await visitor().get(`/boek/${slug}?embed=true`);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<div id="root"></div>');
      expect(res.body).not.toContain('<h1');
      expect(dataBlock(res.body)).toMatchObject({ slug });
    });

    it('answers an unknown event with a 404 and the app, which says so', async () => {
      for (const unknown of ['bestaat-niet', '%E2%80%A8', 'a'.repeat(300)]) {
        const res = await visitor().get(`/boek/${unknown}`);
        expect(res.statusCode).toBe(404);
        expect(res.headers['content-type']).toMatch(/text\/html/);
        expect(dataBlock(res.body)).toBeUndefined();
        expect(res.body).toContain('<div id="root"></div>');
      }
    });
  },
);

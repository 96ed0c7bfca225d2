import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { nl } from '@contracts/messages';
import type { ErrorBody } from '@contracts/errors';

/**
 * A client route whose existence the server can tell (the business page `/p/{publicSlug}`): it is
 * still drawn by the app, but an unknown one answers with a 404 status, for crawlers and link checkers.
 */
export interface CheckedPage {
  path: string;
  exists?: (params: Record<string, string | undefined>) => Promise<boolean>;
  /**
   * A page the server fills in (the booking page): its shell, or null for an unknown one. Replaces
   * `exists` when given.
   */
  render?: (
    params: Record<string, string | undefined>,
    query: Record<string, unknown>,
  ) => Promise<PageShell | null>;
  /** Answers per minute per address (each one reads the database, like the API call behind it); none: unlimited. */
  limitPerMinute?: number;
}

/** What the server writes into index.html for one page (docs/architecture/web-client.md#public-pages). */
export interface PageShell {
  /** The document title (text). */
  title: string;
  /** The browser bar's colour (`<meta name="theme-color">`). */
  themeColor: string;
  /** Static markup drawn inside #root until the app's first render replaces it (HTML). */
  rootHtml: string;
  /** Elements placed after #root, e.g. a JSON data block (HTML). */
  dataScript: string;
  /**
   * The page's own chunk in the build (its source path under src/web, as in Vite's manifest): it and
   * the chunks it imports are preloaded with the entry, instead of after the entry has run.
   */
  preload?: string;
}

interface ManifestChunk {
  file: string;
  imports?: string[];
}

/** The chunk of `key` and every chunk it imports statically, as paths under the site root. */
export function chunkFiles(manifest: Record<string, ManifestChunk>, key: string): string[] {
  const files = new Set<string>();
  const visit = (k: string) => {
    const chunk = manifest[k];
    if (!chunk || files.has(`/${chunk.file}`)) return;
    files.add(`/${chunk.file}`);
    chunk.imports?.forEach(visit);
  };
  visit(key);
  return [...files];
}

const compressBrotli = promisify(brotliCompress);
const compressGzip = promisify(gzip);

const escapeText = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** index.html with a page's shell filled in. The markers are the ones src/web/index.html has. */
export function fillShell(html: string, shell: PageShell, preloads: string[] = []): string {
  // The app's entry and chunks are loaded by /boot.js once the server-drawn screen is painted, instead of
  // by the <script> and preload links of index.html (docs/architecture/web-client.md#public-pages).
  let entry = '';
  const chunks: string[] = [];
  const head = html
    .replace(/<script type="module"[^>]*src="([^"]+)"[^>]*><\/script>/, (_tag, src: string) => {
      entry = src;
      return '';
    })
    .replace(/<link rel="modulepreload"[^>]*href="([^"]+)"[^>]*>/g, (_tag, href: string) => {
      chunks.push(href);
      return '';
    });
  const all = [...new Set([...chunks, ...preloads])].join(' ');
  const boot = entry
    ? `<script defer src="/boot.js" data-entry="${escapeText(entry)}" data-preload="${escapeText(all)}"></script>`
    : '';
  return head
    .replace('</head>', () => `${boot}</head>`)
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeText(shell.title)}</title>`)
    .replace(
      /<meta name="theme-color" content="[^"]*"/,
      () => `<meta name="theme-color" content="${escapeText(shell.themeColor)}"`,
    )
    .replace('<div id="root"></div>', () => `<div id="root">${shell.rootHtml}</div>${shell.dataScript}`);
}

/** index.html with its own stylesheets (`/assets/*.css`) written into `<style>` elements. */
export function inlineStylesheets(html: string, root: string): string {
  return html.replace(
    /<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/g,
    (tag, file: string) => {
      const full = path.join(root, file);
      if (!existsSync(full)) return tag;
      // Nothing in a stylesheet may end the element early.
      return `<style>${readFileSync(full, 'utf8').replace(/<\/style/gi, '<\\/style')}</style>`;
    },
  );
}

/**
 * Serves the Vite build and falls back to index.html for client-side routes (the web router shows
 * the 404 page). Unknown /api paths answer a JSON 404. Hashed assets are cached for a year.
 */
export const spa = fp<{ root: string; pages?: CheckedPage[] }>(async (app, { root, pages = [] }) => {
  const hasBuild = existsSync(path.join(root, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root,
      // Look files up per request (not a route list fixed at start), so a rebuilt client is served.
      wildcard: true,
      index: false,
      // The build writes .br/.gz beside each asset; the best one the browser accepts is sent.
      preCompressed: true,
      setHeaders: (res, filePath) => {
        res.header(
          'cache-control',
          filePath.includes(`${path.sep}assets${path.sep}`)
            ? 'public, max-age=31536000, immutable'
            : 'no-cache',
        );
      },
    });
  }
  const sendIndex = (reply: FastifyReply) => {
    reply.header('cache-control', 'no-cache');
    return reply.type('text/html').sendFile('index.html');
  };
  // To the static handler '/' is a folder it may not list (403 for clients that accept no
  // compressed copy, e.g. curl or a health checker); it is the app's home page.
  if (hasBuild) app.get('/', (_request, reply) => sendIndex(reply));
  // index.html read once, and again when a new build replaced it (as the static files are). A filled-in
  // page carries its stylesheet inline: on a slow network the first screen then waits on one request
  // instead of two (the CSP allows inline styles; the other pages keep the cached file).
  const indexFile = path.join(root, 'index.html');
  let index = { mtimeMs: -1, html: '' };
  const indexHtml = () => {
    const { mtimeMs } = statSync(indexFile);
    if (mtimeMs !== index.mtimeMs)
      index = { mtimeMs, html: inlineStylesheets(readFileSync(indexFile, 'utf8'), root) };
    return index.html;
  };
  // Vite's manifest (which chunk a source became), read like index.html; none in a build without it.
  const manifestFile = path.join(root, '.vite', 'manifest.json');
  let manifest: { mtimeMs: number; chunks: Record<string, ManifestChunk> } = { mtimeMs: -1, chunks: {} };
  const preloadsOf = (key: string | undefined) => {
    if (!key || !existsSync(manifestFile)) return [];
    const { mtimeMs } = statSync(manifestFile);
    if (mtimeMs !== manifest.mtimeMs)
      manifest = {
        mtimeMs,
        chunks: JSON.parse(readFileSync(manifestFile, 'utf8')) as typeof manifest.chunks,
      };
    return chunkFiles(manifest.chunks, key);
  };
  /** A filled-in page is made per request: compressed here (the static files come precompressed). */
  const sendHtml = async (request: FastifyRequest, reply: FastifyReply, html: string) => {
    reply.header('cache-control', 'no-cache').header('vary', 'accept-encoding');
    reply.type('text/html; charset=utf-8');
    const accepts = String(request.headers['accept-encoding'] ?? '');
    if (/\bbr\b/.test(accepts)) {
      const body = await compressBrotli(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } });
      return reply.header('content-encoding', 'br').send(body);
    }
    if (/\bgzip\b/.test(accepts))
      return reply.header('content-encoding', 'gzip').send(await compressGzip(html));
    return reply.send(html);
  };
  if (hasBuild) {
    for (const page of pages) {
      const config = page.limitPerMinute
        ? { rateLimit: { max: page.limitPerMinute, timeWindow: '1 minute' } }
        : undefined;
      app.get(page.path, { config }, async (request, reply) => {
        const params = request.params as Record<string, string | undefined>;
        if (page.render) {
          const shell = await page.render(params, request.query as Record<string, unknown>);
          if (!shell) return sendIndex(reply.status(404));
          return sendHtml(request, reply, fillShell(indexHtml(), shell, preloadsOf(shell.preload)));
        }
        const found = page.exists ? await page.exists(params) : true;
        return sendIndex(reply.status(found ? 200 : 404));
      });
    }
  }
  app.setNotFoundHandler(async (request, reply) => {
    // Unknown API paths and missing asset files are real 404s; any other path is a client route.
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') && !/^\/(api|assets)\//.test(request.url);
    if (isPage && hasBuild) return sendIndex(reply);
    const body: ErrorBody = { code: 'NOT_FOUND', message: nl.errors.notFound };
    return reply.status(404).send(body);
  });
});

import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { transformSync } from 'esbuild';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, type Plugin } from 'vite';

const r = (p: string) => fileURLToPath(new URL(p, import.meta.url));

export const alias = {
  '@core': r('./src/core'),
  '@contracts': r('./src/contracts'),
  '@web': r('./src/web'),
};

/**
 * What the booking page /boek/{slug} runs before the first interaction, in three chunks instead of some
 * thirty small ones (each its own request and its own gzip window): the libraries every page needs, the
 * pieces every public page shares (also the business page /p/{publicSlug}), and the wizard's first step.
 * The later steps (form, review, payment) stay lazy chunks of their own. A module missing here still
 * works; it only lands in a chunk of its own.
 */
const firstLoadVendor =
  /vite\/preload-helper|node_modules\/(react|react-dom|scheduler|@tanstack\/(query-core|react-query)|wouter|regexparam|clsx|lucide-react\/dist\/esm\/(shared|Icon|context|createLucideIcon|defaultAttributes))\//;
/** Library parts only later steps and the owner pages use (changes, endless lists): not in that chunk. */
const laterVendor =
  /@tanstack\/(query-core|react-query)\/build\/modern\/(infiniteQuery\w*|useInfiniteQuery|useMutation|mutationObserver)\.js$/;
const anyOf = (patterns: string[]) => new RegExp(patterns.join('|'));
const publicShared = anyOf([
  String.raw`/src/core/(time|timezone|money|luminance|theme-palette)\.ts$`,
  String.raw`/src/contracts/messages-public\.ts$`,
  String.raw`/src/web/lib/(fill-message|use-document-title|utils)\.ts$`,
  String.raw`/src/web/components/(ui/(skeleton|button|slot)|load-error|empty-state|form-messages|brand-mark)\.tsx$`,
  String.raw`/src/web/features/booking/api/get-public-event\.ts$`,
  String.raw`/src/web/features/booking/lib/theme-color\.ts$`,
  String.raw`/src/web/features/booking/components/(public-page|event-header|business-header)\.tsx$`,
  String.raw`lucide-react/dist/esm/icons/(calendar-check|circle-exclamation-point|banknote|clock|triangle-exclamation-point|chevron-right)\.mjs$`,
]);
const bookingFirstStep = anyOf([
  String.raw`/src/core/(dutch-calendar|horizon|bookable-months)\.ts$`,
  String.raw`/src/web/features/booking/api/(get-public-fields|get-month-availability)\.ts$`,
  String.raw`/src/web/features/booking/lib/(use-availability-month|agenda-choice|wizard-state|inlined-page-data|in-frame)\.ts$`,
  String.raw`/src/web/features/booking/components/(slot-grid|step-heading|agenda-choice|date-step|progress-steps|step-skeleton|time-step|booking-wizard)\.tsx$`,
  String.raw`lucide-react/dist/esm/icons/(calendar-x-2|arrow-left|chevron-left|check)\.mjs$`,
]);

/**
 * The paid flow's start, shared by one service's review step and a visit's (docs/PRODUCT.md#visits):
 * one chunk, so the booking page's first step lists one more name to preload later, not several.
 */
const paidFlowStart = anyOf([
  String.raw`/src/web/features/booking/lib/(use-start-payment|payment-split|held-payment|attempt-key)\.ts$`,
  String.raw`/src/web/features/booking/api/(create-payment-intent|get-stripe-public-key|get-payment-quote|payment-holds)\.ts$`,
]);

/**
 * The waitlist's texts and rule (docs/PRODUCT.md#waitlist), which the owner app's messages and the
 * server's rule also reach, with its contract and requests: one small chunk (its imports stay where
 * they are), so the lists of chunks to preload grow by one name rather than several.
 */
const waitlistShared = anyOf([
  String.raw`/src/core/waitlist\.ts$`,
  String.raw`/src/contracts/messages-public-waitlist\.ts$`,
  String.raw`/src/web/features/booking/api/waitlist\.ts$`,
]);

/**
 * The scripts in public/ that pages load as they are (the booking page's loader, the embed script)
 * are copied without Vite's minifier: minify them in the output, keeping the commented sources.
 */
function minifyPublicScripts(names: string[]): Plugin {
  return {
    name: 'minify-public-scripts',
    apply: 'build',
    closeBundle() {
      for (const name of names) {
        const file = r(`./dist/web/${name}`);
        const { code } = transformSync(readFileSync(file, 'utf8'), { minify: true, target: 'es2017' });
        writeFileSync(file, code);
      }
    },
  };
}

export default defineConfig({
  root: r('./src/web'),
  publicDir: r('./src/web/public'),
  plugins: [react(), tailwindcss(), minifyPublicScripts(['boot.js', 'embed.js'])],
  resolve: {
    alias: {
      ...alias,
      'use-sync-external-store/shim/index.js': r('./src/web/lib/react-sync-external-store.ts'),
    },
  },
  build: {
    outDir: r('./dist/web'),
    emptyOutDir: true,
    sourcemap: false,
    // Which chunk each page became: the server preloads the booking page's chunks with the entry.
    manifest: true,
    // The visit's chunks (docs/PRODUCT.md#visits) load only when used, and the pages a link in an
    // e-mail opens now and then (a password reset, an invitation, not found): the page that may load
    // them does not list their dependencies for preloading, as every name listed is part of that
    // page's first load (B1). They fetch their own imports when they arrive. A class's time step
    // (docs/PRODUCT.md#classes) likewise: its imports are the form step's, preloaded with that.
    modulePreload: {
      resolveDependencies: (file, deps) =>
        /\/(add-service|basket-bar|class-time-step|waitlist-[a-z-]+|visit-page|reset-password-page|invitation-page|not-found-page)-/.test(
          `/${file}`,
        )
          ? []
          : deps,
    },
    rolldownOptions: {
      output: {
        // Every chunk's name is written into the preload lists of the chunks that may load it, which
        // are part of the booking page's first load (B1): a shorter hash keeps those lists small.
        chunkFileNames: 'assets/[name]-[hash:7].js',
        codeSplitting: {
          groups: [
            {
              name: 'vendor',
              test: (id: string) => firstLoadVendor.test(id) && !laterVendor.test(id),
              priority: 30,
            },
            { name: 'public', test: publicShared, priority: 20 },
            { name: 'booking', test: bookingFirstStep, priority: 10 },
            { name: 'paid-flow', test: paidFlowStart, priority: 5 },
            // Without its imports (zod, the booking contracts): other pages load those from their own chunks.
            { name: 'waitlist', test: waitlistShared, priority: 5, includeDependenciesRecursively: false },
            // The form step's rules on the customer's answers, its mobile-number rule with them
            // (docs/PRODUCT.md#text-messages): one name in the booking page's preload lists, not two.
            {
              name: 'customer',
              test: /\/src\/core\/(customer|mobile-phone)\.ts$/,
              priority: 5,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
  server: {
    port: Number(process.env.VITE_PORT ?? 5173),
    proxy: {
      '/api': `http://localhost:${process.env.PORT ?? 3000}`,
      '/healthz': `http://localhost:${process.env.PORT ?? 3000}`,
      '/readyz': `http://localhost:${process.env.PORT ?? 3000}`,
    },
  },
});

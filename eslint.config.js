import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { serverLayers } from './eslint.server-layers.js';

// Import boundaries of src/web (like bulletproof-react's zones). A config object's rule options
// replace an earlier object's for the same rule, so each zone lists every pattern that applies to it.
const noServer = { group: ['**/server/**'], message: 'web/core/contracts must not import server code' };
const features = readdirSync(new URL('./src/web/features', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
const sharedOnly = {
  regex: '^@web/(features|app|pages)/',
  message: 'src/web/lib and src/web/components are shared: they import no feature, no app shell, no page',
};
/** A feature imports no other feature (through the alias or a relative path), nor the app shell or pages. */
const ownFeatureOnly = (feature) => [
  {
    regex: `^@web/features/(?!${feature}/)|^(\\.\\./)+(${features.filter((f) => f !== feature).join('|')})/`,
    message:
      'features do not import each other: move what they share to src/web/lib or src/web/components, or compose them in pages/',
  },
  {
    regex: '^@web/(app|pages)/',
    message: 'a feature imports no app shell and no page: pages compose features',
  },
];
/** The public pages (/boek, /p, /booking/manage, /payment/*) load nothing of the owner app. */
const publicOnly = [
  {
    regex: '^@web/(app/|features/(?!booking/))',
    message: 'the public pages load nothing of the owner app: only features/booking, lib and components',
  },
  {
    regex: '^@contracts/messages$',
    message:
      "the public pages use nlPublic from '@contracts/messages-public': the owner app's texts stay off a customer's phone",
  },
];
const restrict = (...patterns) => ({
  'no-restricted-imports': ['error', { patterns: [noServer, ...patterns] }],
});
const publicPages = [
  'src/web/pages/book/**',
  'src/web/pages/business/**',
  'src/web/pages/manage/**',
  'src/web/pages/payment/**',
];
const webZones = [
  { files: ['src/web/components/**', 'src/web/lib/**'], rules: restrict(sharedOnly) },
  ...features.map((feature) => ({
    files: [`src/web/features/${feature}/**`],
    rules: restrict(...ownFeatureOnly(feature), ...(feature === 'booking' ? publicOnly : [])),
  })),
  // Tests do not ship: they may quote any message.
  { files: ['src/web/features/booking/**/*.test.ts'], rules: restrict(...ownFeatureOnly('booking')) },
  { files: publicPages, rules: restrict(...publicOnly) },
];

export default tseslint.config(
  { ignores: ['dist', 'data', 'node_modules', 'src/server/db/migrations', 'test-results'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // Imports flow one way: core <- contracts <- server / web (docs/architecture/layers.md).
    files: ['src/web/**', 'src/core/**', 'src/contracts/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [noServer] }],
    },
  },
  ...webZones,
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    files: ['src/server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/web/**', '@web/*'], message: 'server must not import web code' }] },
      ],
    },
  },
  // The server's bands import downwards only, and no two files or modules import each other
  // (docs/architecture/layers.md).
  ...serverLayers,
);

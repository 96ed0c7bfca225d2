import { defineConfig } from 'vitest/config';
import { alias } from './vite.config.ts';

export default defineConfig({
  resolve: { alias },
  test: {
    include: ['src/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['./src/server/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Vitest's default is one worker less than the cores: one worker on this two-core machine. The
    // suites mostly wait (PostgreSQL, SMTP sinks, job workers, server processes), so two files at a
    // time take ~30% less wall time (docs/decisions/017-test-parallelism.md).
    maxWorkers: 2,
  },
});

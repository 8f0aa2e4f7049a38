import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * End-to-end: real server processes (and, with the client, Debian chromium via playwright-core).
 * Every file starts its own servers on free ports with its own database, so files run side by
 * side: one per core by default (E2E_WORKERS overrides; 1 runs them one at a time).
 */
const workers = Number(process.env.E2E_WORKERS) || Math.max(1, Math.min(4, availableParallelism()));

export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.test.ts'],
    globalSetup: ['tests/e2e/global-setup.ts'],
    environment: 'node',
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: 'forks',
    fileParallelism: workers > 1,
    maxWorkers: workers,
  },
});

import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { alias: { '@shared': fileURLToPath(new URL('./src/shared', import.meta.url)) } },
  test: {
    include: ['src/**/*.test.ts', 'server/**/*.test.ts', 'tests/server/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Server tests start real servers and processes and wait on them, so two forks keep two cores busy
    // (vitest's default, cores − 1, runs one at a time on two cores: files adding up to 338 s ran in 263 s).
    pool: 'forks',
    maxWorkers: Math.max(2, availableParallelism() - 1),
    env: { LOG_LEVEL: 'silent' },
  },
});

import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { alias: { '@shared': fileURLToPath(new URL('./src/shared', import.meta.url)) } },
  test: {
    include: ['src/**/*.test.ts', 'server/**/*.test.ts', 'tests/server/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Server tests start real servers and processes; two cores, so keep forks modest.
    pool: 'forks',
    env: { LOG_LEVEL: 'silent' },
  },
});

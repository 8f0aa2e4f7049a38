import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { ISOLATED_TEST_FILES } from './tests/config/isolated-tests';

const shared = {
  environment: 'node',
  testTimeout: 30_000,
  hookTimeout: 60_000,
  // Server tests start real servers and processes and wait on them, so two forks keep two cores busy
  // (vitest's default, cores − 1, runs one at a time on two cores: files adding up to 338 s ran in 263 s).
  pool: 'forks',
  env: { LOG_LEVEL: 'silent' },
} as const;

export default defineConfig({
  resolve: { alias: { '@shared': fileURLToPath(new URL('./src/shared', import.meta.url)) } },
  test: {
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // Files share their worker's modules unless they change shared state (tests/config/isolated-tests.ts).
    // Projects do not extend the root: vitest would add the root's `include` to each one's.
    projects: [
      {
        resolve: { alias: { '@shared': fileURLToPath(new URL('./src/shared', import.meta.url)) } },
        test: { ...shared, name: 'shared', include: ['src/**/*.test.ts', 'server/**/*.test.ts', 'tests/server/**/*.test.ts'], exclude: ISOLATED_TEST_FILES, isolate: false },
      },
      {
        resolve: { alias: { '@shared': fileURLToPath(new URL('./src/shared', import.meta.url)) } },
        test: { ...shared, name: 'isolated', include: ISOLATED_TEST_FILES, isolate: true },
      },
      {
        // Components and hooks with Testing Library in a light DOM (happy-dom): what a person sees
        // and does, without a browser. Real Chromium stays with the e2e files.
        resolve: { alias: { '@shared': fileURLToPath(new URL('./src/shared', import.meta.url)) } },
        test: { ...shared, name: 'components', include: ['src/renderer/**/*.test.tsx'], environment: 'happy-dom', setupFiles: ['tests/config/components-setup.ts'] },
      },
    ],
  },
});

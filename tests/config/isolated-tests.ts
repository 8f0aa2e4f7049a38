/**
 * Unit test files that replace modules, timers or methods (vi.mock, fake timers, spies, stubbed
 * globals): each runs in a fresh module graph. Every other file shares its worker's modules with
 * the files run before it (vitest.config.ts): importing the whole server anew for each file was over
 * a third of the suite's CPU (six server files: 23 s → 14 s user). `isolated-tests.test.ts` fails
 * when a file that needs isolation is missing here.
 */
export const ISOLATED_TEST_FILES = [
  'src/renderer/src/ui/floating-gesture.test.ts',
  'src/renderer/src/ui/debounce.test.ts',
  'src/renderer/src/ui/notifier-store.test.ts',
  'src/renderer/src/features/homework-p2/save-retry.test.ts',
  'src/renderer/src/lib/live-client.test.ts',
  'src/renderer/src/lib/offline-store/draft-writes.test.ts',
  'src/renderer/src/lib/offline-store/desktop-draft-writes.test.ts',
  'src/renderer/src/lib/offline-store/sync-engine.test.ts',
  'src/renderer/src/features/reviews/offline/review-outbox.test.ts',
  'server/live/anonymous-log.test.ts',
  'server/live/hub-delivery.test.ts',
];

/** What makes a test file change shared state that later files of the same worker would see. */
export const NEEDS_ISOLATION = /\bvi\.(mock|doMock|stubGlobal|stubEnv|useFakeTimers|spyOn|resetModules)\b/;

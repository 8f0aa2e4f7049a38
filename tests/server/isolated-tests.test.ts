import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ISOLATED_TEST_FILES, NEEDS_ISOLATION } from '../config/isolated-tests';

describe('test files that change shared state run isolated', () => {
  it('every unit test file using vi.mock, fake timers, spies or stubs is in ISOLATED_TEST_FILES', () => {
    const files = ['src', 'server', 'tests/server'].flatMap((root) =>
      readdirSync(root, { recursive: true, encoding: 'utf8' })
        .filter((file) => file.endsWith('.test.ts') && !file.includes('node_modules'))
        .map((file) => `${root}/${file}`),
    );
    expect(files.length).toBeGreaterThan(100);
    const needing = files.filter((file) => NEEDS_ISOLATION.test(readFileSync(file, 'utf8'))).sort();
    // This file names the pattern, it does not use it.
    const missing = needing.filter((file) => !ISOLATED_TEST_FILES.includes(file) && file !== 'tests/server/isolated-tests.test.ts');
    expect(missing).toEqual([]);
    expect(needing.length).toBeGreaterThan(0);
  });
});

import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { WEB_OUTPUTS, WEB_SOURCES } from '../../scripts/build-web.mjs';
import { staleReason } from '../../scripts/staleness.mjs';

// `npm start` rebuilds the web app and the server only when stale: the decision both take.
let root = '';
afterEach(() => rmSync(root, { recursive: true, force: true }));

/** Writes `file` under the temporary root with its modification time `secondsAgo` in the past. */
function write(file: string, secondsAgo: number): void {
  const path = join(root, file);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, file);
  const when = new Date(Date.now() - secondsAgo * 1000);
  utimesSync(path, when, when);
}

describe('staleReason', () => {
  const outputs = ['out/renderer/index.html', 'out/main/index.js'];
  const inputs = ['src', 'electron.vite.config.ts', 'package-lock.json'];

  it('is null when every output is newer than every source, nested folders included', () => {
    root = mkdtempSync(join(tmpdir(), 'enot-stale-'));
    write('src/renderer/src/features/a/Deep.tsx', 100);
    write('electron.vite.config.ts', 100);
    write('out/renderer/index.html', 10);
    write('out/main/index.js', 10);
    // package-lock.json absent: an optional source, not a change.
    expect(staleReason({ root, outputs, inputs })).toBeNull();
  });

  it('names a source edited after the build, however deep', () => {
    root = mkdtempSync(join(tmpdir(), 'enot-stale-'));
    write('out/renderer/index.html', 50);
    write('out/main/index.js', 10);
    write('src/renderer/src/features/a/Deep.tsx', 20);
    expect(staleReason({ root, outputs, inputs })).toBe(join('src/renderer/src/features/a/Deep.tsx') + ' новее сборки');
  });

  it('rebuilds when an output is missing', () => {
    root = mkdtempSync(join(tmpdir(), 'enot-stale-'));
    write('src/a.ts', 100);
    write('out/renderer/index.html', 10);
    expect(staleReason({ root, outputs, inputs })).toBe('нет out/main/index.js');
  });

  it('counts a vanished recorded input as a change only when asked (the server bundle)', () => {
    root = mkdtempSync(join(tmpdir(), 'enot-stale-'));
    write('out/renderer/index.html', 10);
    write('out/main/index.js', 10);
    expect(staleReason({ root, outputs, inputs: ['server/gone.ts'] })).toBeNull();
    expect(staleReason({ root, outputs, inputs: ['server/gone.ts'], missingInputIsChange: true })).toBe('нет server/gone.ts');
  });

  it('the web build watches the renderer, the shared code, its config and the lock file', () => {
    expect(WEB_SOURCES).toEqual(expect.arrayContaining(['src', 'electron.vite.config.ts', 'package-lock.json', 'tooling']));
    expect(WEB_OUTPUTS).toContain('out/renderer/index.html');
  });
});

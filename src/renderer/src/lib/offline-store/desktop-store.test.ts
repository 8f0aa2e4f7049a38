import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openOfflineCache, type OfflineCache } from '../../../../main/cache/offline-cache';
import { createInProcessDesktop } from '../../../../main/testing/in-process-desktop';
import { createDesktopStore } from './desktop-store';
import { pickOfflineStore } from './index';
import { describeUserDraftsContract } from '../drafts/user-drafts-contract';
import { describeOfflineStoreContract } from './store-contract';

// The desktop store over a fake window.desktop: the preload bridge calling the real IPC handlers
// (with their validation) over the real SQLite cache module, in one process.
describeOfflineStoreContract('desktop (window.desktop → IPC → SQLite)', (now) => {
  const dir = mkdtempSync(join(tmpdir(), 'enot-desktop-store-'));
  const file = join(dir, 'offline-cache.sqlite');
  const caches: OfflineCache[] = [openOfflineCache(file, { now })];
  return {
    store: createDesktopStore(createInProcessDesktop(caches[0]!)),
    reopen: async () => {
      const cache = openOfflineCache(file, { now });
      caches.push(cache);
      return createDesktopStore(createInProcessDesktop(cache));
    },
    dispose: () => {
      for (const cache of caches) cache.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
});

describe('store choice', () => {
  it('uses window.desktop when the preload exposed it', async () => {
    const cache = openOfflineCache(':memory:');
    try {
      const store = pickOfflineStore(createInProcessDesktop(cache));
      await store.flags.set('buttons', { home: '1' });
      expect(cache.flags.get('buttons')).toEqual({ home: '1' });
    } finally {
      cache.close();
    }
  });
});

// The drafts and flags the app keeps: per user, moved from localStorage, kept across a
// restart of the desktop store — on the same real SQLite cache.
describeUserDraftsContract('desktop (window.desktop → IPC → SQLite)', (now) => {
  const dir = mkdtempSync(join(tmpdir(), 'enot-desktop-drafts-'));
  const file = join(dir, 'offline-cache.sqlite');
  const caches: OfflineCache[] = [openOfflineCache(file, { now })];
  return {
    store: createDesktopStore(createInProcessDesktop(caches[0]!)),
    reopen: async () => {
      // A restart: the first cache file is closed before it is opened again.
      for (const cache of caches.splice(0)) cache.close();
      const cache = openOfflineCache(file, { now });
      caches.push(cache);
      return createDesktopStore(createInProcessDesktop(cache));
    },
    dispose: () => {
      for (const cache of caches) cache.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
});

import type { DesktopApi } from '../../../../shared/desktop-api';
import { desktopApi } from '../platform';
import { createDesktopStore } from './desktop-store';
import { createIndexedDbStore } from './indexeddb-store';
import type { OfflineStore } from './types';

export type * from './types';
export { OutboxConflict, replayOutbox, type OutboxExecutor, type ReplayOptions, type ReplayResult } from './outbox';

/** The desktop cache when running in Electron, IndexedDB in the browser. */
export function pickOfflineStore(desktop: DesktopApi | null): OfflineStore {
  return desktop ? createDesktopStore(desktop) : createIndexedDbStore();
}

let shared: OfflineStore | null = null;

/** The app's one offline store, chosen on first use. */
export function offlineStore(): OfflineStore {
  return (shared ??= pickOfflineStore(desktopApi()));
}

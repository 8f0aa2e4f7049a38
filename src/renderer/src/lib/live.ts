import { atom, getDefaultStore } from 'jotai';
import { onlineSocket, updateIcons } from '@shared/contract/shell';
import type { DisplayFlags } from '@shared/domain/icons';
import { createTimestampSource } from '@shared/signing';
import { ru } from '../i18n/ru';
import { toJsonValue } from '@shared/json-value';
import { apiBaseUrl } from './api';
import { createLiveClient, signedSocketUrl, type LiveClient } from './live-client';
import { readSession } from './session';
import { migrateLegacyFlags } from './drafts/legacy-storage';
import { offlineStore } from './offline-store';

export type LiveStatus = 'connecting' | 'online' | 'offline' | 'paused';

/** Display flags: cached ones first (shell §4.4), then every push. Null until any are known. */
export const displayFlagsAtom = atom<Partial<DisplayFlags> | null>(null);

/** Key of the display flags in the offline store's flags (desktop SQLite, browser IndexedDB). */
export const FLAGS_KEY = 'buttons';

/**
 * The flags cached by the last session, read once at start. The offline store answers
 * asynchronously: a push that came first is newer and is kept.
 */
export async function loadCachedFlags(): Promise<void> {
  try {
    const store = offlineStore();
    await migrateLegacyFlags(store, window.localStorage);
    const cached = await store.flags.get(FLAGS_KEY);
    const jotai = getDefaultStore();
    if (cached && typeof cached === 'object' && !Array.isArray(cached) && jotai.get(displayFlagsAtom) === null && readSession()) {
      jotai.set(displayFlagsAtom, cached as Partial<DisplayFlags>);
    }
  } catch {
    // No offline store (private mode): the flags come with the first push.
  }
}

/** Signing out: the next person starts without this one's flags (shell §7.1). */
export function forgetCachedFlags(): Promise<void> {
  return Promise.resolve()
    .then(() => offlineStore().flags.set(FLAGS_KEY, null))
    .catch(() => undefined);
}
export const liveStatusAtom = atom<LiveStatus>('connecting');

let client: LiveClient | null = null;
const nextTs = createTimestampSource();

function socketBase(): string {
  const origin = apiBaseUrl() || window.location.origin;
  return origin.replace(/^http/, 'ws');
}

/** The live socket of the signed-in session, created once by the shell. */
export function connectLive(onSignedOut: () => void): LiveClient {
  if (client) return client;
  const store = getDefaultStore();
  void loadCachedFlags();
  client = createLiveClient({
    url: async () => {
      const session = readSession();
      if (!session) throw new Error(ru.shell.noSession);
      return signedSocketUrl(socketBase() + onlineSocket.path, session, nextTs());
    },
    onSignedOut,
  });
  client.on(updateIcons, ({ icons }) => {
    store.set(displayFlagsAtom, icons);
    // The webinar flag is never cached (shell §3.3).
    const { webinar: _webinar, ...cached } = icons;
    void offlineStore()
      .flags.set(FLAGS_KEY, toJsonValue(cached))
      .catch(() => undefined);
  });
  client.onStatus((status) => store.set(liveStatusAtom, status));
  return client;
}

export function liveClient(): LiveClient | null {
  return client;
}

export function disconnectLive(): void {
  client?.close();
  client = null;
  getDefaultStore().set(displayFlagsAtom, null);
}

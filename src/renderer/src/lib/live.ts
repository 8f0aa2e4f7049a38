import { atom, getDefaultStore } from 'jotai';
import { onlineSocket, updateIcons } from '@shared/contract/shell';
import type { DisplayFlags } from '@shared/domain/icons';
import { createTimestampSource } from '@shared/signing';
import { ru } from '../i18n/ru';
import { apiBaseUrl } from './api';
import { createLiveClient, signedSocketUrl, type LiveClient } from './live-client';
import { readSession } from './session';
import { STORAGE_KEYS, readJson, writeStorage } from './storage-keys';

export type LiveStatus = 'connecting' | 'online' | 'offline' | 'paused';

/** Display flags: cached ones first (shell §4.4), then every push. Null until any are known. */
export const displayFlagsAtom = atom<Partial<DisplayFlags> | null>(readJson<Partial<DisplayFlags> | null>(STORAGE_KEYS.buttons, null));
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
    writeStorage(STORAGE_KEYS.buttons, JSON.stringify(cached));
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

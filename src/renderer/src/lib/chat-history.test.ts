import 'fake-indexeddb/auto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { CachedChatMessage } from '@shared/desktop-api';
import { openOfflineCache, type OfflineCache } from '../../../main/cache/offline-cache';
import { appendChatHistory, chatHistoryKey, dropChatHistory, readChatHistory, type ChatStore } from './chat-history';
import { createIndexedDbStore } from './offline-store/indexeddb-store';

const dirs: string[] = [];
const caches: OfflineCache[] = [];
afterEach(() => {
  for (const cache of caches.splice(0)) cache.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function desktopCache(file?: string): { cache: OfflineCache; file: string } {
  const path = file ?? join((dirs[dirs.push(mkdtempSync(join(tmpdir(), 'enot-chat-history-'))) - 1])!, 'cache.db');
  const cache = openOfflineCache(path);
  caches.push(cache);
  return { cache, file: path };
}

const as = (owner: string | null) => async () => owner;
const message = (id: number, text: string): CachedChatMessage => ({ id, message: text, itsBot: '0' });

let idb = 0;
const stores: Array<[string, () => ChatStore]> = [
  ['desktop SQLite cache', () => desktopCache().cache.chat],
  ['browser IndexedDB', () => createIndexedDbStore({ name: `enot-chat-history-${++idb}` }).chat],
];

describe.each(stores)('AI chat history per user (%s)', (_name, open) => {
  it('user B signing in on the same computer never sees user A\'s history', async () => {
    const store = open();
    await appendChatHistory('botTheory', [message(1, 'Вопрос Анны про инфляцию')], { store, owner: as('anna') });
    await appendChatHistory('botConsultantKurs', [message(1, 'Когда дедлайн у Анны?')], { store, owner: as('anna') });

    expect(await readChatHistory('botTheory', { store, owner: as('boris') })).toEqual([]);
    expect(await readChatHistory('botConsultantKurs', { store, owner: as('boris') })).toEqual([]);
    await appendChatHistory('botTheory', [message(1, 'Вопрос Бориса')], { store, owner: as('boris') });
    expect(await readChatHistory('botTheory', { store, owner: as('boris') })).toEqual([message(1, 'Вопрос Бориса')]);
    expect(await readChatHistory('botTheory', { store, owner: as('anna') })).toEqual([message(1, 'Вопрос Анны про инфляцию')]);
  });

  it('nobody signed in (or not known yet): nothing read, nothing written', async () => {
    const store = open();
    await appendChatHistory('botTheory', [message(1, 'чей?')], { store, owner: as(null) });
    expect(await readChatHistory('botTheory', { store, owner: as(null) })).toEqual([]);
    expect(await store.get('botTheory')).toEqual([]);
  });

  it('sign-out with «Удалить» drops the user\'s history with every bot and nobody else\'s', async () => {
    const store = open();
    await appendChatHistory('botTheory', [message(1, 'А1')], { store, owner: as('anna') });
    await appendChatHistory('botConsultantKurs', [message(2, 'А2')], { store, owner: as('anna') });
    await appendChatHistory('botTheory', [message(1, 'Б1')], { store, owner: as('boris') });
    await dropChatHistory({ store, owner: as('anna') });
    expect(await store.get(chatHistoryKey('anna', 'botTheory'))).toEqual([]);
    expect(await store.get(chatHistoryKey('anna', 'botConsultantKurs'))).toEqual([]);
    expect(await readChatHistory('botTheory', { store, owner: as('boris') })).toEqual([message(1, 'Б1')]);
  });

  it('the history older versions kept under the bot alone (whose, unknown) is dropped, not shown', async () => {
    const store = open();
    await store.append('botTheory', [message(1, 'старая история без владельца')]);
    expect(await readChatHistory('botTheory', { store, owner: as('boris') })).toEqual([]);
    expect(await store.get('botTheory')).toEqual([]);
  });
});

describe('AI chat history per user across a restart of the desktop cache', () => {
  it('each user finds their own history after the app is reopened', async () => {
    const first = desktopCache();
    await appendChatHistory('botTheory', [message(1, 'А')], { store: first.cache.chat, owner: as('anna') });
    first.cache.close();
    caches.splice(caches.indexOf(first.cache), 1);
    const reopened = desktopCache(first.file).cache.chat;
    expect(await readChatHistory('botTheory', { store: reopened, owner: as('anna') })).toEqual([message(1, 'А')]);
    expect(await readChatHistory('botTheory', { store: reopened, owner: as('boris') })).toEqual([]);
  });
});

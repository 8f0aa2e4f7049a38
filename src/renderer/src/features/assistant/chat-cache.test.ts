import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { BotMessage } from '@shared/contract/assistant';
import { openOfflineCache, type OfflineCache } from '../../../../main/cache/offline-cache';
import { cachedMessages, loadCachedChat, saveCachedChat } from './chat-cache';

const dirs: string[] = [];
const caches: OfflineCache[] = [];
afterEach(() => {
  for (const cache of caches.splice(0)) cache.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function openCache(file?: string): { cache: OfflineCache; file: string } {
  const path = file ?? join((dirs[dirs.push(mkdtempSync(join(tmpdir(), 'enot-chat-'))) - 1])!, 'cache.db');
  const cache = openOfflineCache(path);
  caches.push(cache);
  return { cache, file: path };
}

const owner = async () => 'user-a';

const message = (id: number, extra: Partial<BotMessage> = {}): BotMessage => ({
  id,
  message: id % 2 ? `Вопрос ${id}` : `Ответ ${id} [1]`,
  itsBot: id % 2 ? '0' : '1',
  status: 'done',
  sources: id % 2 ? [] : [{ n: 1, chunkId: 7, name: 'Инфляция: виды и последствия', lessonNum: 4, lessonName: 'Государство и финансы' }],
  createdAt: 1_700_000_000_000 + id,
  ...extra,
});

describe('AI chat offline copy in the desktop cache', () => {
  it('keeps the pushed messages per bot across a restart and reads them back as chat messages', async () => {
    const first = openCache();
    await saveCachedChat('botTheory', [message(1), message(2, { status: 'pending', message: '' })], { store: first.cache.chat, owner });
    await saveCachedChat('botTheory', [message(2)], { store: first.cache.chat, owner });
    await saveCachedChat('botConsultantKurs', [message(1, { message: 'Когда дедлайн?' })], { store: first.cache.chat, owner });
    first.cache.close();
    caches.splice(caches.indexOf(first.cache), 1);

    const reopened = openCache(first.file);
    expect(await loadCachedChat('botTheory', { store: reopened.cache.chat, owner })).toEqual([message(1), message(2)]);
    expect((await loadCachedChat('botConsultantKurs', { store: reopened.cache.chat, owner })).map((m) => m.message)).toEqual(['Когда дедлайн?']);
  });

  it('skips cached entries that are not chat messages and survives a broken cache', async () => {
    expect(cachedMessages([message(3), { id: 4, question: 'старый формат' }, null])).toEqual([message(3)]);
    const disk = () => Promise.reject(new Error('disk'));
    const broken = { store: { get: disk, append: disk, replace: disk }, owner };
    expect(await loadCachedChat('botTheory', broken)).toEqual([]);
    await expect(saveCachedChat('botTheory', [message(1)], broken)).resolves.toBeUndefined();
  });
});

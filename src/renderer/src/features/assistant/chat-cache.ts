import { botMessage, type BotId, type BotMessage } from '@shared/contract/assistant';
import type { CachedChatMessage } from '@shared/desktop-api';
import { offlineStore } from '../../lib/offline-store';

/**
 * The AI chat's offline copy (ARCHITECTURE §9): the desktop keeps it in the main process's SQLite
 * cache, the browser in IndexedDB, behind the same offline-store interface. The chat shows it at
 * once and without a connection; pushes keep it current.
 */

/** The cached messages still readable as chat messages (a cache written by an older version may hold others). */
export function cachedMessages(raw: readonly unknown[]): BotMessage[] {
  return raw.flatMap((item) => {
    const parsed = botMessage.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}

/** Messages in the cache's shape (numeric id plus JSON fields). */
export function toCached(messages: readonly BotMessage[]): CachedChatMessage[] {
  return messages.map((message) => ({ ...message, sources: message.sources.map((source) => ({ ...source })) }));
}

export interface ChatCache {
  get(bot: string): Promise<CachedChatMessage[]> | CachedChatMessage[];
  append(bot: string, messages: CachedChatMessage[]): Promise<void> | void;
}

function store(): { chat: ChatCache } {
  return offlineStore();
}

export async function loadCachedChat(bot: BotId, cache?: ChatCache): Promise<BotMessage[]> {
  try {
    return cachedMessages(await (cache ?? store().chat).get(bot));
  } catch {
    // No cache (private mode, a broken file): the chat still works online.
    return [];
  }
}

export async function saveCachedChat(bot: BotId, messages: readonly BotMessage[], cache?: ChatCache): Promise<void> {
  if (messages.length === 0) return;
  try {
    await (cache ?? store().chat).append(bot, toCached(messages));
  } catch {
    // Losing the offline copy loses nothing: the server keeps the history.
  }
}

import { botMessage, type BotId, type BotMessage } from '@shared/contract/assistant';
import type { CachedChatMessage } from '@shared/desktop-api';
import { appendChatHistory, readChatHistory, type ChatHistoryDeps } from '../../lib/chat-history';

/**
 * The AI chat's offline copy (ARCHITECTURE §9): the desktop keeps it in the main process's SQLite
 * cache, the browser in IndexedDB, per user and bot (lib/chat-history). The chat shows it at once
 * and without a connection; pushes keep it current.
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

export async function loadCachedChat(bot: BotId, deps?: ChatHistoryDeps): Promise<BotMessage[]> {
  try {
    return cachedMessages(await readChatHistory(bot, deps));
  } catch {
    // No cache (private mode, a broken file): the chat still works online.
    return [];
  }
}

export async function saveCachedChat(bot: BotId, messages: readonly BotMessage[], deps?: ChatHistoryDeps): Promise<void> {
  if (messages.length === 0) return;
  try {
    await appendChatHistory(bot, toCached(messages), deps);
  } catch {
    // Losing the offline copy loses nothing: the server keeps the history.
  }
}

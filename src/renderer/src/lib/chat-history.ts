import { BOTS } from '@shared/contract/assistant';
import type { CachedChatMessage } from '@shared/desktop-api';
import { resolveOwner } from './drafts/owner';
import { userPrefix } from './drafts/user-drafts';
import { offlineStore } from './offline-store';

/**
 * The AI chat's offline history per user and bot (desktop: main's SQLite cache, browser:
 * IndexedDB). Kept under the user's key, like drafts, so a person who signs in after someone else
 * on the same computer never sees their conversation. Without a known user nothing is read or
 * written (the chat then works online only).
 */

/** The offline store's chat part (a test passes a real desktop cache's). */
export interface ChatStore {
  get(key: string): Promise<CachedChatMessage[]> | CachedChatMessage[];
  append(key: string, messages: CachedChatMessage[]): Promise<void> | void;
  replace(key: string, messages: CachedChatMessage[]): Promise<void> | void;
}

export interface ChatHistoryDeps {
  store?: ChatStore;
  /** The signed-in user's owner key (lib/drafts/owner); null when signed out or unknown. */
  owner?: () => Promise<string | null>;
}

/** The store key of one user's history with one bot. */
export function chatHistoryKey(owner: string, bot: string): string {
  return `${userPrefix(owner)}${bot}`;
}

const chatStore = (deps: ChatHistoryDeps): ChatStore => deps.store ?? offlineStore().chat;

/** Versions before the per-user key kept the history under the bot's name alone: whose is unknown. */
const legacyDropped = new WeakSet<ChatStore>();

async function dropLegacyHistory(store: ChatStore): Promise<void> {
  if (legacyDropped.has(store)) return;
  for (const bot of BOTS) await store.replace(bot, []);
  legacyDropped.add(store);
}

export async function readChatHistory(bot: string, deps: ChatHistoryDeps = {}): Promise<CachedChatMessage[]> {
  const owner = await (deps.owner ?? resolveOwner)();
  if (!owner) return [];
  const store = chatStore(deps);
  await dropLegacyHistory(store);
  return store.get(chatHistoryKey(owner, bot));
}

export async function appendChatHistory(bot: string, messages: CachedChatMessage[], deps: ChatHistoryDeps = {}): Promise<void> {
  const owner = await (deps.owner ?? resolveOwner)();
  if (!owner) return;
  await chatStore(deps).append(chatHistoryKey(owner, bot), messages);
}

/** Sign-out with «Удалить»: the signed-in user's history with every bot goes (nobody else's). */
export async function dropChatHistory(deps: ChatHistoryDeps = {}): Promise<void> {
  const owner = await (deps.owner ?? resolveOwner)();
  if (!owner) return;
  const store = chatStore(deps);
  for (const bot of BOTS) await store.replace(chatHistoryKey(owner, bot), []);
}

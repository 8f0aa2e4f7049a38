import type { OfflineCacheApi } from '../../../../shared/desktop-api';

/**
 * Offline storage of the renderer: drafts, AI-chat history (at most CHAT_HISTORY_LIMIT per bot),
 * display flags and the outbox. One interface, two implementations: the desktop's SQLite cache
 * through window.desktop, IndexedDB in the browser. The shapes are declared once in
 * src/shared/desktop-api.ts, so both implementations cannot drift apart.
 */
export type OfflineStore = OfflineCacheApi;

export type {
  CachedChatMessage,
  DraftInput,
  DraftRecord,
  JsonValue,
  OutboxEntry,
  OutboxInput,
  OutboxPatch,
  OutboxReplaceInput,
  OutboxStatus,
} from '../../../../shared/desktop-api';

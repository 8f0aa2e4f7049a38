import type { DesktopApi } from '../../../../shared/desktop-api';
import type { OfflineStore } from './types';

/** The desktop's SQLite cache in main, reached through the preload's window.desktop. */
export function createDesktopStore(desktop: DesktopApi): OfflineStore {
  return { drafts: desktop.drafts, chat: desktop.chat, flags: desktop.flags, outbox: desktop.outbox };
}

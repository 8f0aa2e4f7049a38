import type { DesktopApi } from '../../../../shared/desktop-api';
import { createCoalescedDrafts } from './desktop-draft-writes';
import type { OfflineStore } from './types';

/** The desktop's SQLite cache in main, reached through the preload's window.desktop; keystroke draft writes gathered. */
export function createDesktopStore(desktop: DesktopApi): OfflineStore {
  const { flush, ...drafts } = createCoalescedDrafts(desktop.drafts);
  if (typeof window !== 'undefined') {
    // Leaving the page (or hidden, which may end it): the held draft goes to main now.
    window.addEventListener('pagehide', () => void flush());
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'hidden') void flush();
    });
  }
  return { drafts, chat: desktop.chat, flags: desktop.flags, outbox: desktop.outbox };
}

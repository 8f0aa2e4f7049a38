import type { DesktopApi, DraftInput, DraftRecord } from '../../../../shared/desktop-api';

/** How long keystroke writes of drafts gather before one write goes to the desktop cache. */
export const DESKTOP_DRAFT_HOLD_MS = 250;

type Drafts = DesktopApi['drafts'];

interface Held {
  draft: DraftInput;
  waiters: Array<{ resolve: (record: DraftRecord) => void; reject: (error: unknown) => void }>;
}

/**
 * The desktop cache's drafts with keystroke writes gathered: the cache commits every write with
 * an fsync (synchronous = FULL, for power cuts on laptops), so a write per key pressed would be
 * an fsync per key. Writes of one key within DESKTOP_DRAFT_HOLD_MS become one (the latest text;
 * a base version given by an earlier one is kept), each caller's promise resolving once it is on
 * disk. Reads, lists and deletes send what is held first, so they see every write in order.
 * `flush` sends it at once: the store calls it when the page is left (reload, window closed: the
 * message reaches the main process, which outlives the page) or hidden.
 */
export function createCoalescedDrafts(drafts: Drafts, holdMs = DESKTOP_DRAFT_HOLD_MS): Drafts & { flush(): Promise<void> } {
  const held = new Map<string, Held>();
  let timer: ReturnType<typeof setTimeout> | null = null;
  let sending: Promise<void> = Promise.resolve();

  const flush = (): Promise<void> => {
    if (timer !== null) {
      clearTimeout(timer);
      timer = null;
    }
    const batch = [...held.values()];
    held.clear();
    // In order after any batch still being sent: a later text never lands before an earlier one.
    sending = sending.then(async () => {
      for (const { draft, waiters } of batch) {
        try {
          const record = await drafts.put(draft);
          for (const waiter of waiters) waiter.resolve(record);
        } catch (error) {
          for (const waiter of waiters) waiter.reject(error);
        }
      }
    });
    return sending;
  };

  return {
    put: (draft) =>
      new Promise<DraftRecord>((resolve, reject) => {
        const earlier = held.get(draft.key);
        const serverVersion = draft.serverVersion === undefined ? earlier?.draft.serverVersion : draft.serverVersion;
        held.set(draft.key, {
          draft: serverVersion === undefined ? { key: draft.key, value: draft.value } : { key: draft.key, value: draft.value, serverVersion },
          waiters: [...(earlier?.waiters ?? []), { resolve, reject }],
        });
        timer ??= setTimeout(() => void flush(), holdMs);
      }),
    get: async (key) => {
      await flush();
      return drafts.get(key);
    },
    list: async (prefix) => {
      await flush();
      return drafts.list(prefix);
    },
    delete: async (key) => {
      await flush();
      return drafts.delete(key);
    },
    flush,
  };
}

import { toJsonValue } from '@shared/json-value';
import { z } from 'zod';
import { isConnectionFailure } from '../error-text';
import { readSession } from '../session';
import { offlineStore } from './index';
import { readStored } from './read-stored';

/** What a screen shows: `savedAt` (epoch ms) when it comes from the device because there is no connection. */
export type WithSavedAt<T> = T & { savedAt: number | null };

/**
 * A read whose last answer is kept on the device (the offline store: IndexedDB in the browser,
 * the desktop's SQLite), so the browser app opened without a network and the desktop still show
 * it. Keyed by the session's device id: whoever signs in next on this computer has another one and
 * never sees this copy. Only a missing connection falls back to the copy; a refusal stays a refusal.
 */
export function offlineCopy<T extends object>(name: string, schema: z.ZodType<T>) {
  const copySchema = z.object({ savedAt: z.number(), value: schema });
  const keyOf = (device: string) => `${name}:${device}`;
  return {
    async load(read: () => Promise<T>): Promise<WithSavedAt<T>> {
      const device = readSession()?.device;
      try {
        const value = await read();
        if (device) {
          // A copy for later; what is on screen does not wait for it.
          void offlineStore()
            .drafts.put({ key: keyOf(device), value: toJsonValue({ savedAt: Date.now(), value }) })
            .catch(() => undefined);
        }
        return { ...value, savedAt: null };
      } catch (error) {
        if (!device || !isConnectionFailure(error)) throw error;
        const saved = await offlineStore()
          .drafts.get(keyOf(device))
          .catch(() => null);
        // A copy an older version kept in another shape is as good as none.
        const copy = readStored(copySchema, saved?.value);
        if (!copy) throw error;
        return { ...copy.value, savedAt: copy.savedAt };
      }
    },
  };
}

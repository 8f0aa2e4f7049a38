import { getLessonsRoad } from '@shared/contract/course';
import type { OutputOf } from '@shared/contract/core';
import { toJsonValue } from '@shared/json-value';
import { z } from 'zod';
import { api } from '../../lib/api';
import { isConnectionFailure } from '../../lib/error-text';
import { offlineStore } from '../../lib/offline-store';
import { readStored } from '../../lib/offline-store/read-stored';
import { readSession } from '../../lib/session';

type Road = OutputOf<typeof getLessonsRoad>;

/** The road as shown: `savedAt` (epoch ms) when it comes from the device because there is no connection. */
export type ShownRoad = Road & { savedAt: number | null };

/**
 * The last road seen online, kept in the offline store so the browser app opened without a network
 * (its service worker) and the desktop still show it. Keyed by the session's device id: whoever
 * signs in next on this computer has another one and never sees this road.
 */
const snapshotKey = (device: string) => `lessons-road:${device}`;

const snapshotSchema = z.object({ savedAt: z.number(), road: getLessonsRoad.output });
type Snapshot = z.infer<typeof snapshotSchema>;

/** Loads the road; with no connection, the copy saved on this device (the error when there is none). */
export async function loadRoad(signal?: AbortSignal): Promise<ShownRoad> {
  const device = readSession()?.device;
  try {
    const road = await api.call(getLessonsRoad, {}, { handleErrors: true, signal });
    if (device) {
      const snapshot: Snapshot = { savedAt: Date.now(), road };
      // A copy for later; the road on screen does not depend on it.
      void offlineStore()
        .drafts.put({ key: snapshotKey(device), value: toJsonValue(snapshot) })
        .catch(() => undefined);
    }
    return { ...road, savedAt: null };
  } catch (error) {
    if (!device || !isConnectionFailure(error)) throw error;
    const saved = await offlineStore()
      .drafts.get(snapshotKey(device))
      .catch(() => null);
    // A copy an older version kept in another shape is as good as none.
    const snapshot = readStored(snapshotSchema, saved?.value);
    if (!snapshot) throw error;
    return { ...snapshot.road, savedAt: snapshot.savedAt };
  }
}

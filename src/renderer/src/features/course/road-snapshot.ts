import { getLessonsRoad } from '@shared/contract/course';
import type { OutputOf } from '@shared/contract/core';
import { api } from '../../lib/api';
import { offlineCopy, type WithSavedAt } from '../../lib/offline-store/offline-copy';

/** The road as shown: `savedAt` (epoch ms) when it comes from the device because there is no connection. */
export type ShownRoad = WithSavedAt<OutputOf<typeof getLessonsRoad>>;

/** The last road seen online, kept on the device for a start without a network. */
const roadCopy = offlineCopy('lessons-road', getLessonsRoad.output);

/** Loads the road; with no connection, the copy saved on this device (the error when there is none). */
export function loadRoad(signal?: AbortSignal): Promise<ShownRoad> {
  return roadCopy.load(() => api.call(getLessonsRoad, {}, { handleErrors: true, signal }));
}

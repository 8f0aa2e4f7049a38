import { mediaVideoStorage } from './media-storage';
import type { VideoStorage } from './video-storage';

export type { VideoSource, VideoStorage } from './video-storage';

/** The storage in use: the media domain's by default; tests swap in their own. */
let storage: VideoStorage = mediaVideoStorage;

export function useVideoStorage(next: VideoStorage): void {
  storage = next;
}

export function videoStorage(): VideoStorage {
  return storage;
}

import { readStorage, STORAGE_KEYS, writeStorage } from '../../../lib/storage-keys';

export type VideoQuality = 'high' | 'low';

/** The quality the user chose last time; 'high' when nothing (or something unknown) is stored. */
export function readVideoQuality(): VideoQuality {
  return readStorage(STORAGE_KEYS.videoQuality) === 'low' ? 'low' : 'high';
}

export function saveVideoQuality(quality: VideoQuality): void {
  writeStorage(STORAGE_KEYS.videoQuality, quality);
}

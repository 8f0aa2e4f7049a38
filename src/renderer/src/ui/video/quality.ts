import { useCallback, useState } from 'react';
import { readStorage, STORAGE_KEYS, writeStorage } from '../../lib/storage-keys';

export type VideoQuality = 'high' | 'low';

/** The quality the user chose last time; 'high' when nothing (or something unknown) is stored. */
export function readVideoQuality(): VideoQuality {
  return readStorage(STORAGE_KEYS.videoQuality) === 'low' ? 'low' : 'high';
}

export function saveVideoQuality(quality: VideoQuality): void {
  writeStorage(STORAGE_KEYS.videoQuality, quality);
}

/** The remembered quality as React state; choosing one also remembers it for the next video. */
export function useVideoQuality(): [VideoQuality, (quality: VideoQuality) => void] {
  const [quality, setQuality] = useState<VideoQuality>(readVideoQuality);
  const choose = useCallback((next: VideoQuality) => {
    saveVideoQuality(next);
    setQuality(next);
  }, []);
  return [quality, choose];
}

import type { Db } from '../../../db';

/**
 * Video source files of a package (--with-video-files). The video domain owns where sources live
 * and how they are transcoded (video-media/package-sources.ts); the package code only moves bytes.
 */
export interface VideoSources {
  /** The uploaded source of a video's current media, or null when there is none. */
  read(mediaKey: string): Promise<Uint8Array | null>;
  /** Stores a source for a just-imported video and queues its media, inside the import's transaction. */
  store(db: Db, videoId: number, bytes: Uint8Array, now: number): Promise<void>;
}

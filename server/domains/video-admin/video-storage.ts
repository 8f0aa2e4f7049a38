import type { Services } from '../../services';

/**
 * Where the file of a video lives, and how its media is removed. Storage belongs to the media
 * domain (uploads and the transcode job): media-storage.ts adapts it; tests swap in their own.
 */
export interface VideoSource {
  path: string;
  release(): Promise<void>;
}

export interface VideoStorage {
  /**
   * A local file ffmpeg can read for the video's audio (the upload, or an HLS rendition), or null
   * when there is none; `release` removes any temporary copy.
   */
  sourceOf(services: Services, video: { id: number; media_key: string; filename: string }): Promise<VideoSource | null>;
  /** Removes the uploaded file, renditions and preview of a deleted video. */
  remove(services: Services, video: { id: number; media_key: string; preview_path: string }): Promise<void>;
}

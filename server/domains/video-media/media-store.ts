import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Services } from '../../services';
import { safeKey } from '../../providers/storage';
import { PLAYLIST_NAME, PREVIEW_NAME, type Rendition } from './transcode';

/** A fresh storage folder name for one upload's media: a new upload never overwrites an old one. */
export function newMediaKey(videoId: number): string {
  return `${videoId}-${randomBytes(8).toString('hex')}`;
}

export const mediaPrefix = (mediaKey: string): string => safeKey('videos', mediaKey);
export const playlistKey = (mediaKey: string, rendition: Rendition): string => safeKey('videos', mediaKey, rendition, PLAYLIST_NAME);
export const segmentKey = (mediaKey: string, rendition: Rendition, segment: string): string => safeKey('videos', mediaKey, rendition, segment);
export const generatedPreviewKey = (mediaKey: string): string => safeKey('videos', mediaKey, PREVIEW_NAME);
export const sourcePrefix = (mediaKey: string): string => safeKey('sources', mediaKey);

/** A scratch folder removed after `work`, whatever happens. */
export async function withScratch<T>(work: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), 'enot-media-'));
  try {
    return await work(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * Makes finished media live in one update, only if the video still expects this media key (a newer
 * upload supersedes a running job: its media is dropped instead). Returns whether it won.
 */
export async function commitMedia(services: Services, videoId: number, expected: { mediaKey: string }, media: { mediaKey: string; durationMs: number }): Promise<boolean> {
  const now = services.clock.now();
  const result = await services.db
    .updateTable('videos')
    .set({ media_status: 'ready', media_key: media.mediaKey, duration_ms: media.durationMs, media_error: '', updated_at: now })
    .where('id', '=', videoId)
    .where('media_key', '=', expected.mediaKey)
    .executeTakeFirst();
  const won = Number(result.numUpdatedRows) > 0;
  if (!won) await services.storage.deletePrefix(mediaPrefix(media.mediaKey));
  return won;
}

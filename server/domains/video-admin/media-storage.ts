import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { safeKey } from '../../providers/storage';
import { mediaPrefix, playlistKey, segmentKey, sourcePrefix } from '../video-media/media-store';
import { PLAYLIST_NAME, SEGMENT_NAME } from '../video-media/transcode';
import type { VideoSource, VideoStorage } from './video-storage';

/**
 * The media domain's storage as the video screens need it: a readable file for transcription and
 * removal of everything a deleted video left. The upload is kept only until its transcode is done,
 * so a transcribed video usually reads its low rendition (a local copy of the playlist and segments).
 */
export const mediaVideoStorage: VideoStorage = {
  async sourceOf(services, video): Promise<VideoSource | null> {
    if (video.media_key === '') return null;
    const upload = safeKey(sourcePrefix(video.media_key), 'source.bin');
    if ((await services.storage.size(upload)) !== null) return services.storage.localFile(upload);
    const playlist = await services.storage.readBytes(playlistKey(video.media_key, 'low'));
    if (!playlist) return null;
    const dir = await mkdtemp(join(tmpdir(), 'enot-transcribe-source-'));
    const release = () => rm(dir, { recursive: true, force: true });
    try {
      const text = playlist.toString('utf8');
      for (const line of text.split('\n')) {
        const name = line.trim();
        if (!SEGMENT_NAME.test(name)) continue;
        const bytes = await services.storage.readBytes(segmentKey(video.media_key, 'low', name));
        if (!bytes) return await release().then(() => null);
        await writeFile(join(dir, name), bytes);
      }
      await writeFile(join(dir, PLAYLIST_NAME), text);
      return { path: join(dir, PLAYLIST_NAME), release };
    } catch (error) {
      await release();
      throw error;
    }
  },
  async remove(services, video) {
    if (video.media_key !== '') {
      await services.storage.deletePrefix(mediaPrefix(video.media_key));
      await services.storage.deletePrefix(sourcePrefix(video.media_key));
    }
    if (video.preview_path.startsWith('previews/')) await services.storage.deletePrefix(video.preview_path);
    // The rectangled picture is found through a pointer file (see video-media/uploads.ts).
    const pointer = safeKey('previews', `${video.id}-rectangled.current`);
    const rectangled = await services.storage.readBytes(pointer);
    if (rectangled) await services.storage.deletePrefix(safeKey(rectangled.toString('utf8')));
    await services.storage.deletePrefix(pointer);
  },
};

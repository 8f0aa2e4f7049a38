import { z } from 'zod';
import { updateInfoTranscribingManyVideos, updateVideoTranscribingStatus } from '../../../src/shared/contract/video-admin';
import type { Db } from '../../db';
import { defineJob } from '../../jobs/job';
import { TranscriptionError } from '../../providers/transcription';
import type { Services } from '../../services';
import { videoEditorIds } from './notify';
import { videoStorage } from './video-source';

export const STATUS = {
  queued: 'Инициализация...',
  running: 'Расшифровка...',
  done: 'Расшифровка завершена',
  idle: 'Расшифровка не запускалась',
  bulkIdle: 'Нет запущенной расшифровки',
} as const;

export const singleJobKey = (videoId: number) => `transcribe-video:${videoId}`;
export const BULK_JOB_KEY = 'transcribe-many-videos';

async function pushStatus(services: Services, videoId: number, status: string, finished: boolean): Promise<void> {
  await services.live.push(await videoEditorIds(services.db), updateVideoTranscribingStatus, {
    videoId: String(videoId),
    status,
    isFinished: finished ? '1' : '0',
  });
}

/**
 * Transcribes one video and stores the provider's JSON and the SRT built from it. Failures are
 * reported and end the job: a retry would fail the same way (no file, provider refused).
 */
async function transcribeOne(services: Services, videoId: number): Promise<{ ok: true } | { ok: false; error: string }> {
  const video = await services.db.selectFrom('videos').select(['id', 'media_key', 'filename']).where('id', '=', videoId).executeTakeFirst();
  if (!video) return { ok: false, error: 'Видео удалено' };
  try {
    const source = await videoStorage().sourceOf(services, video);
    if (!source) return { ok: false, error: 'Файл видео недоступен' };
    let transcript;
    try {
      transcript = await services.transcription.transcribe(source.path);
    } finally {
      await source.release();
    }
    await services.db
      .updateTable('videos')
      .set({ transcript_json: transcript.json, transcript_srt: transcript.srt, updated_at: services.clock.now() })
      .where('id', '=', videoId)
      .execute();
    return { ok: true };
  } catch (error) {
    if (error instanceof TranscriptionError) return { ok: false, error: error.message };
    services.log.error(`transcription of video ${videoId} failed`, error);
    return { ok: false, error: 'Внутренняя ошибка расшифровки' };
  }
}

export const transcribeVideoJob = defineJob({
  kind: 'video.transcribe',
  payload: z.object({ videoId: z.number().int() }),
  async run(services, { videoId }) {
    await pushStatus(services, videoId, STATUS.running, false);
    const result = await transcribeOne(services, videoId);
    await pushStatus(services, videoId, result.ok ? STATUS.done : `Ошибка: ${result.error}`, true);
  },
});

const bulkPayload = z.object({ videoIds: z.array(z.number().int()) });

/** Progress of a bulk run: which of its videos have a transcript now. */
export async function bulkProgress(db: Db, videoIds: readonly number[]): Promise<string[]> {
  if (videoIds.length === 0) return [];
  const rows = await db.selectFrom('videos').select('id').where('id', 'in', [...videoIds]).where('transcript_json', '!=', '').execute();
  return rows.map((row) => String(row.id));
}

async function pushBulk(services: Services, videoIds: readonly number[], finished: boolean, status: string): Promise<void> {
  const transcribed = await bulkProgress(services.db, videoIds);
  await services.live.push(await videoEditorIds(services.db), updateInfoTranscribingManyVideos, {
    totalTranscribed: transcribed.length,
    toTranscribe: videoIds.length,
    transcribedVideos: transcribed,
    isFinished: finished ? '1' : '0',
    status,
  });
}

/**
 * Transcribes the chosen videos one after another. Videos that already have a transcript are
 * skipped, so a run taken over after a crash or an expired lease resumes where it stopped.
 */
export const transcribeManyVideosJob = defineJob({
  kind: 'video.transcribe-many',
  payload: bulkPayload,
  async run(services, { videoIds }) {
    const failures: string[] = [];
    for (const videoId of videoIds) {
      const done = await bulkProgress(services.db, [videoId]);
      if (done.length > 0) continue;
      await pushBulk(services, videoIds, false, `${STATUS.running} id-${videoId}`);
      const result = await transcribeOne(services, videoId);
      if (!result.ok) failures.push(`id-${videoId}: ${result.error}`);
    }
    await pushBulk(services, videoIds, true, failures.length > 0 ? `Ошибки: ${failures.join('; ')}` : STATUS.done);
  },
});

export async function readBulkJob(db: Db): Promise<{ videoIds: number[]; pending: boolean } | null> {
  const row = await db.selectFrom('jobs').select(['payload', 'status']).where('key', '=', BULK_JOB_KEY).executeTakeFirst();
  if (!row) return null;
  const parsed = bulkPayload.safeParse(JSON.parse(row.payload));
  return parsed.success ? { videoIds: parsed.data.videoIds, pending: row.status === 'pending' } : null;
}

import { sql } from 'kysely';
import { videoAdmin } from '../../../src/shared/contract';
import {
  CHAPTER_REQUIRED,
  TRANSCRIPTION_NOT_CONFIGURED,
  timecodeOrderMessage,
  type AdminTimecode,
  type AdminVideo,
} from '../../../src/shared/contract/video-admin';
import { videoPreviewPath } from '../../../src/shared/contract/video-media';
import { fail } from '../../contract/errors';
import { implement } from '../../contract/implement';
import type { Db } from '../../db';
import type { Services } from '../../services';
import type { TimecodesTable, VideosTable } from '../../db/schema';
import { enqueueJob } from '../../jobs/queue';
import type { Selectable } from 'kysely';
import { BULK_JOB_KEY, bulkProgress, readBulkJob, singleJobKey, STATUS, transcribeManyVideosJob, transcribeVideoJob } from './transcription-jobs';
import { videoStorage } from './video-source';

type VideoRow = Selectable<VideosTable>;
type TimecodeRow = Selectable<TimecodesTable>;

const flag = (value: number): '0' | '1' => (value === 1 ? '1' : '0');

/** The public preview picture (an upload, else the transcode's frame), versioned so a new upload shows at once. */
function previewAddress(row: VideoRow): string {
  const exists = row.preview_path.startsWith('previews/') || (row.media_status === 'ready' && row.media_key !== '');
  return exists ? `${videoPreviewPath(row.id)}?v=${row.updated_at}` : '';
}

function toAdminVideo(row: VideoRow): AdminVideo {
  return {
    videoId: String(row.id),
    videoFilename: row.filename,
    videoLessonNum: row.lesson_num === null ? '' : String(row.lesson_num),
    videoShownName: row.shown_name,
    videoChapter: row.chapter,
    videoDescription: row.description,
    videoObyaz: flag(row.is_mandatory),
    videoPublic: flag(row.is_published),
    videoPreview: previewAddress(row),
    videoViews: String(row.views),
    videoTranscribingJson: row.transcript_json,
    videoTranscribingSrt: row.transcript_srt,
    mediaStatus: (['none', 'queued', 'processing', 'ready', 'failed'] as const).find((status) => status === row.media_status) ?? 'none',
    mediaError: row.media_error,
    durationMs: String(row.duration_ms),
  };
}

export function toAdminTimecode(row: TimecodeRow): AdminTimecode {
  return {
    timecodeId: String(row.id),
    videoId: String(row.video_id),
    type: row.kind as AdminTimecode['type'],
    timeStart: row.time_start,
    timeEnd: row.time_end,
    description: row.description,
    tag: row.tag,
  };
}

async function videoOrFail(db: Db, videoId: number): Promise<VideoRow> {
  const row = await db.selectFrom('videos').selectAll().where('id', '=', videoId).executeTakeFirst();
  return row ?? fail('Видео не найдено');
}

/** Why uploads cannot be processed on this server (no ffmpeg…), '' when they can. */
async function mediaProblem(services: Services): Promise<string> {
  return (await services.videoTools.status()).problem ?? '';
}

/** A video has a file once an upload was accepted (the transcode job may still be running). */
const hasFile = (row: Pick<VideoRow, 'filename' | 'media_status'>) => row.filename !== '' && row.media_status !== 'none';

/** The status text and finished flag of a video's transcription, read from its durable job. */
async function singleStatus(db: Db, video: VideoRow): Promise<{ status: string; isFinished: '0' | '1' }> {
  const job = await db.selectFrom('jobs').select(['status', 'locked_until']).where('key', '=', singleJobKey(video.id)).executeTakeFirst();
  if (job?.status === 'pending') return { status: job.locked_until > 0 ? STATUS.running : STATUS.queued, isFinished: '0' };
  if (video.transcript_json !== '') return { status: STATUS.done, isFinished: '1' };
  return { status: STATUS.idle, isFinished: '1' };
}

export const videoAdminHandlers = [
  implement(videoAdmin.getVideoList, async (ctx) => {
    const rows = await ctx.services.db
      .selectFrom('videos')
      .selectAll()
      .orderBy(sql`coalesce(lesson_num, -1)`, 'desc')
      .orderBy('id', 'desc')
      .execute();
    return {
      videos: rows.map((row) => {
        const { videoTranscribingJson: _json, videoTranscribingSrt: _srt, videoDescription: _description, ...rest } = toAdminVideo(row);
        return { ...rest, hasTranscript: flag(row.transcript_json !== '' ? 1 : 0) };
      }),
      mediaProblem: await mediaProblem(ctx.services),
    };
  }),

  implement(videoAdmin.getVideo, async (ctx, { videoId }) => ({
    video: toAdminVideo(await videoOrFail(ctx.services.db, videoId)),
    transcriptionConfigured: flag(ctx.services.transcription.configured ? 1 : 0),
    mediaProblem: await mediaProblem(ctx.services),
  })),

  implement(videoAdmin.createVideo, async (ctx) => {
    const now = ctx.services.clock.now();
    // New videos start unpublished, so students never see a half-filled card.
    const row = await ctx.services.db
      .insertInto('videos')
      .values({ lesson_num: null, is_published: 0, is_mandatory: 1, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { videoId: String(row.id) };
  }),

  implement(videoAdmin.updateVideo, async (ctx, { videoId, videoFields }) => {
    const { db } = ctx.services;
    await videoOrFail(db, videoId);
    if (videoFields.videoChapter === '') fail(CHAPTER_REQUIRED);
    const lessonNum = videoFields.videoLessonNum === '' ? null : videoFields.videoLessonNum;
    if (lessonNum !== null) {
      const lesson = await db.selectFrom('lessons').select('number').where('number', '=', lessonNum).executeTakeFirst();
      if (!lesson) fail(`Урок ${lessonNum} не найден`);
    }
    await db
      .updateTable('videos')
      .set({
        lesson_num: lessonNum,
        shown_name: videoFields.videoShownName,
        chapter: videoFields.videoChapter,
        description: videoFields.videoDescription,
        is_mandatory: Number(videoFields.videoObyaz),
        is_published: Number(videoFields.videoPublic),
        updated_at: ctx.services.clock.now(),
      })
      .where('id', '=', videoId)
      .execute();
    return {};
  }),

  implement(videoAdmin.deleteVideo, async (ctx, { videoId }) => {
    const { db } = ctx.services;
    const video = await videoOrFail(db, videoId);
    await db.transaction().execute(async (trx) => {
      // Explicit, not only ON DELETE CASCADE: SQLite enforces it only with foreign_keys on.
      await trx.deleteFrom('timecodes').where('video_id', '=', videoId).execute();
      await trx.deleteFrom('user_videos').where('video_id', '=', videoId).execute();
      await trx.deleteFrom('jobs').where('key', '=', singleJobKey(videoId)).where('status', '!=', 'pending').execute();
      await trx.deleteFrom('videos').where('id', '=', videoId).execute();
    });
    try {
      await videoStorage().remove(ctx.services, video);
    } catch (error) {
      // The row is gone either way; leftover files are logged for cleanup rather than failing the call.
      ctx.services.log.error(`video ${videoId}: media removal failed`, error);
    }
    return {};
  }),

  implement(videoAdmin.getVideoChapters, async (ctx) => {
    const { db } = ctx.services;
    const [chapters, used] = await Promise.all([
      db.selectFrom('chapters').select('name').orderBy('position').execute(),
      db.selectFrom('videos').select('chapter').distinct().where('chapter', '!=', '').execute(),
    ]);
    const names = [...chapters.map((row) => row.name)];
    for (const row of used.map((item) => item.chapter).sort((a, b) => a.localeCompare(b, 'ru'))) {
      if (!names.includes(row)) names.push(row);
    }
    return { chapters: names };
  }),

  implement(videoAdmin.transcribeVideo, async (ctx, { videoId }) => {
    const { db, clock } = ctx.services;
    if (!ctx.services.transcription.configured) fail(TRANSCRIPTION_NOT_CONFIGURED);
    const video = await videoOrFail(db, videoId);
    if (!hasFile(video)) fail('У видео нет файла: сначала загрузите его');
    const now = clock.now();
    await enqueueJob(db, transcribeVideoJob, { videoId }, { runAt: now, key: singleJobKey(videoId), now });
    return {};
  }),

  implement(videoAdmin.triggerUpdateVideoTranscribingStatus, async (ctx, { videoId }) => {
    if (videoId !== undefined) {
      const video = await videoOrFail(ctx.services.db, videoId);
      await ctx.services.live.push(ctx.user.id, videoAdmin.updateVideoTranscribingStatus, { videoId: String(videoId), ...(await singleStatus(ctx.services.db, video)) });
    }
    return {};
  }),

  implement(videoAdmin.transcribeManyVideos, async (ctx, { toTranscribe }) => {
    const { db, clock } = ctx.services;
    if (!ctx.services.transcription.configured) fail(TRANSCRIPTION_NOT_CONFIGURED);
    const running = await readBulkJob(db);
    if (running?.pending) fail('Расшифровка уже идёт: дождитесь её окончания');
    const rows = await db
      .selectFrom('videos')
      .select('id')
      .where('transcript_json', '=', '')
      .where('filename', '!=', '')
      .where('media_status', '!=', 'none')
      .orderBy('id', 'desc')
      .limit(toTranscribe)
      .execute();
    if (rows.length === 0) fail('Нет видео без расшифровки');
    const now = clock.now();
    await enqueueJob(db, transcribeManyVideosJob, { videoIds: rows.map((row) => row.id) }, { runAt: now, key: BULK_JOB_KEY, now });
    return {};
  }),

  implement(videoAdmin.triggerUpdateInfoTranscribingManyVideos, async (ctx) => {
    const { db } = ctx.services;
    const job = await readBulkJob(db);
    const videoIds = job?.videoIds ?? [];
    const transcribed = await bulkProgress(db, videoIds);
    await ctx.services.live.push(ctx.user.id, videoAdmin.updateInfoTranscribingManyVideos, {
      totalTranscribed: transcribed.length,
      toTranscribe: videoIds.length,
      transcribedVideos: transcribed,
      isFinished: job?.pending ? '0' : '1',
      status: job ? (job.pending ? STATUS.running : STATUS.done) : STATUS.bulkIdle,
    });
    return {};
  }),

  implement(videoAdmin.createVideoTimecode, async (ctx, { videoId, type }) => {
    const { db, clock } = ctx.services;
    await videoOrFail(db, videoId);
    const now = clock.now();
    const row = await db
      .insertInto('timecodes')
      .values({ video_id: videoId, kind: type, time_start: 0, time_end: 0, description: '', tag: '', created_at: now, updated_at: now })
      .returningAll()
      .executeTakeFirstOrThrow();
    return { timecode: toAdminTimecode(row) };
  }),

  implement(videoAdmin.deleteVideoTimecodeById, async (ctx, { timecodeId }) => {
    const result = await ctx.services.db.deleteFrom('timecodes').where('id', '=', timecodeId).executeTakeFirst();
    if (Number(result.numDeletedRows) === 0) fail('Таймкод не найден');
    return {};
  }),

  implement(videoAdmin.updateTimecodes, async (ctx, { timecodes }) => {
    const { db, clock } = ctx.services;
    if (timecodes.length === 0) return {};
    const ids = [...new Set(timecodes.map((item) => item.timecodeId))];
    const rows = await db
      .selectFrom('timecodes')
      .innerJoin('videos', 'videos.id', 'timecodes.video_id')
      .select(['timecodes.id', 'timecodes.kind', 'videos.duration_ms'])
      .where('timecodes.id', 'in', ids)
      .execute();
    const known = new Map(rows.map((row) => [row.id, row]));
    const missing = ids.filter((id) => !known.has(id));
    if (missing.length > 0) fail(`Таймкод не найден id-${missing.join(', ')}`);

    const reversed: string[] = [];
    const outside: string[] = [];
    const untagged: string[] = [];
    for (const item of timecodes) {
      const row = known.get(item.timecodeId)!;
      // Themes are points on the timeline: only explanations and tags have a meaningful end.
      if (row.kind !== 'THEME' && item.timeEnd < item.timeStart) reversed.push(String(item.timecodeId));
      const limit = row.duration_ms > 0 ? row.duration_ms : Number.MAX_SAFE_INTEGER;
      if (item.timeStart < 0 || item.timeEnd < 0 || item.timeStart > limit || item.timeEnd > limit) outside.push(String(item.timecodeId));
      if (row.kind === 'HASHTAG' && item.tag.trim() === '') untagged.push(String(item.timecodeId));
    }
    if (reversed.length > 0) fail(timecodeOrderMessage(reversed));
    if (outside.length > 0) fail(`Время вне длительности видео id-${outside.join(', ')}`);
    if (untagged.length > 0) fail(`Укажите тег id-${untagged.join(', ')}`);

    const now = clock.now();
    await db.transaction().execute(async (trx) => {
      for (const item of timecodes) {
        await trx
          .updateTable('timecodes')
          .set({ time_start: item.timeStart, time_end: item.timeEnd, description: item.description.trim(), tag: item.tag.trim(), updated_at: now })
          .where('id', '=', item.timecodeId)
          .execute();
      }
    });
    return {};
  }),

  implement(videoAdmin.getAdminVideoTimecodes, async (ctx, { videoId }) => {
    const { db } = ctx.services;
    const video = await videoOrFail(db, videoId);
    const rows = await db.selectFrom('timecodes').selectAll().where('video_id', '=', videoId).orderBy('time_start').orderBy('id').execute();
    return {
      timecodes: rows.map(toAdminTimecode),
      videoShownName: video.shown_name || video.filename,
      durationMs: video.duration_ms,
      mediaStatus: toAdminVideo(video).mediaStatus,
    };
  }),
];

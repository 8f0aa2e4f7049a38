import { video } from '../../../src/shared/contract';
import { SEARCH_LIMIT, SEARCH_QUERY_EMPTY, TIMECODE_NOT_FOUND, VIDEO_CLOSED, VIDEO_NOT_FOUND, type MediaStatus } from '../../../src/shared/contract/video';
import type { CurrentUser } from '../../auth/current-user';
import { fail } from '../../contract/errors';
import { implement } from '../../contract/implement';
import type { Services } from '../../services';
import { videoAccess } from '../../access/video-access';
import { setUserVideoFlag, startWatching } from './progress';
import { queryStems } from '../../search/russian-stemmer';
import { searchTags } from './tag-search';
import { loadTimecodes } from './timecodes';
import { isOneOf } from '../../../src/shared/guards';

const MEDIA_STATUSES: readonly MediaStatus[] = ['none', 'queued', 'processing', 'ready', 'failed'];
const asMediaStatus = (value: string): MediaStatus => (isOneOf(MEDIA_STATUSES, value) ? value : 'none');

/** The one access rule (server/access/video-access.ts) as a refusal: unpublished looks like missing to a student. */
async function requireVideo(services: Services, user: CurrentUser, videoId: number) {
  const verdict = await videoAccess(services.db, user, videoId, services.clock.now());
  if (!verdict.allowed) fail(verdict.reason === 'closed' ? VIDEO_CLOSED : VIDEO_NOT_FOUND);
  return verdict.video;
}

/** Handlers of the video lesson and fragment search, one per contract in src/shared/contract/video.ts. */
export const videoHandlers = [
  implement(video.getVideoLesson, async (ctx, { videoId }) => {
    const { db } = ctx.services;
    await requireVideo(ctx.services, ctx.user, videoId);
    const row = await db.selectFrom('videos').selectAll().where('id', '=', videoId).executeTakeFirstOrThrow();
    const mine = await db.selectFrom('user_videos').select(['watched', 'short_mode']).where('user_id', '=', ctx.user.id).where('video_id', '=', videoId).executeTakeFirst();
    const status = asMediaStatus(row.media_status);
    return {
      dataArray: {
        video_id: row.id,
        video_shown_name: row.shown_name,
        video_chapter: row.chapter,
        video_lesson_num: row.lesson_num ?? 0,
        video_description: row.description,
        access: '1' as const,
        watched: mine?.watched === 1 ? ('1' as const) : ('0' as const),
        short_mode: mine?.short_mode === 1 ? ('1' as const) : ('0' as const),
        media_status: status,
        media_ready: status === 'ready' ? ('1' as const) : ('0' as const),
        duration: row.duration_ms,
      },
      ...(await loadTimecodes(db, videoId)),
    };
  }),

  implement(video.startWatchingVideo, async (ctx, { videoId }) => {
    await requireVideo(ctx.services, ctx.user, videoId);
    await startWatching(ctx.services.db, ctx.user.id, videoId, ctx.services.clock.now());
    return {};
  }),

  implement(video.setWatched, async (ctx, { videoId, videoStatus }) => {
    await requireVideo(ctx.services, ctx.user, videoId);
    await setUserVideoFlag(ctx.services.db, { userId: ctx.user.id, videoId, column: 'watched', value: videoStatus === '1' }, ctx.services.clock.now());
    return {};
  }),

  implement(video.setShortMode, async (ctx, { videoId, shortMode }) => {
    await requireVideo(ctx.services, ctx.user, videoId);
    await setUserVideoFlag(ctx.services.db, { userId: ctx.user.id, videoId, column: 'short_mode', value: shortMode === '1' }, ctx.services.clock.now());
    return {};
  }),

  implement(video.getVideoTimecodes, async (ctx, { videoId, withEmpty }) => {
    await requireVideo(ctx.services, ctx.user, videoId);
    return loadTimecodes(ctx.services.db, videoId, withEmpty === '1');
  }),

  implement(video.getVideoTimecodeById, async (ctx, { id }) => {
    const row = await ctx.services.db
      .selectFrom('timecodes')
      .innerJoin('videos', 'videos.id', 'timecodes.video_id')
      .select(['timecodes.id', 'timecodes.tag', 'timecodes.time_start', 'timecodes.time_end', 'timecodes.video_id', 'videos.lesson_num', 'videos.shown_name'])
      .where('timecodes.id', '=', id)
      .where('timecodes.kind', '=', 'HASHTAG')
      .executeTakeFirst();
    if (!row) fail(TIMECODE_NOT_FOUND);
    const allowed = await requireVideo(ctx.services, ctx.user, row.video_id);
    return {
      mediaStatus: asMediaStatus(allowed.media_status),
      timecode: {
        timecodeId: row.id,
        tag: row.tag,
        timeStart: row.time_start,
        timeEnd: row.time_end,
        videoId: row.video_id,
        videoLessonNum: row.lesson_num ?? 0,
        videoShownName: row.shown_name,
        duration: Math.max(0, row.time_end - row.time_start),
      },
    };
  }),

  implement(video.searchVideosTimecodesByTag, async (ctx, { q }) => {
    if (queryStems(q).length === 0) fail(SEARCH_QUERY_EMPTY);
    const { db, dialect, clock } = ctx.services;
    const matches = await searchTags(db, dialect, q);
    // Only fragments of videos this user may watch; the rule is per video, so ask once per video.
    const allowed = new Map<number, boolean>();
    const timecodes = [];
    for (const match of matches) {
      if (!allowed.has(match.video_id)) allowed.set(match.video_id, (await videoAccess(db, ctx.user, match.video_id, clock.now())).allowed);
      if (!allowed.get(match.video_id)) continue;
      timecodes.push({
        timecodeId: match.id,
        tag: match.tag,
        timeStart: match.time_start,
        timeEnd: match.time_end,
        videoId: match.video_id,
        videoLessonNum: match.lesson_num ?? 0,
        videoShownName: match.shown_name,
        duration: Math.max(0, match.time_end - match.time_start),
      });
      if (timecodes.length === SEARCH_LIMIT) break;
    }
    return { timecodes };
  }),
];

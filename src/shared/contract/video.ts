import { z } from 'zod';
import { access } from './access';
import { http } from './core';
import { flag, intLike, safeString } from './fields';

/** The video lesson and video-fragment search (learning-area §2 'Video lesson', 'Materials', §3, §7 'Video', 'Materials'). */

const videoId = intLike.pipe(z.number().int().min(1, 'номер видео от 1').max(2_147_483_647, 'слишком большой номер видео'));

/** Refusals (shown after the §8 prefixes, e.g. 'Ошибка получения инфо о видео: Видео не найдено'). */
export const VIDEO_NOT_FOUND = 'Видео не найдено';
export const VIDEO_CLOSED = 'Видео недоступно';
export const TIMECODE_NOT_FOUND = 'Таймкод не найден';
export const SEARCH_QUERY_EMPTY = 'Введите слово для поиска';

/** Media state of the HLS rendition: only 'ready' can play. */
export const mediaStatus = z.enum(['none', 'queued', 'processing', 'ready', 'failed']);
export type MediaStatus = z.infer<typeof mediaStatus>;

export const themeTimecodeSchema = z.object({ timecodeId: z.number().int(), timeStart: z.number().int(), description: z.string() });
export const detailedTimecodeSchema = z.object({ timecodeId: z.number().int(), timeStart: z.number().int(), timeEnd: z.number().int() });
export const hashtagTimecodeSchema = z.object({ timecodeId: z.number().int(), timeStart: z.number().int(), timeEnd: z.number().int(), tag: z.string() });
export type ThemeTimecode = z.infer<typeof themeTimecodeSchema>;
export type DetailedTimecode = z.infer<typeof detailedTimecodeSchema>;

const timecodeLists = {
  /** Fragments skipped in short mode ('Кратко'), by start. */
  timecodesDetailedExplanation: z.array(detailedTimecodeSchema),
  /** Themes of the timecode accordion, by start. */
  timecodesTheme: z.array(themeTimecodeSchema),
  timecodesHashtag: z.array(hashtagTimecodeSchema),
};

export const videoLessonSchema = z.object({
  video_id: z.number().int(),
  video_shown_name: z.string(),
  video_chapter: z.string(),
  /** 0 when the video belongs to no lesson (only editors see those). */
  video_lesson_num: z.number().int(),
  video_description: z.string(),
  /** '1': the user may watch it (always '1' in a successful answer: refusals are errors). */
  access: flag,
  watched: flag,
  /** Our extensions: the remembered 'Кратко' switch, media state and length. */
  short_mode: flag,
  media_status: mediaStatus,
  media_ready: flag,
  duration: z.number().int(),
});
export type VideoLesson = z.infer<typeof videoLessonSchema>;

export const getVideoLesson = http('/app/api/videos/get_video_lesson.php', {
  input: z.object({ videoId }),
  output: z.object({ dataArray: videoLessonSchema, ...timecodeLists }),
  access: access.signedIn,
});

/** Counts a view (once per user and video within VIEW_COUNT_WINDOW_MS) and records when watching started. */
export const startWatchingVideo = http('/app/api/videos/start_watching_video.php', {
  input: z.object({ videoId }),
  output: z.object({}),
  access: access.signedIn,
});

/** A replay within this window after the last counted start is not another view. */
export const VIEW_COUNT_WINDOW_MS = 30 * 60 * 1000;

export const setWatched = http('/app/api/videos/set_watched.php', {
  input: z.object({ videoId, videoStatus: flag }),
  output: z.object({}),
  access: access.signedIn,
});

/** Our extension: the 'Кратко' preference, stored per video (§4). */
export const setShortMode = http('/app/api/videos/set_short_mode.php', {
  input: z.object({ videoId, shortMode: flag }),
  output: z.object({}),
  access: access.signedIn,
  extension: true,
});

/** withEmpty '1' (the back-office editor) also lists themes and hashtags with no text yet. */
export const getVideoTimecodes = http('/app/api/videos/timecodes/get_video_timecodes.php', {
  input: z.object({ videoId, withEmpty: flag.optional() }),
  output: z.object(timecodeLists),
  access: access.signedIn,
});

/** A hashtag fragment as Materials shows it; duration = timeEnd − timeStart (ms). */
export const fragmentSchema = z.object({
  timecodeId: z.number().int(),
  tag: z.string(),
  timeStart: z.number().int(),
  timeEnd: z.number().int(),
  videoId: z.number().int(),
  videoLessonNum: z.number().int(),
  videoShownName: z.string(),
  duration: z.number().int(),
});
export type Fragment = z.infer<typeof fragmentSchema>;

export const getVideoTimecodeById = http('/app/api/videos/timecodes/get_video_timecode_by_id.php', {
  input: z.object({ id: intLike.pipe(z.number().int().min(1, 'номер таймкода от 1').max(2_147_483_647, 'слишком большой номер таймкода')) }),
  /** Our extension: the video's media state, so the popup shows 'processing' instead of a broken player. */
  output: z.object({ timecode: fragmentSchema, mediaStatus }),
  access: access.icon('searchVideo'),
});

/** Most results one search returns. */
export const SEARCH_LIMIT = 50;

/** Russian full-text search over hashtag tags: relevance first, then video and time. */
export const searchVideosTimecodesByTag = http('/app/api/videos/timecodes/search_videos_timecodes_by_tag.php', {
  input: z.object({ q: safeString().trim().min(1, 'не заполнено').max(100, 'не длиннее 100 символов') }),
  output: z.object({ timecodes: z.array(fragmentSchema) }),
  access: access.icon('searchVideo'),
});

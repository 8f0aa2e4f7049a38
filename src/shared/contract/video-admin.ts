import { z } from 'zod';
import { access } from './access';
import { http, live, push } from './core';
import { flag, intLike, noInput, safeString } from './fields';

/**
 * Video administration (back-office §2.12, §3 'Video' and 'Timecode', §7.1 timecode calls, §7.2 /videos/…).
 * The same icon rules that show the curator buttons guard the calls: 'curatorVideoLessons'
 * (Админ or USERS_VIDEO_EDITORS) and 'createVideoTimecode' (Админ, USERS_TIMECODE_CHANGERS or video editors).
 */

const videoEditors = access.icon('curatorVideoLessons');
const timecodeChangers = access.icon('createVideoTimecode');

export const MEDIA_STATUSES = ['none', 'queued', 'processing', 'ready', 'failed'] as const;
export const TIMECODE_KINDS = ['THEME', 'DETAILED_EXPLANATION', 'HASHTAG'] as const;
export type TimecodeKind = (typeof TIMECODE_KINDS)[number];

/** Back-office §3 'Video', plus the media state of the transcode job. */
export const adminVideoSchema = z.object({
  videoId: z.string(),
  videoFilename: z.string(),
  videoLessonNum: z.string(),
  videoShownName: z.string(),
  videoChapter: z.string(),
  videoDescription: z.string(),
  videoObyaz: flag,
  videoPublic: flag,
  videoPreview: z.string(),
  videoViews: z.string(),
  videoTranscribingJson: z.string(),
  videoTranscribingSrt: z.string(),
  mediaStatus: z.enum(MEDIA_STATUSES),
  mediaError: z.string(),
  durationMs: z.string(),
});
export type AdminVideo = z.infer<typeof adminVideoSchema>;

/** The list carries no transcripts (they can be large). */
export const adminVideoListItemSchema = adminVideoSchema.omit({ videoTranscribingJson: true, videoTranscribingSrt: true, videoDescription: true }).extend({
  hasTranscript: flag,
});

/** Why the server cannot process video files now (no ffmpeg, a broken one), in Russian; '' when it can. */
const mediaProblem = z.string();

export const getVideoList = live('/videos/get_video_list', {
  input: noInput,
  output: z.object({ videos: z.array(adminVideoListItemSchema), mediaProblem }),
  access: videoEditors,
});

export const getVideo = live('/videos/get_video', {
  input: z.object({ videoId: intLike }),
  output: z.object({
    video: adminVideoSchema,
    /** Whether the transcription provider is set up; the button says why it is disabled otherwise. */
    transcriptionConfigured: flag,
    mediaProblem,
  }),
  access: videoEditors,
});

export const createVideo = live('/videos/create_video', {
  input: noInput,
  output: z.object({ videoId: z.string() }),
  access: videoEditors,
});

export const videoFieldsSchema = z.object({
  /** Empty: the video belongs to no lesson yet. */
  videoLessonNum: z.union([z.literal(''), intLike]),
  videoShownName: safeString().trim().max(300, 'не длиннее 300 символов'),
  videoChapter: safeString().trim().max(200, 'не длиннее 200 символов'),
  videoDescription: safeString().max(20_000, 'не длиннее 20000 символов'),
  videoObyaz: flag,
  videoPublic: flag,
});

export const updateVideo = live('/videos/update_video', {
  input: z.object({ videoId: intLike, videoFields: videoFieldsSchema }),
  output: z.object({}),
  access: videoEditors,
});

export const deleteVideo = live('/videos/delete_video', {
  input: z.object({ videoId: intLike }),
  output: z.object({}),
  access: videoEditors,
});

export const getVideoChapters = live('/videos/get_video_chapters', {
  input: noInput,
  output: z.object({ chapters: z.array(z.string()) }),
  access: videoEditors,
});

export const transcribeVideo = live('/videos/transcribe_video', {
  input: z.object({ videoId: intLike }),
  output: z.object({}),
  access: videoEditors,
});

/** Subscribes the caller to the single-video status pushes; the current state is pushed at once. */
export const triggerUpdateVideoTranscribingStatus = live('/videos/trigger_update_video_transcribing_status', {
  input: z.object({ videoId: intLike.optional() }),
  output: z.object({}),
  access: videoEditors,
});

export const transcribeManyVideos = live('/videos/transcribe_many_videos', {
  input: z.object({ toTranscribe: intLike.pipe(z.number().int().min(1, 'нужно число больше нуля').max(500, 'не больше 500')) }),
  output: z.object({}),
  access: videoEditors,
});

export const triggerUpdateInfoTranscribingManyVideos = live('/videos/trigger_update_info_transcribing_many_videos', {
  input: noInput,
  output: z.object({}),
  access: videoEditors,
});

export const updateVideoTranscribingStatus = push('/videos/update_video_transcribing_status', {
  body: z.object({ videoId: z.string(), status: z.string(), isFinished: flag }),
});

export const updateInfoTranscribingManyVideos = push('/videos/update_info_transcribing_many_videos', {
  body: z.object({
    totalTranscribed: z.number().int(),
    toTranscribe: z.number().int(),
    transcribedVideos: z.array(z.string()),
    isFinished: flag,
    status: z.string(),
  }),
});

export const adminTimecodeSchema = z.object({
  timecodeId: z.string(),
  videoId: z.string(),
  type: z.enum(TIMECODE_KINDS),
  timeStart: z.number().int(),
  timeEnd: z.number().int(),
  description: z.string(),
  tag: z.string(),
});
export type AdminTimecode = z.infer<typeof adminTimecodeSchema>;

export const createVideoTimecode = http('/app/api/videos/timecodes/create_video_timecode.php', {
  input: z.object({ videoId: intLike, type: z.enum(TIMECODE_KINDS) }),
  output: z.object({ timecode: adminTimecodeSchema }),
  access: timecodeChangers,
});

export const deleteVideoTimecodeById = http('/app/api/videos/timecodes/delete_video_timecode_by_id.php', {
  input: z.object({ timecodeId: intLike }),
  output: z.object({}),
  access: timecodeChangers,
});

export const updateTimecodes = http('/app/api/videos/timecodes/update_timecodes.php', {
  input: z.object({
    timecodes: z
      .array(
        z.object({
          timecodeId: intLike,
          timeStart: intLike,
          timeEnd: intLike,
          description: safeString().max(2000, 'не длиннее 2000 символов'),
          tag: safeString().max(200, 'не длиннее 200 символов'),
        }),
      )
      .max(1000),
  }),
  output: z.object({}),
  access: timecodeChangers,
});

/**
 * The editor's own list (every kind, empty descriptions included) — the student's
 * get_video_timecodes.php belongs to the video screen.
 */
export const getAdminVideoTimecodes = http('/app/api/videos/timecodes/admin_get_video_timecodes.php', {
  input: z.object({ videoId: intLike }),
  output: z.object({
    timecodes: z.array(adminTimecodeSchema),
    videoShownName: z.string(),
    durationMs: z.number().int(),
    mediaStatus: z.enum(MEDIA_STATUSES),
  }),
  access: timecodeChangers,
  extension: true,
});

/** Validation text of back-office §5 for timecodes whose end is before their start. */
export const timecodeOrderMessage = (ids: readonly string[]) => `Время старта меньше времени окончания id-${ids.join(', ')}`;
export const CHAPTER_REQUIRED = 'Введите Имя нового раздела, или выберите имеющийся';
export const TRANSCRIPTION_NOT_CONFIGURED = 'Расшифровка не настроена: задайте TRANSCRIPTION_URL';

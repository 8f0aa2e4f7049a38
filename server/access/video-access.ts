import type { CurrentUser } from '../auth/current-user';
import type { Db } from '../db';
import { canOpenLesson } from './lesson-access';

/** Staff who edit videos see unpublished ones and lessons that are not open yet. */
export async function isVideoEditor(user: CurrentUser): Promise<boolean> {
  return user.type === 'Админ' || (await user.groups()).has('USERS_VIDEO_EDITORS');
}

export type VideoAccess =
  | { allowed: true; video: { id: number; lesson_num: number | null; is_published: number; media_status: string; media_key: string } }
  | { allowed: false; reason: 'missing' | 'unpublished' | 'closed' };

/**
 * Whether a user may watch a video: the one rule for the lesson screen, the fragment player and
 * every playlist and segment of the stream. A student needs a published video of a lesson they
 * may open now; video editors may watch any video (to check an upload before publishing it).
 */
export async function videoAccess(db: Db, user: CurrentUser, videoId: number, now: number): Promise<VideoAccess> {
  const video = await db
    .selectFrom('videos')
    .leftJoin('lessons', 'lessons.number', 'videos.lesson_num')
    .select(['videos.id', 'videos.lesson_num', 'videos.is_published', 'videos.media_status', 'videos.media_key', 'lessons.opens_at', 'lessons.demo_access', 'lessons.is_published as lesson_published', 'lessons.number as lesson_exists'])
    .where('videos.id', '=', videoId)
    .executeTakeFirst();
  if (!video) return { allowed: false, reason: 'missing' };
  const result = { id: video.id, lesson_num: video.lesson_num, is_published: video.is_published, media_status: video.media_status, media_key: video.media_key };
  if (await isVideoEditor(user)) return { allowed: true, video: result };
  if (video.is_published !== 1) return { allowed: false, reason: 'unpublished' };
  if (video.lesson_exists === null || !canOpenLesson(user.type, { opens_at: video.opens_at, demo_access: video.demo_access ?? 0, is_published: video.lesson_published ?? 0 }, now)) {
    return { allowed: false, reason: 'closed' };
  }
  return { allowed: true, video: result };
}

import { opens } from './homework';
import { idNumbers, PLAN_RANKS, type PlanSource } from './source';

/** A video without a known length is planned at this many minutes. */
const DEFAULT_VIDEO_MINUTES = 20;

const idOf = (videoId: number) => `video:${videoId}`;

/** The course's next step: the first unwatched video of the earliest lesson she may open. */
export const nextVideoSource: PlanSource = {
  name: 'next-video',
  async candidates(context) {
    const { db, userId } = context;
    const [videos, lessons, watched] = await Promise.all([
      db
        .selectFrom('videos')
        .select(['id', 'lesson_num', 'shown_name', 'duration_ms', 'lesson_position'])
        .where('is_published', '=', 1)
        .where('lesson_num', 'is not', null)
        .execute(),
      db.selectFrom('lessons').select(['number', 'opens_at', 'demo_access', 'is_published', 'chapter_id', 'position']).execute(),
      db.selectFrom('user_videos').select('video_id').where('user_id', '=', userId).where('watched', '=', 1).execute(),
    ]);
    const seen = new Set(watched.map((row) => row.video_id));
    const lessonOf = new Map(lessons.map((lesson) => [lesson.number, lesson]));
    // The road's order: chapter, position in it, lesson number; then the card's order of videos.
    const next = videos
      .filter((video) => !seen.has(video.id) && opens(lessonOf.get(video.lesson_num!), context))
      .sort((a, b) => {
        const left = lessonOf.get(a.lesson_num!)!;
        const right = lessonOf.get(b.lesson_num!)!;
        return left.chapter_id - right.chapter_id || left.position - right.position || left.number - right.number || a.lesson_position - b.lesson_position || a.id - b.id;
      })[0];
    if (!next) return [];
    const minutes = next.duration_ms > 0 ? Math.max(1, Math.round(next.duration_ms / 60_000)) : DEFAULT_VIDEO_MINUTES;
    return [{ id: idOf(next.id), kind: 'video', title: `Видео: ${next.shown_name || `урок ${next.lesson_num}`}`, minutes, why: `следующий шаг — урок ${next.lesson_num}`, link: `/video_lesson/${next.id}`, rank: PLAN_RANKS.course, order: 0 }];
  },
  async doneIds({ db, userId }, ids) {
    const videoIds = ids.map((id) => idNumbers(id)[0]!);
    if (videoIds.length === 0) return new Set();
    const rows = await db.selectFrom('user_videos').select('video_id').where('user_id', '=', userId).where('watched', '=', 1).where('video_id', 'in', videoIds).execute();
    return new Set(rows.map((row) => idOf(row.video_id)));
  },
};

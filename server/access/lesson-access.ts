import type { UserType } from '../../src/shared/domain/user-types';

/** The lesson columns access depends on (every query that gates on a lesson selects all three). */
export interface LessonGate {
  opens_at: number | null;
  demo_access: number;
  /** 0: a draft of the course editor, which only staff open. */
  is_published: number;
}

/** Staff see every lesson as it is, open or not, draft or not, to check what students will get. */
const SEES_EVERYTHING: readonly UserType[] = ['Админ', 'Куратор'];

/** Whether this type sees drafts (the road lists them, their cards open). */
export function seesDrafts(type: UserType): boolean {
  return SEES_EVERYTHING.includes(type);
}

/**
 * Whether a user of this type may open the lesson now. Nobody but staff opens a draft. Inactive
 * users (and expired demos, whose effective type is inactive) see no lesson; a demo sees the
 * lessons marked open for demo once they are open; every paying type sees a lesson from its
 * opening time.
 */
export function canOpenLesson(type: UserType, lesson: LessonGate, now: number): boolean {
  if (SEES_EVERYTHING.includes(type)) return true;
  if (lesson.is_published !== 1) return false;
  if (type === 'Неактивный') return false;
  const opened = lesson.opens_at === null || lesson.opens_at <= now;
  if (type === 'Демо') return opened && lesson.demo_access === 1;
  return opened;
}

import type { LessonStatus } from '../../../src/shared/contract/course';

/**
 * A lesson's status (learning-area §4) from the student's progress on what the lesson holds.
 * Pure, so every status can be tested from plain rows; lesson-road.ts loads the rows.
 *
 * - 0 'Не доступен': the student has no access to the lesson now.
 * - 1 'Не начат': nothing started.
 * - 2 'Выполняется': something started, the required part not finished.
 * - 3 'Сделаны базовые': required videos watched and the main homework parts finished.
 * - 4 'Сделано всё': also every additional video, the additional part 1 and every credit passed.
 */
export interface LessonProgress {
  accessible: boolean;
  videos: readonly { mandatory: boolean; watched: boolean; started: boolean }[];
  /** One entry per homework part the lesson has (part 2 of additional homework is hidden and not counted). */
  homeworkParts: readonly { additional: boolean; status: string }[];
  credits: readonly { status: string }[];
}

/** Homework statuses that mean the student finished the part (a rejected one must be redone). */
const FINISHED_HOMEWORK = new Set(['Готово', 'Проверен', 'Самопров', 'Апелляция']);
const PASSED_CREDIT = 'Сдан';

export function isHomeworkFinished(status: string): boolean {
  return FINISHED_HOMEWORK.has(status);
}

export function deriveLessonStatus(progress: LessonProgress): LessonStatus {
  if (!progress.accessible) return 0;
  const started =
    progress.videos.some((video) => video.watched || video.started) ||
    progress.homeworkParts.some((part) => part.status !== '') ||
    progress.credits.some((credit) => credit.status !== '');
  const required = [
    ...progress.videos.filter((video) => video.mandatory).map((video) => video.watched),
    ...progress.homeworkParts.filter((part) => !part.additional).map((part) => isHomeworkFinished(part.status)),
  ];
  const everything = [
    ...progress.videos.map((video) => video.watched),
    ...progress.homeworkParts.map((part) => isHomeworkFinished(part.status)),
    ...progress.credits.map((credit) => credit.status === PASSED_CREDIT),
  ];
  if (everything.length > 0 && everything.every(Boolean)) return 4;
  if (required.length > 0 && required.every(Boolean)) return 3;
  return started ? 2 : 1;
}

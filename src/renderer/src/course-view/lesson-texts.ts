import type { LessonStatus } from '@shared/contract/course';
import { ruCourse } from '../i18n/course';

/** Texts of statuses, points and deadlines on the roadmap and in the lesson popup (learning-area §2, §4). */

export function lessonStatusText(status: LessonStatus): string {
  return ruCourse.lessonStatus[status];
}

export type TaskKind = 'homework' | 'auto' | 'oral';

/** §4: empty means 'Не начато' (homework, auto credit) or 'Не начат' (oral credit); 'Несдан' is shown as 'Не сдан'. */
export function taskStatusText(raw: string, kind: TaskKind): string {
  const status = raw.trim();
  if (status === '') return kind === 'oral' ? ruCourse.taskStatus.notStartedOral : ruCourse.taskStatus.notStarted;
  if (status === 'Несдан') return ruCourse.taskStatus.failed;
  return status;
}

export type StatusTone = 'neutral' | 'progress' | 'success' | 'danger';

/** Colour of a status pill: done, in progress, failed, or not started. */
export function taskStatusTone(raw: string): StatusTone {
  switch (raw.trim()) {
    case 'Готово':
    case 'Проверен':
    case 'Сдан':
      return 'success';
    case 'Выполняется':
    case 'Проводится':
    case 'Самопров':
    case 'Апелляция':
      return 'progress';
    case 'Отклонен':
    case 'Несдан':
    case 'Не сдан':
      return 'danger';
    default:
      return 'neutral';
  }
}

/** 'x / max', or '. . .' until the part is scored. */
export function pointsText(points: number | null, max: number): string {
  return points === null ? ruCourse.lesson.noPoints : `${points} / ${max}`;
}

/** 'до {date} ({hh:mm} мск)' with the seconds dropped; 'дедлайн отсутствует' without a deadline. */
export function deadlineText(date: string, time: string): string {
  if (date.trim() === '') return ruCourse.lesson.noDeadline;
  const hhmm = /^(\d{1,2}):(\d{2})/.exec(time.trim());
  return ruCourse.lesson.deadline(date.trim(), hhmm ? `${hhmm[1]!.padStart(2, '0')}:${hhmm[2]}` : '00:00');
}

/** Share of a lesson's progress ring: 0 until started, full when everything is done. */
export function lessonProgress(status: LessonStatus): number {
  return [0, 0, 1 / 3, 2 / 3, 1][status]!;
}

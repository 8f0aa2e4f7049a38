import { ruCredits } from '../../i18n/credits';
import { ApiError } from '../../lib/api-client';

/** Pure helpers of the automatic credit screen (learning §2 'Automatic credit', §4, §5, §8). */

const t = ruCredits.auto;

/** '3,4' → [3, 4]; junk parts are dropped. */
export function lessonNumbers(list: string): number[] {
  return list
    .split(',')
    .map((part) => Number(part.trim()))
    .filter((value) => Number.isInteger(value) && value > 0);
}

/** Moscow 'dd.mm.yyyy hh:mm' as 'до {date} ({time} мск)'; '' means no deadline. */
export function deadlineText(deadline: string): string {
  const match = /^(\d{2}\.\d{2}\.\d{4})\s+(\d{2}:\d{2})/.exec(deadline.trim());
  if (match) return t.deadlineText(match[1]!, match[2]!);
  return deadline.trim() === '' ? t.noDeadline : deadline;
}

/** Status as shown: 'Несдан' reads 'Не сдан', the empty one 'Не начато' (§4). */
export function statusText(status: string): string {
  return t.statuses[status] ?? (status === '' ? t.notStartedStatus : status);
}

/** A failed credit may be retaken only while attempts used are under the limit (§5). */
export function canRetake(status: string, used: number, max: number): boolean {
  return status === 'Несдан' && used < max;
}

export interface NavQuestion {
  q_num: number;
  answered: '0' | '1';
}

export function answeredCount(questions: readonly NavQuestion[]): number {
  return questions.filter((row) => row.answered === '1').length;
}

/** The next unanswered question after `after` (wrapping round), or null when all are answered. */
export function nextUnanswered(questions: readonly NavQuestion[], after: number): number | null {
  const open = questions.filter((row) => row.answered !== '1').map((row) => row.q_num).sort((a, b) => a - b);
  if (open.length === 0) return null;
  return open.find((num) => num > after) ?? open[0]!;
}

/** The question to show: the chosen one if it exists, else the first unanswered, else the first. */
export function currentQuestion(questions: readonly NavQuestion[], chosen: number | null): number | null {
  if (chosen !== null && questions.some((row) => row.q_num === chosen)) return chosen;
  return nextUnanswered(questions, 0) ?? questions[0]?.q_num ?? null;
}

/** Load failure text: the server's refusal with the credits prefix, else the default (§8). */
export function loadErrorText(error: unknown): string {
  if (error instanceof ApiError && error.kind === 'failure' && error.message) return t.loadError(error.message);
  return t.defaultError;
}

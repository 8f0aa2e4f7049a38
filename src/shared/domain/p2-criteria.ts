/**
 * Checking part 2 by the ФИПИ criteria of its exam task. The criteria of a task
 * (К1, К2… with their maximum) come from the school's table; the curator scores each, the task's
 * points are their sum. Shared so the checking screen shows the same sum and refusals the server
 * applies. Criteria apply to a question only when their maxima add up to its maximum (a question
 * given a non-standard maximum is scored as a whole).
 */

export interface P2Criterion {
  /** 1 for К1, 2 for К2, … */
  num: number;
  maxBall: number;
  title: string;
  description: string;
  /** ФИПИ: this criterion gets 0 when criterion `zeroIf` got 0; null = no such rule. */
  zeroIf: number | null;
}

/** Points per criterion number ('1', '2', …), as the wire and the database keep them. */
export type CriteriaPoints = Record<string, number>;

export const CRITERIA_TEXTS = {
  noCriteria: 'У задания {num} нет критериев ФИПИ: поставьте балл за задание целиком',
  unknownCriterion: 'У задания {num} нет критерия К{crit}',
  overCriterion: 'Балл по критерию К{crit} задания {num}: от 0 до {max}',
  zeroIf: 'Задание {num}: по К{crit} ставится 0 баллов, если по К{other} — 0',
  /** The bank's criteria editor. */
  zeroIfOrder: 'Критерий К{crit} может зависеть только от критерия выше него',
  tooManyPoints: 'Сумма максимумов критериев — не больше 10 баллов',
  saved: 'Критерии сохранены',
} as const;

/** 'К1' for 1: how criteria are named in the ФИПИ criteria (Cyrillic К). */
export const criterionCode = (num: number): string => `К${num}`;

/** The criteria that score a question of `maxPoints`: the task's, when they add up to it; none otherwise. */
export function criteriaFor(criteria: readonly P2Criterion[], maxPoints: number): readonly P2Criterion[] {
  if (criteria.length === 0) return [];
  return criteria.reduce((sum, criterion) => sum + criterion.maxBall, 0) === maxPoints ? criteria : [];
}

export type CriteriaProblem =
  | { kind: 'unknownCriterion'; crit: number }
  | { kind: 'overCriterion'; crit: number; max: number }
  | { kind: 'zeroIf'; crit: number; other: number };

/**
 * The task's points from its criteria points: the sum when every criterion is scored, null while
 * some are not (a check saved halfway), or the first problem (an unknown criterion, a score out of
 * 0..max, or a score above 0 where the ФИПИ rule asks for 0).
 */
export function sumCriteria(criteria: readonly P2Criterion[], points: CriteriaPoints): { total: number | null } | { problem: CriteriaProblem } {
  for (const [key, value] of Object.entries(points)) {
    const criterion = criteria.find((item) => String(item.num) === key);
    if (!criterion) return { problem: { kind: 'unknownCriterion', crit: Number(key) } };
    if (!Number.isInteger(value) || value < 0 || value > criterion.maxBall) return { problem: { kind: 'overCriterion', crit: criterion.num, max: criterion.maxBall } };
  }
  for (const criterion of criteria) {
    const own = points[String(criterion.num)];
    if (criterion.zeroIf !== null && own !== undefined && own > 0 && points[String(criterion.zeroIf)] === 0) {
      return { problem: { kind: 'zeroIf', crit: criterion.num, other: criterion.zeroIf } };
    }
  }
  const complete = criteria.every((criterion) => points[String(criterion.num)] !== undefined);
  return { total: complete ? criteria.reduce((sum, criterion) => sum + (points[String(criterion.num)] ?? 0), 0) : null };
}

/** The Russian refusal of a criteria problem in task `taskNum` (the question's number in the work). */
export function criteriaProblemText(problem: CriteriaProblem, taskNum: number): string {
  const text = CRITERIA_TEXTS[problem.kind].replace('{num}', String(taskNum)).replace('{crit}', String(problem.crit));
  if (problem.kind === 'overCriterion') return text.replace('{max}', String(problem.max));
  if (problem.kind === 'zeroIf') return text.replace('{other}', String(problem.other));
  return text;
}

/** Criteria points as stored (JSON text); anything unreadable is no points. */
export function parseCriteriaPoints(json: string): CriteriaPoints {
  try {
    const value: unknown = JSON.parse(json);
    if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
    return Object.fromEntries(Object.entries(value).filter((entry): entry is [string, number] => /^\d{1,2}$/.test(entry[0]) && Number.isInteger(entry[1])));
  } catch {
    return {};
  }
}

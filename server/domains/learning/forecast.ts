import { LEARNING_TEXTS } from '../../../src/shared/contract/learning';
import type { CurrentUser } from '../../auth/current-user';
import { maySeeStudent } from '../../auth/student-scope';
import { fail, MESSAGES } from '../../contract/errors';
import type { Db } from '../../db';
import { examSecondaryScale } from '../../questions/exam-scale';
import { evidenceOf, examTasks } from '../../learning/exam-evidence';
import { findUserByKey } from '../../users/user-key';
import { forecast, LOW_DATA, MIN_ANSWERS, } from './forecast-model';

/** The June exam a date prepares for: the school year runs from September. */
export function examYearOf(now: number): number {
  const date = new Date(now);
  return date.getUTCMonth() >= 8 ? date.getUTCFullYear() + 1 : date.getUTCFullYear();
}

/** The school's conversion table for the exam year (the latest year up to it), or the admin default. */
export async function scaleFor(db: Db, now: number): Promise<{ year: number | null; scale: readonly number[] }> {
  const rows = await db.selectFrom('exam_score_scales').select(['year', 'scale']).orderBy('year', 'desc').execute();
  const year = examYearOf(now);
  const row = rows.find((candidate) => candidate.year <= year) ?? rows.at(-1);
  if (row) {
    try {
      const scale: unknown = JSON.parse(row.scale);
      if (Array.isArray(scale) && scale.length >= 2 && scale.every((value) => typeof value === 'number')) return { year: row.year, scale: scale as number[] };
    } catch {
      // A broken row falls back to the admin table below.
    }
  }
  return { year: null, scale: await examSecondaryScale(db) };
}

export { evidenceOf, examTasks };

/** Whose forecast a call asks for: her own, or a student the viewer may see (same answer as «not found» otherwise). */
export async function forecastSubject(db: Db, viewer: CurrentUser, userKey: string) {
  if (userKey === '') return viewer.row;
  const target = await findUserByKey(db, userKey);
  if (!target) fail(LEARNING_TEXTS.notFound);
  if (target.id !== viewer.id && !(await maySeeStudent(viewer, target))) fail(MESSAGES.forbidden);
  return target;
}

export async function examForecast(db: Db, userId: number, goal: number | null, now: number) {
  const [evidence, tasks, { year, scale }, names] = await Promise.all([
    evidenceOf(db, userId, now),
    examTasks(db),
    scaleFor(db, now),
    db.selectFrom('exam_elements').select(['code', 'name']).execute(),
  ]);
  const maxPrimary = tasks.reduce((sum, task) => sum + task.maxPoints, 0);
  const result = forecast(evidence, tasks, scale, userId);
  const nameOf = new Map(names.map((row) => [row.code, row.name]));
  const base = { answers: result.answers, minAnswers: MIN_ANSWERS, maxPrimary, scaleYear: year, goal };
  if (!result.enough) {
    return {
      ...base,
      enoughData: '0' as const,
      note: LOW_DATA,
      testScore: null,
      testLow: null,
      testHigh: null,
      primary: null,
      primaryLow: null,
      primaryHigh: null,
      tasks: result.tasks.map((task) => ({ taskNum: task.taskNum, maxPoints: task.maxPoints, expected: null })),
      raise: [],
    };
  }
  return {
    ...base,
    enoughData: '1' as const,
    note: '',
    testScore: result.test,
    testLow: result.testLow,
    testHigh: result.testHigh,
    primary: result.primary,
    primaryLow: result.primaryLow,
    primaryHigh: result.primaryHigh,
    tasks: result.tasks,
    raise: result.gains.slice(0, 3).map((item) => ({ ...item, name: nameOf.get(item.code) ?? item.code })),
  };
}

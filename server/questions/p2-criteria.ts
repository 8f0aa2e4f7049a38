import type { P2CriterionView } from '../../src/shared/contract/homework-p2';
import { criteriaFor, criterionCode, type P2Criterion } from '../../src/shared/domain/p2-criteria';
import type { Db } from '../db';

/**
 * The ФИПИ criteria of part 2 exam tasks from the school's table (p2_task_criteria), read by
 * curator checking, the student's checked work and the bank's criteria editor.
 */

/** Every task's criteria, К1 first, keyed by task number. */
export async function criteriaByTask(db: Db, taskNumbers?: readonly number[]): Promise<Map<number, P2Criterion[]>> {
  if (taskNumbers && taskNumbers.length === 0) return new Map();
  const rows = await db
    .selectFrom('p2_task_criteria')
    .selectAll()
    .$if(taskNumbers !== undefined, (query) => query.where('task_number', 'in', [...new Set(taskNumbers)]))
    .orderBy('task_number')
    .orderBy('num')
    .execute();
  const byTask = new Map<number, P2Criterion[]>();
  for (const row of rows) {
    const list = byTask.get(row.task_number) ?? [];
    list.push({ num: row.num, maxBall: row.max_points, title: row.title, description: row.description, zeroIf: row.zero_if });
    byTask.set(row.task_number, list);
  }
  return byTask;
}

/** The criteria that score one question (its task's, when they add up to its maximum). */
export function questionCriteria(byTask: ReadonlyMap<number, readonly P2Criterion[]>, question: { task_number: number; max_points: number }): readonly P2Criterion[] {
  return criteriaFor(byTask.get(question.task_number) ?? [], question.max_points);
}

/** Criteria as the screens show them, each with its code (К1…). */
export const criteriaViews = (criteria: readonly P2Criterion[]): P2CriterionView[] => criteria.map((criterion) => ({ ...criterion, code: criterionCode(criterion.num) }));

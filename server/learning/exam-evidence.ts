import type { Db } from '../db';
import { examPrimaryScores } from '../questions/question-bank';
import { stateAt } from './mastery';

/**
 * What the forecast and «Сегодня» both read from the learning model (ARCHITECTURE §5a): the exam's
 * tasks with their elements and points, a student's decayed evidence per element, and which
 * elements would raise her expected points most. Kept here, out of the learning domain, so the
 * plan reads the same numbers without importing another domain.
 */

/** How many answers' worth the student's overall share weighs in an element's prior (partial pooling). */
export const PRIOR_STRENGTH = 2;

export interface ElementEvidence {
  code: string;
  right: number;
  wrong: number;
  answers: number;
}

export interface ExamTask {
  taskNum: number;
  maxPoints: number;
  elements: readonly string[];
}

export async function examTasks(db: Db): Promise<ExamTask[]> {
  const [points, links] = await Promise.all([examPrimaryScores(db), db.selectFrom('exam_task_elements').select(['task_num', 'element_code']).execute()]);
  return points.map((maxPoints, position) => ({
    taskNum: position + 1,
    maxPoints,
    elements: links.filter((link) => link.task_num === position + 1).map((link) => link.element_code),
  }));
}

export async function evidenceOf(db: Db, userId: number, now: number): Promise<ElementEvidence[]> {
  const rows = await db.selectFrom('learning_mastery').selectAll().where('user_id', '=', userId).execute();
  return rows.map((row) => {
    const state = stateAt({ right: Number(row.right_weight), wrong: Number(row.wrong_weight), answers: Number(row.answers), updatedAt: Number(row.updated_at) }, now);
    return { code: row.element_code, right: state.right, wrong: state.wrong, answers: state.answers };
  });
}

const round1 = (value: number) => Math.round(value * 10) / 10;

/**
 * Elements by the expected primary points their full mastery would add, most first (the forecast's
 * «что поднимет прогноз»). Each element's share is its Beta mean with the student's overall share
 * as a weak prior; a task's points are split evenly over its elements. No sampling: cheap.
 */
export function elementGains(evidence: readonly ElementEvidence[], tasks: readonly ExamTask[]): Array<{ code: string; gain: number; mastery: number }> {
  const totalRight = evidence.reduce((sum, item) => sum + item.right, 0);
  const totalWrong = evidence.reduce((sum, item) => sum + item.wrong, 0);
  const overall = (totalRight + 1) / (totalRight + totalWrong + 2);
  const byCode = new Map(evidence.map((item) => [item.code, item]));
  const codes = [...new Set(tasks.flatMap((task) => task.elements))];
  const mean = new Map(
    codes.map((code) => {
      const alpha = (byCode.get(code)?.right ?? 0) + PRIOR_STRENGTH * overall;
      return [code, alpha / (alpha + (byCode.get(code)?.wrong ?? 0) + PRIOR_STRENGTH * (1 - overall))];
    }),
  );
  const gain = new Map(codes.map((code) => [code, 0]));
  for (const task of tasks) {
    for (const code of new Set(task.elements)) gain.set(code, gain.get(code)! + (task.maxPoints * (1 - mean.get(code)!)) / task.elements.length);
  }
  return codes
    .map((code) => ({ code, gain: round1(gain.get(code)!), mastery: Math.round(mean.get(code)! * 100) }))
    .sort((a, b) => b.gain - a.gain || a.code.localeCompare(b.code, 'ru', { numeric: true }));
}

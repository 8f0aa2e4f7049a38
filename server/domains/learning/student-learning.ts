import { setImmediate as nextTurn } from 'node:timers/promises';
import { RISK_BELOW_GOAL, type RiskReason, type StudentLearning } from '../../../src/shared/contract/learning';
import type { Db } from '../../db';
import { stateAt } from '../../learning/mastery';
import { overdueWork } from '../../learning/overdue-work';
import { publicUserKey } from '../../users/user-key';
import { recentActivity } from './activity';
import { examTasks, scaleFor } from './forecast';
import { forecast, MIN_ANSWERS, type ElementEvidence } from './forecast-model';

/** How many of the weakest elements a row carries. */
const WEAKEST = 5;

/** The student columns a learning row needs (users joined with the main curator's name). */
export interface LearningStudent {
  id: number;
  vk_id: string | null;
  name: string;
  surname: string;
  goal_ball: number | null;
  created_at: number;
  cur_name: string | null;
  cur_surname: string | null;
}

/** A row's learning figures plus each element's mastery, which the group summary aggregates. */
export interface LearningRow {
  row: StudentLearning;
  /** Element code → mastery % for the elements she has answered on (only with enough data). */
  mastery: Map<string, number>;
}

/** Every student's mastery rows in one query, decayed to `now`. */
async function evidenceByStudent(db: Db, ids: readonly number[], now: number): Promise<Map<number, ElementEvidence[]>> {
  const rows = ids.length === 0 ? [] : await db.selectFrom('learning_mastery').selectAll().where('user_id', 'in', [...ids]).execute();
  const result = new Map<number, ElementEvidence[]>();
  for (const row of rows) {
    const state = stateAt({ right: Number(row.right_weight), wrong: Number(row.wrong_weight), answers: Number(row.answers), updatedAt: Number(row.updated_at) }, now);
    result.set(row.user_id, [...(result.get(row.user_id) ?? []), { code: row.element_code, right: state.right, wrong: state.wrong, answers: state.answers }]);
  }
  return result;
}

/**
 * Learning rows for a list of students in one pass: the exam's tasks, conversion table and
 * element names are read once, mastery, activity and overdue work in one query each; then one
 * forecast per student — the same model and seed as the student's own forecast, so the curator
 * sees her numbers. The sampling (~5–10 ms each) yields to the event loop between students.
 */
export async function learningRows(db: Db, students: readonly LearningStudent[], now: number): Promise<LearningRow[]> {
  const ids = students.map((student) => student.id);
  const [tasks, { scale }, names, evidence, activity, overdue] = await Promise.all([
    examTasks(db),
    scaleFor(db, now),
    db.selectFrom('exam_elements').select(['code', 'name']).execute(),
    evidenceByStudent(db, ids, now),
    recentActivity(db, ids, now),
    overdueWork(db, students, now),
  ]);
  const nameOf = new Map(names.map((row) => [row.code, row.name]));
  const rows: LearningRow[] = [];
  for (const student of students) {
    if (rows.length > 0) await nextTurn();
    const own = evidence.get(student.id) ?? [];
    const result = forecast(own, tasks, scale, student.id);
    const answered = new Set(own.filter((item) => item.answers > 0).map((item) => item.code));
    const known = result.enough ? result.gains.filter((item) => answered.has(item.code)) : [];
    const weakest = [...known].sort((a, b) => a.mastery - b.mastery || b.gain - a.gain).slice(0, WEAKEST);
    const days = activity.get(student.id) ?? [];
    const reasons: RiskReason[] = [];
    if (result.enough && student.goal_ball !== null && student.goal_ball - result.test > RISK_BELOW_GOAL) reasons.push('belowGoal');
    if (days.every((day) => day.answers === 0)) reasons.push('inactive');
    rows.push({
      mastery: new Map(known.map((item) => [item.code, item.mastery])),
      row: {
        userVkId: publicUserKey(student),
        userSurname: student.surname,
        userName: student.name,
        curatorName: [student.cur_surname, student.cur_name].filter(Boolean).join(' '),
        goal: student.goal_ball,
        enoughData: result.enough ? '1' : '0',
        answers: result.answers,
        minAnswers: MIN_ANSWERS,
        testScore: result.enough ? result.test : null,
        testLow: result.enough ? result.testLow : null,
        testHigh: result.enough ? result.testHigh : null,
        weakest: weakest.map((item) => ({ code: item.code, name: nameOf.get(item.code) ?? item.code, mastery: item.mastery })),
        activity: days,
        overdue: overdue.get(student.id) ?? { homeworkP1: 0, homeworkP2: 0, credits: 0 },
        atRisk: reasons.length > 0 ? '1' : '0',
        riskReasons: reasons,
      },
    });
  }
  return rows;
}

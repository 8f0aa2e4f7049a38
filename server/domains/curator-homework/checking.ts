import { CHECK_TEXTS as T, REVIEWER_ACTION_NAMES, type ReviewerAction, type TaskCheck } from '../../../src/shared/contract/curator-homework';
import type { CurrentUser } from '../../auth/current-user';
import { fail } from '../../contract/errors';
import type { Db } from '../../db';
import { checkableStudent, loadHomework, questionsP2, visibleStudents } from './reading';
import { mayEditTasks, reviewerTransition } from '../../../src/shared/domain/reviewer-transitions';
import { CallFailure } from '../../contract/errors';
import { readWorkVersion } from './work-version';
import { recordScoredAnswers } from '../../learning/mastery';
import { CRITERIA_TEXTS, criteriaProblemText, sumCriteria, type CriteriaPoints } from '../../../src/shared/domain/p2-criteria';
import { criteriaByTask, questionCriteria } from '../../questions/p2-criteria';

type CriteriaByTask = Awaited<ReturnType<typeof criteriaByTask>>;

/**
 * Write side of curator checking of part 2: scores, comments and comment segments per task, the
 * per-task checked flag, and the reviewer actions of back-office §4 (table in transitions.ts).
 * Every write re-reads the work's status inside its transaction and updates it only from that
 * status, so two checkers (or a checker and the student) cannot interleave.
 */

/** Refuses an action the work's status does not allow; a work not yet submitted says so plainly. */
function refuseAction(action: ReviewerAction, status: string): never {
  if (status === 'Выполняется') fail(T.notSubmitted);
  fail(T.actionRefused.replace('{action}', REVIEWER_ACTION_NAMES[action]).replace('{status}', status));
}

type Question = Awaited<ReturnType<typeof questionsP2>>[number];
type Tx = Db;

/** A task's check as written: the score decided by the server and the points per criterion. */
type ScoredCheck = { question: Question; check: TaskCheck; criteriaPoints: CriteriaPoints };

/**
 * Refuses a check that names an unknown task, a score over the max, a criterion score out of
 * 0..max (or against the ФИПИ zero rule), or a segment beyond the answer. Scored by criteria, the
 * task's points are their sum (null until every criterion is scored), whatever `ballov` said.
 * Scored as a whole (older clients), the score stands; a one-criterion task keeps it as К1.
 */
function validateCheck(questions: readonly Question[], byTask: CriteriaByTask, qNumber: number, check: TaskCheck, answer: string): ScoredCheck {
  const question = questions.find((candidate) => candidate.q_number === qNumber);
  if (!question) fail(T.unknownTask.replace('{num}', String(qNumber)));
  if (check.ballov !== null && (check.ballov < 0 || check.ballov > question.max_points)) {
    fail(T.overMax.replace('{num}', String(qNumber)).replace('{max}', String(question.max_points)));
  }
  for (const segment of Object.values(check.add_comments)) {
    if (segment.finish_pos > answer.length) fail(T.segmentOutside.replace('{num}', String(qNumber)));
  }
  const criteria = questionCriteria(byTask, question);
  const given = check.criteria_ballov;
  if (Object.keys(given).length > 0) {
    if (criteria.length === 0) fail(CRITERIA_TEXTS.noCriteria.replace('{num}', String(qNumber)));
    const summed = sumCriteria(criteria, given);
    if ('problem' in summed) fail(criteriaProblemText(summed.problem, qNumber));
    return { question, check: { ...check, ballov: summed.total }, criteriaPoints: given };
  }
  const only = criteria.length === 1 ? criteria[0]! : null;
  return { question, check, criteriaPoints: only && check.ballov !== null ? { [String(only.num)]: check.ballov } : {} };
}

async function workOf(db: Db, userId: number, htNum: number) {
  const work = await db.selectFrom('user_homeworks').selectAll().where('user_id', '=', userId).where('ht_num', '=', htNum).where('is_dop', '=', 0).executeTakeFirst();
  if (!work || work.status_p2 === '') fail(T.noWork);
  return work;
}

async function answersOf(db: Db, userId: number, htNum: number) {
  return db.selectFrom('homework_answers_p2').selectAll().where('user_id', '=', userId).where('ht_num', '=', htNum).where('is_dop', '=', 0).execute();
}

/** Writes one task's check; an optional task the student left empty gets a row with an empty answer. */
async function writeCheck(db: Tx, { userId, htNum, scored, isChecked }: { userId: number; htNum: number; scored: ScoredCheck; isChecked?: 0 | 1 }) {
  const { question, check, criteriaPoints } = scored;
  const json = JSON.stringify(check.add_comments);
  const values = {
    points: check.ballov,
    teacher_comment: check.cur_comment,
    teacher_json: json,
    criteria_points: JSON.stringify(criteriaPoints),
    ...(isChecked === undefined ? {} : { is_checked: isChecked }),
  };
  await db
    .insertInto('homework_answers_p2')
    .values({ user_id: userId, ht_num: htNum, is_dop: 0, q_number: question.q_number, question_id: question.id, ...values })
    .onConflict((oc) => oc.columns(['user_id', 'ht_num', 'is_dop', 'q_number']).doUpdateSet(values))
    .execute();
}

/**
 * Optimistic guard of an offline check: the row must still carry the `updated_at` read when its
 * version was compared, and the write moves `updated_at` forward (even within the same millisecond).
 */
type Guard = { updatedAt: number; refuse: () => never };

/** Moves the work from `from` to `to` with extra columns; refuses if someone changed it meanwhile. */
/** One status move of a work: whose, from which status, the columns set, the action refused if it cannot happen. */
interface WorkMove {
  userId: number;
  htNum: number;
  from: string;
  set: Record<string, unknown>;
  action: ReviewerAction;
  guard?: Guard;
}

async function moveWork(db: Tx, { userId, htNum, from, set, action, guard }: WorkMove) {
  const values = guard && typeof set.updated_at === 'number' ? { ...set, updated_at: Math.max(set.updated_at, guard.updatedAt + 1) } : set;
  const moved = await db
    .updateTable('user_homeworks')
    .set(values)
    .where('user_id', '=', userId)
    .where('ht_num', '=', htNum)
    .where('is_dop', '=', 0)
    .where('status_p2', '=', from)
    .$if(guard !== undefined, (query) => query.where('updated_at', '=', guard!.updatedAt))
    .executeTakeFirst();
  if (Number(moved.numUpdatedRows) === 1) return;
  if (guard) guard.refuse();
  refuseAction(action, from);
}

/** Finishes a work: every task checked, points_p2 = their sum; refuses while a task has no score. */
async function finishWork(trx: Tx, checker: CurrentUser, work: { userId: number; htNum: number; from: string; questions: readonly Question[]; now: number; guard?: Guard }) {
  const { userId, htNum, from, questions, now, guard } = work;
  const answers = await answersOf(trx, userId, htNum);
  const unscored = questions.filter((question) => (answers.find((answer) => answer.q_number === question.q_number)?.points ?? null) === null).map((question) => question.q_number);
  if (unscored.length > 0) fail(T.scoreMissing.replace('{nums}', unscored.join(', ')));
  await trx.updateTable('homework_answers_p2').set({ is_checked: 1 }).where('user_id', '=', userId).where('ht_num', '=', htNum).where('is_dop', '=', 0).execute();
  const points = answers.reduce((sum, answer) => sum + (answer.points ?? 0), 0);
  await moveWork(trx, { userId, htNum, from, set: { status_p2: 'Проверен', points_p2: points, p2_checker_id: checker.id, p2_checked_at: now, updated_at: now }, action: 'endChecking', guard });
  // Part 2 teaches the learning model once checked, in the check's transaction.
  await recordScoredAnswers(
    trx,
    questions.flatMap((question) => {
      const answer = answers.find((candidate) => candidate.q_number === question.q_number);
      return answer?.points == null ? [] : [{ userId, source: 'homework-p2' as const, part: 2 as const, questionId: question.id, points: answer.points, maxPoints: question.max_points, at: now }];
    }),
  );
}

/** The conflict refusal: the caller shows both versions and lets the curator choose. */
function refuseConflict(currentVersion: string): never {
  throw new CallFailure(T.conflict, '0', { conflict: '1', workVersion: currentVersion });
}

/**
 * A reviewer action on one student's work (set_result_p2). The given checks are saved first (all
 * actions), then: saveChecking keeps 'Готово'; endChecking finishes it ('Проверен', sum of scores,
 * the checker and time); reject marks it 'Отклонен' (the student sees the comments; no points);
 * return gives it back as 'Выполняется' with the tasks unchecked so the student can edit again.
 */
export async function reviewWork(
  db: Db,
  user: CurrentUser,
  review: {
    action: ReviewerAction;
    htNum: number;
    key: string;
    checks: Record<string, TaskCheck>;
    now: number;
    baseVersion?: string;
    /** Records the write's answer inside its transaction (an offline check's operation id). */
    remember?: (trx: Tx, workVersion: string) => Promise<void>;
  },
): Promise<string> {
  const { action, htNum, key, checks, now, baseVersion, remember } = review;
  await loadHomework(db, htNum);
  const student = await checkableStudent(db, user, key);
  const questions = await questionsP2(db, htNum);
  const byTask = await criteriaByTask(db, questions.map((question) => question.task_number));
  return db.transaction().execute(async (trx) => {
    // Read inside the transaction: the version compared is the one the guarded update sees.
    const current = await readWorkVersion(trx, student.id, htNum);
    if (!current || current.work.status_p2 === '') fail(T.noWork);
    let guard: Guard | undefined;
    if (baseVersion !== undefined) {
      if (current.version !== baseVersion) refuseConflict(current.version);
      guard = { updatedAt: current.work.updated_at, refuse: () => refuseConflict(current.version) };
    }
    const from = current.work.status_p2;
    const next = reviewerTransition(action, from);
    if (next === null) refuseAction(action, from);
    const entries = Object.entries(checks).map(([qNumber, check]) => {
      const num = Number(qNumber);
      return validateCheck(questions, byTask, num, check, current.answers.find((answer) => answer.q_number === num)?.user_answer ?? '');
    });
    for (const scored of entries) await writeCheck(trx, { userId: student.id, htNum, scored });
    await applyAction(trx, user, { action, next, userId: student.id, htNum, from, questions, now, guard });
    const written = (await readWorkVersion(trx, student.id, htNum))!.version;
    await remember?.(trx, written);
    return written;
  });
}

/** The status move of a reviewer action, after its checks are written (inside the same transaction). */
async function applyAction(
  trx: Tx,
  user: CurrentUser,
  move: { action: ReviewerAction; next: string; userId: number; htNum: number; from: string; questions: readonly Question[]; now: number; guard: Guard | undefined },
): Promise<void> {
  const { action, next, userId, htNum, from, questions, now, guard } = move;
  if (action === 'endChecking') return finishWork(trx, user, { userId, htNum, from, questions, now, guard });
  if (action === 'reject') return moveWork(trx, { userId, htNum, from, set: { status_p2: next, points_p2: null, p2_checker_id: user.id, p2_checked_at: now, updated_at: now }, action, guard });
  if (action === 'return') {
    await trx.updateTable('homework_answers_p2').set({ is_checked: 0 }).where('user_id', '=', userId).where('ht_num', '=', htNum).where('is_dop', '=', 0).execute();
    // p2_mark_save '' : whichever tab the student opens next owns the work.
    return moveWork(trx, { userId, htNum, from, set: { status_p2: next, points_p2: null, p2_mark_save: '', updated_at: now }, action, guard });
  }
  // saveChecking: the status stays; touching the row keeps a concurrent status change from slipping by.
  return moveWork(trx, { userId, htNum, from, set: { updated_at: now }, action, guard });
}

export interface TaskFlag {
  dzNum: number;
  studentId: string;
  taskNum: number;
  /** The task is marked checked (the wire's taskStatus '1'). */
  checked: boolean;
  jsonData: TaskCheck;
}

/**
 * Saves tasks with their checked flag (set_task_checked_p2, and set_tasks_checked_p2 for the batch
 * view): all are validated first, then written in one transaction, so a batch is all or nothing.
 * Only submitted works ('Готово') take task checks; marking a task checked needs its score.
 */
export async function setTaskFlags(db: Db, user: CurrentUser, tasks: readonly TaskFlag[], now: number) {
  const prepared: { task: TaskFlag; student: { id: number }; scored: ScoredCheck }[] = [];
  for (const task of tasks) {
    await loadHomework(db, task.dzNum);
    const student = await checkableStudent(db, user, task.studentId);
    const work = await workOf(db, student.id, task.dzNum);
    if (!mayEditTasks(work.status_p2)) refuseAction('saveChecking', work.status_p2);
    const questions = await questionsP2(db, task.dzNum);
    const byTask = await criteriaByTask(db, questions.map((question) => question.task_number));
    const answer = (await answersOf(db, student.id, task.dzNum)).find((row) => row.q_number === task.taskNum)?.user_answer ?? '';
    const scored = validateCheck(questions, byTask, task.taskNum, task.jsonData, answer);
    if (task.checked && scored.check.ballov === null) fail(T.scoreMissing.replace('{nums}', String(task.taskNum)));
    prepared.push({ task, student, scored });
  }
  await db.transaction().execute(async (trx) => {
    for (const { task, student, scored } of prepared) {
      await writeCheck(trx, { userId: student.id, htNum: task.dzNum, scored, isChecked: task.checked ? 1 : 0 });
      await moveWork(trx, { userId: student.id, htNum: task.dzNum, from: 'Готово', set: { updated_at: now }, action: 'saveChecking' });
    }
  });
}

/**
 * 'Send all checked' of a homework (send_checked_p2): every submitted work the user may check whose
 * tasks are all marked checked is finished as by endChecking. Works with an unchecked task stay.
 * Returns how many works were finished.
 */
export async function sendChecked(db: Db, user: CurrentUser, htNum: number, now: number): Promise<number> {
  await loadHomework(db, htNum);
  const questions = await questionsP2(db, htNum);
  if (questions.length === 0) return 0;
  const ids = (await visibleStudents(db, user)).map((student) => student.id);
  if (ids.length === 0) return 0;
  const submitted = await db.selectFrom('user_homeworks').select('user_id').where('ht_num', '=', htNum).where('is_dop', '=', 0).where('status_p2', '=', 'Готово').where('user_id', 'in', ids).execute();
  let sent = 0;
  for (const { user_id: userId } of submitted) {
    const answers = await answersOf(db, userId, htNum);
    const allChecked = questions.every((question) => answers.some((answer) => answer.q_number === question.q_number && answer.is_checked === 1 && answer.points !== null));
    if (!allChecked) continue;
    await db.transaction().execute((trx) => finishWork(trx, user, { userId, htNum, from: 'Готово', questions, now }));
    sent += 1;
  }
  return sent;
}

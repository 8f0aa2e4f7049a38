import { MISTAKE_WORK_SEPARATOR, P2_TEXTS as T, type CommentSegment, type HomeworkP2Question } from '../../../src/shared/contract/homework-p2';
import { formatMoscowDateTime, formatMoscowTimeWithSeconds, moscowDateKey } from '../../../src/shared/domain/moscow-time';
import type { CurrentUser } from '../../auth/current-user';
import { CallFailure, fail } from '../../contract/errors';
import type { Db } from '../../db';
import { homeworkPartFinished, type DomainEventBus } from '../../events';
import { preparedQuery, preparedWrite } from '../../db/prepared';
import { openHomework } from '../../questions/open-homework';
import { criteriaByTask, criteriaViews, questionCriteria } from '../../questions/p2-criteria';
import { parseCriteriaPoints, type P2Criterion } from '../../../src/shared/domain/p2-criteria';
import { publicUserKey } from '../../users/user-key';
import { budgetEndsAt, isTimedPart, pastGrace, secondsLeftP2 } from './p2-timer';

/**
 * Part 2 of a homework for the student: written answers saved as drafts (autosave) while the work
 * is open, submitted for checking, then results; mistake work appends to the checked answer; a
 * self-check homework is scored by the student. Only the tab that opened the work last may save
 * without asking: any other tab is answered '22' unless it forces the save (§8).
 */

export interface P2Key {
  userId: number;
  htNum: number;
  isDop: 0 | 1;
}

const EDITABLE = 'Выполняется';
/** A submit this close before the budget's end counts as at zero (the client's count may run a little ahead). */
const SUBMIT_AT_ZERO_SLACK_MS = 5_000;

type Homework = Awaited<ReturnType<typeof openHomework>>;

/** Sentinels of the prepared queries below (never real homework numbers, parts or keys: the queries take `is_dop` as a plain number for that). */
const HT = -424201;
const DOP = -424202;
const USER = -424203;
const AT = -424204;
const Q_NUMBER = -424205;
const QUESTION = -424206;
const TAB = '\u0000p2-tab';
const TEXT = '\u0000p2-text';

// The reads of every autosave are prepared once: building them anew cost more than running them.
const questionsQuery = preparedQuery([HT, DOP] as const, (db, htNum: number, isDop: number) =>
  db
    .selectFrom('homework_questions_p2')
    .innerJoin('questions_p2', 'questions_p2.id', 'homework_questions_p2.question_id')
    .select([
      'homework_questions_p2.q_number',
      'homework_questions_p2.is_mandatory',
      'questions_p2.id',
      'questions_p2.question',
      'questions_p2.task_number',
      'questions_p2.max_points',
    ])
    .where('homework_questions_p2.ht_num', '=', htNum)
    .where('homework_questions_p2.is_dop', '=', isDop)
    .orderBy('homework_questions_p2.q_number'),
);

const progressQuery = preparedQuery([USER, HT, DOP] as const, (db, userId: number, htNum: number, isDop: number) =>
  db.selectFrom('user_homeworks').selectAll().where('user_id', '=', userId).where('ht_num', '=', htNum).where('is_dop', '=', isDop),
);

const answersQuery = preparedQuery([USER, HT, DOP] as const, (db, userId: number, htNum: number, isDop: number) =>
  db.selectFrom('homework_answers_p2').selectAll().where('user_id', '=', userId).where('ht_num', '=', htNum).where('is_dop', '=', isDop),
);

// The save's writes, compiled once too (inside its transaction): building the upsert and the
// claim anew cost about as much as the rest of the save (`npm run bench`).
const claimForTab = (takeOver: boolean) =>
  preparedWrite([TAB, AT, USER, HT, DOP] as const, (db, tab: string, now: number, userId: number, htNum: number, isDop: number) =>
    db
      .updateTable('user_homeworks')
      .set({ p2_mark_save: tab, updated_at: now })
      .where('user_id', '=', userId)
      .where('ht_num', '=', htNum)
      .where('is_dop', '=', isDop)
      .where('status_p2', '=', EDITABLE)
      .where((eb) => (takeOver ? eb.lit(true) : eb('p2_mark_save', '=', tab)))
      .returning('user_id'),
  );
/** Claims the work for this tab if it still owns it; `takeOver` claims it from any tab ('22' confirmed). */
const claimWork = { own: claimForTab(false), takeOver: claimForTab(true) };

const writeAnswer = preparedWrite(
  [USER, HT, DOP, Q_NUMBER, QUESTION, TEXT, AT] as const,
  (db, userId: number, htNum: number, isDop: number, qNumber: number, questionId: number, text: string, now: number) =>
    db
      .insertInto('homework_answers_p2')
      .values({ user_id: userId, ht_num: htNum, is_dop: isDop, q_number: qNumber, question_id: questionId, user_answer: text, saved_at: now })
      .onConflict((oc) => oc.columns(['user_id', 'ht_num', 'is_dop', 'q_number']).doUpdateSet({ user_answer: text, saved_at: now }))
      .returning('q_number'),
);

function questionsOf(db: Db, htNum: number, isDop: 0 | 1) {
  return questionsQuery(db, htNum, isDop);
}

async function progressOf(db: Db, key: P2Key) {
  return (await progressQuery(db, key.userId, key.htNum, key.isDop))[0];
}

function answersOf(db: Db, key: P2Key) {
  return answersQuery(db, key.userId, key.htNum, key.isDop);
}

function parseSegments(json: string): Record<string, CommentSegment> {
  try {
    const value: unknown = JSON.parse(json);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, CommentSegment>) : {};
  } catch {
    return {};
  }
}

/**
 * A timed work whose clock has not started: no progress yet, or a progress row whose budget never
 * began (part 1 made the row, or the limit was set after the student began).
 */
function awaitsStart(homework: Homework, isDop: 0 | 1, progress: Awaited<ReturnType<typeof progressOf>>): boolean {
  if (!isTimedPart(homework, isDop, progress?.p2_mistake_work ?? 0)) return false;
  if (!progress) return true;
  return (progress.status_p2 === '' || progress.status_p2 === EDITABLE) && progress.p2_timer_started_at === null;
}

/**
 * Opens the work: starts it on first open, and makes this tab the one that may save. With
 * `start` false a timed work that has not started stays as it is (nothing is written) and is
 * answered with status '' and no questions: its clock starts only when the student asks.
 */
export async function openPartTwo(db: Db, events: DomainEventBus, user: CurrentUser, { htNum, isDop, tab, now, start = true }: { htNum: number; isDop: 0 | 1; tab: string; now: number; start?: boolean }) {
  const homework = await openHomework(db, user, htNum, now);
  const questions = await questionsOf(db, htNum, isDop);
  if (questions.length === 0) fail(T.noPart);
  const key: P2Key = { userId: user.id, htNum, isDop };
  if (!start) {
    const before = await progressOf(db, key);
    if (awaitsStart(homework, isDop, before)) return notStartedView(homework, htNum, isDop, questions);
  }
  await db
    .insertInto('user_homeworks')
    .values({ user_id: user.id, ht_num: htNum, is_dop: isDop, status_p2: EDITABLE, p2_started_at: now, p2_mark_save: tab, updated_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'ht_num', 'is_dop']).doUpdateSet({ p2_mark_save: tab, updated_at: now }))
    .execute();
  // A progress row created by part 1 has no part 2 status yet.
  await db
    .updateTable('user_homeworks')
    .set({ status_p2: EDITABLE, p2_started_at: now })
    .where('user_id', '=', user.id)
    .where('ht_num', '=', htNum)
    .where('is_dop', '=', isDop)
    .where('status_p2', '=', '')
    .execute();
  if (isTimedPart(homework, isDop, 0)) {
    // The budget starts on the first open in progress; a second open (or a racing tab) never restarts it.
    await db
      .updateTable('user_homeworks')
      .set({ p2_timer_started_at: now })
      .where('user_id', '=', user.id)
      .where('ht_num', '=', htNum)
      .where('is_dop', '=', isDop)
      .where('status_p2', '=', EDITABLE)
      .where('p2_mistake_work', '=', 0)
      .where('p2_timer_started_at', 'is', null)
      .execute();
  }
  let progress = (await progressOf(db, key))!;
  if (pastGrace(homework, isDop, progress, now)) {
    // Time ran out while away: the work is submitted with the answers saved before.
    await closeWork(db, events, key, homework, budgetEndsAt(homework, isDop, progress), now);
    progress = (await progressOf(db, key))!;
  }
  const answers = await answersOf(db, key);
  const difficult = await db
    .selectFrom('difficult_questions_p2')
    .select('question_id')
    .where('user_id', '=', user.id)
    .where('question_id', 'in', questions.map((question) => question.id))
    .execute();
  const difficultIds = new Set(difficult.map((row) => row.question_id));
  const checker = progress.p2_checker_id === null ? undefined : await db.selectFrom('users').select(['id', 'vk_id', 'surname', 'name']).where('id', '=', progress.p2_checker_id).executeTakeFirst();
  const status = progress.status_p2 as HomeworkP2Status;
  const revealChecks = status !== EDITABLE || progress.p2_mistake_work === 1;
  // The ФИПИ criteria go with the checker's marks: read only when those are shown.
  const byTask = revealChecks ? await criteriaByTask(db, questions.map((question) => question.task_number)) : new Map<number, P2Criterion[]>();

  const list: HomeworkP2Question[] = questions.map((question) => {
    const answer = answers.find((item) => item.q_number === question.q_number);
    return {
      qNumber: question.q_number,
      qId: question.id,
      q2Question: question.question,
      q2QuestionNoBr: question.question.replace(/\s*\n\s*/g, ' '),
      q2ObyazDz: question.is_mandatory === 1 ? '1' : '0',
      qTaskNumber: question.task_number,
      userAnswer: answer?.user_answer ?? '',
      userOldAnswer: progress.p2_mistake_work === 1 ? (answer?.old_answer ?? '') : '',
      isChecked: answer?.is_checked === 1 ? '1' : '0',
      userBall: revealChecks ? (answer?.points ?? null) : null,
      realBall: question.max_points,
      teacherComment: revealChecks ? (answer?.teacher_comment ?? '') : '',
      teacherJson: revealChecks ? parseSegments(answer?.teacher_json ?? '{}') : {},
      criteria: criteriaViews(questionCriteria(byTask, question)),
      criteriaBalls: revealChecks ? parseCriteriaPoints(answer?.criteria_points ?? '{}') : {},
      isDifficult: difficultIds.has(question.id) ? '1' : '0',
    };
  });
  const submittedAt = progress.p2_submitted_at;
  return {
    htStatusP2: status,
    htInfo: {
      htNum,
      qNumsP2: questions.length,
      htDeadline: homework.deadline_at === null ? '' : formatMoscowDateTime(homework.deadline_at),
      htUserMaxballovP2: questions.reduce((sum, question) => sum + question.max_points, 0),
      htUserBallovP2: progress.points_p2,
      mistakeWorkP2: progress.p2_mistake_work === 1 ? ('1' as const) : ('0' as const),
      isAvailableMistakeWork: mayStartMistakeWork(user, status) ? ('1' as const) : ('0' as const),
      htUserChecker: checker ? publicUserKey(checker) : '',
      htUserCheckerName: checker ? `${checker.surname} ${checker.name}`.trim() : '',
      htUserDateP2: submittedAt === null ? '' : moscowDateKey(submittedAt),
      htUserTimeP2: submittedAt === null ? '' : formatMoscowTimeWithSeconds(submittedAt),
      lessonNum: homework.lesson_num,
      isLate: progress.p2_late === 1 ? ('1' as const) : ('0' as const),
      isSelfCheck: homework.p2_self_check === 1 ? ('1' as const) : ('0' as const),
      timer: secondsLeftP2(homework, isDop, progress, now),
      timeLimitMin: isTimedPart(homework, isDop, 0) ? homework.p2_time_limit_min : null,
    },
    questions: list,
  };
}

/** The start screen's data: the length and the totals, no question text (reading it would use no budget). */
function notStartedView(homework: Homework, htNum: number, isDop: 0 | 1, questions: Awaited<ReturnType<typeof questionsOf>>) {
  // Its questions show once the work is started.
  const hidden: HomeworkP2Question[] = [];
  return {
    htStatusP2: '' as const,
    htInfo: {
      htNum,
      qNumsP2: questions.length,
      htDeadline: homework.deadline_at === null ? '' : formatMoscowDateTime(homework.deadline_at),
      htUserMaxballovP2: questions.reduce((sum, question) => sum + question.max_points, 0),
      htUserBallovP2: null,
      mistakeWorkP2: '0' as const,
      isAvailableMistakeWork: '0' as const,
      htUserChecker: '',
      htUserCheckerName: '',
      htUserDateP2: '',
      htUserTimeP2: '',
      lessonNum: homework.lesson_num,
      isLate: '0' as const,
      isSelfCheck: homework.p2_self_check === 1 ? ('1' as const) : ('0' as const),
      timer: null,
      timeLimitMin: homework.p2_time_limit_min,
    },
    questions: hidden,
  };
}

export type HomeworkP2Status = 'Выполняется' | 'Готово' | 'Проверен' | 'Отклонен' | 'Самопров' | 'Апелляция';

/** Mistake work is part of some tariffs (users.with_mistake_work) and follows a checked work. */
function mayStartMistakeWork(user: CurrentUser, status: string): boolean {
  return user.row.with_mistake_work === 1 && (status === 'Проверен' || status === 'Отклонен');
}

/**
 * Saves the given answers. Refused with '22' when another tab opened the work since this one
 * (unless forced, which makes this tab the owner). Checked answers stay as they are outside
 * mistake work; in mistake work only text after the old answer may change.
 */
export async function savePartTwo(
  db: Db,
  events: DomainEventBus,
  user: CurrentUser,
  save: {
    htNum: number;
    isDop: 0 | 1;
    tab: string;
    force: boolean;
    answers: readonly { q_number: number; user_answer: string }[];
    now: number;
    /** Records the save inside its transaction (the save's operation id). */
    remember?: (trx: Db) => Promise<void>;
  },
): Promise<void> {
  const { htNum, isDop, tab, force, answers, now, remember } = save;
  const homework = await openHomework(db, user, htNum, now);
  const key: P2Key = { userId: user.id, htNum, isDop };
  const progress = await progressOf(db, key);
  if (awaitsStart(homework, isDop, progress)) fail(T.notStarted);
  if (!progress || progress.status_p2 !== EDITABLE) fail(T.notEditable);
  if (pastGrace(homework, isDop, progress, now)) {
    await closeWork(db, events, key, homework, budgetEndsAt(homework, isDop, progress), now);
    fail(T.timeIsUp);
  }
  if (progress.p2_mark_save !== tab && !force) throw new CallFailure(T.otherDevice, '22');
  const questions = await questionsOf(db, htNum, isDop);
  const existing = await answersOf(db, key);
  for (const item of answers) {
    if (!questions.some((question) => question.q_number === item.q_number)) fail(T.unknownQuestion);
    const previous = existing.find((answer) => answer.q_number === item.q_number);
    if (progress.p2_mistake_work === 1) {
      if (previous && previous.old_answer !== '' && !item.user_answer.startsWith(previous.old_answer + MISTAKE_WORK_SEPARATOR) && item.user_answer !== previous.old_answer) fail(T.oldAnswerKept);
    } else if (previous?.is_checked === 1 && previous.user_answer !== item.user_answer) {
      fail(T.checkedLocked);
    }
  }
  await db.transaction().execute(async (trx) => {
    // Claiming the work for this tab is part of the same write: a racing tab cannot interleave.
    const claimed = await (force ? claimWork.takeOver : claimWork.own)(trx, tab, now, user.id, htNum, isDop);
    if (claimed.length !== 1) throw new CallFailure(T.otherDevice, '22');
    for (const item of answers) {
      const question = questions.find((candidate) => candidate.q_number === item.q_number)!;
      await writeAnswer(trx, user.id, htNum, isDop, item.q_number, question.id, item.user_answer, now);
    }
    await remember?.(trx);
  });
}

/**
 * Ends the work in progress: to the curator ('Готово') or to self-check. It counts as submitted
 * when its time budget ended if that came first; lateness is judged by that moment.
 */
async function closeWork(db: Db, events: DomainEventBus, key: P2Key, homework: Homework, endsAt: number | null, now: number): Promise<void> {
  const at = endsAt === null ? now : Math.min(now, endsAt);
  await events.transaction(db, async (trx, publish) => {
    const closed = await trx
      .updateTable('user_homeworks')
      .set({ status_p2: homework.p2_self_check === 1 ? 'Самопров' : 'Готово', p2_submitted_at: at, p2_late: homework.deadline_at !== null && homework.deadline_at < at ? 1 : 0, updated_at: now })
      .where('user_id', '=', key.userId)
      .where('ht_num', '=', key.htNum)
      .where('is_dop', '=', key.isDop)
      .where('status_p2', '=', EDITABLE)
      .executeTakeFirst();
    if (Number(closed.numUpdatedRows) === 1) await publish(homeworkPartFinished, { ...key, part: 2, at });
  });
}

/** Submits the work: mandatory answers must be there (unless its time is up); late submissions are flagged. */
export async function submitPartTwo(db: Db, events: DomainEventBus, user: CurrentUser, htNum: number, isDop: 0 | 1, now: number): Promise<void> {
  const homework = await openHomework(db, user, htNum, now);
  const key: P2Key = { userId: user.id, htNum, isDop };
  const progress = await progressOf(db, key);
  if (awaitsStart(homework, isDop, progress)) fail(T.notStarted);
  if (!progress || progress.status_p2 !== EDITABLE) fail(T.notEditable);
  const questions = await questionsOf(db, htNum, isDop);
  const answers = await answersOf(db, key);
  const missing = questions
    .filter((question) => question.is_mandatory === 1)
    .filter((question) => (answers.find((answer) => answer.q_number === question.q_number)?.user_answer.trim() ?? '') === '')
    .map((question) => question.q_number);
  const endsAt = budgetEndsAt(homework, isDop, progress);
  const timeUp = endsAt !== null && now >= endsAt - SUBMIT_AT_ZERO_SLACK_MS;
  if (missing.length > 0 && !timeUp) fail(T.mandatoryEmpty.replace('{nums}', missing.join(', ')));
  await closeWork(db, events, key, homework, endsAt, now);
}

/** Seconds left of the required part 2's budget; null = untimed or not in progress. */
export async function partTwoTimer(db: Db, user: CurrentUser, htNum: number, now: number): Promise<number | null> {
  const homework = await openHomework(db, user, htNum, now);
  const progress = await progressOf(db, { userId: user.id, htNum, isDop: 0 });
  return progress ? secondsLeftP2(homework, 0, progress, now) : null;
}

/** Back to writing after a check: the checked answers are kept read-only above the new part. */
export async function startMistakeWork(db: Db, user: CurrentUser, htNum: number, isDop: 0 | 1, now: number): Promise<void> {
  await openHomework(db, user, htNum, now);
  const key: P2Key = { userId: user.id, htNum, isDop };
  const progress = await progressOf(db, key);
  if (!progress || !mayStartMistakeWork(user, progress.status_p2)) fail(T.mistakeWorkUnavailable);
  await db.transaction().execute(async (trx) => {
    const moved = await trx
      .updateTable('user_homeworks')
      .set({ status_p2: EDITABLE, p2_mistake_work: 1, updated_at: now })
      .where('user_id', '=', user.id)
      .where('ht_num', '=', htNum)
      .where('is_dop', '=', isDop)
      .where('status_p2', '=', progress.status_p2)
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== 1) fail(T.mistakeWorkUnavailable);
    await trx
      .updateTable('homework_answers_p2')
      .set((eb) => ({ old_answer: eb.ref('user_answer'), is_checked: 0 }))
      .where('user_id', '=', user.id)
      .where('ht_num', '=', htNum)
      .where('is_dop', '=', isDop)
      .execute();
  });
}

/** Self-check of one task: a whole score 0..max and a comment; the last one finishes the check. */
export async function selfCheckTask(db: Db, user: CurrentUser, { htNum, taskNum, comment, points, now }: { htNum: number; taskNum: number; comment: string; points: number; now: number }): Promise<void> {
  await openHomework(db, user, htNum, now);
  const key: P2Key = { userId: user.id, htNum, isDop: 0 };
  const progress = await progressOf(db, key);
  if (!progress || progress.status_p2 !== 'Самопров') fail(T.notSelfCheck);
  const question = (await questionsOf(db, htNum, 0)).find((candidate) => candidate.q_number === taskNum);
  if (!question) fail(T.unknownQuestion);
  if (points > question.max_points) fail(T.overMax.replace('{max}', String(question.max_points)));
  await db
    .insertInto('homework_answers_p2')
    .values({ user_id: user.id, ht_num: htNum, is_dop: 0, q_number: taskNum, question_id: question.id, points, teacher_comment: comment, is_checked: 1, saved_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'ht_num', 'is_dop', 'q_number']).doUpdateSet({ points, teacher_comment: comment, is_checked: 1 }))
    .execute();
  const questions = await questionsOf(db, htNum, 0);
  const answers = await answersOf(db, key);
  if (questions.every((item) => answers.some((answer) => answer.q_number === item.q_number && answer.is_checked === 1))) {
    await db
      .updateTable('user_homeworks')
      .set({ status_p2: 'Проверен', points_p2: answers.reduce((sum, answer) => sum + (answer.points ?? 0), 0), p2_checked_at: now, p2_checker_id: user.id, updated_at: now })
      .where('user_id', '=', user.id)
      .where('ht_num', '=', htNum)
      .where('is_dop', '=', 0)
      .where('status_p2', '=', 'Самопров')
      .execute();
  }
}

import { HOMEWORK_TEXTS as T, type HomeworkQuestionP1 } from '../../../src/shared/contract/homework-p1';
import { pointsOfTask, scoreAnswer } from '../../../src/shared/domain/questions';
import type { CurrentUser } from '../../auth/current-user';
import { fail } from '../../contract/errors';
import { recordScoredAnswers } from '../../learning/mastery';
import type { Db } from '../../db';
import { homeworkPartFinished, type DomainEventBus } from '../../events';
import { openHomework } from '../../questions/open-homework';
import { presentQuestion, typedAnswerProblem } from '../../questions/present-question';
import { examPrimaryScores, questionJsonOf } from '../../questions/question-bank';

/**
 * Part 1 of a homework: one question at a time, every answer scored and saved on the step it is
 * given, the required part timed. All state lives in user_homeworks (position, timer start,
 * status) and homework_answers_p1 (answers and points); the client only shows it.
 */

export interface PartKey {
  userId: number;
  htNum: number;
  isDop: 0 | 1;
}

type Homework = Awaited<ReturnType<typeof openHomework>>;

async function partQuestions(db: Db, htNum: number, isDop: 0 | 1) {
  return db
    .selectFrom('homework_questions_p1')
    .innerJoin('questions_p1', 'questions_p1.id', 'homework_questions_p1.question_id')
    .selectAll('questions_p1')
    .select('homework_questions_p1.q_number')
    .where('homework_questions_p1.ht_num', '=', htNum)
    .where('homework_questions_p1.is_dop', '=', isDop)
    .orderBy('homework_questions_p1.q_number')
    .execute();
}

/** Seconds left for the required part, null without a timer (additional parts are never timed). */
export function secondsLeft(homework: Pick<Homework, 'p1_time_limit_min'>, isDop: 0 | 1, startedAt: number | null, now: number): number | null {
  if (isDop === 1 || homework.p1_time_limit_min === null) return null;
  if (startedAt === null) return homework.p1_time_limit_min * 60;
  return Math.max(0, Math.ceil((startedAt + homework.p1_time_limit_min * 60_000 - now) / 1000));
}

async function progressRow(db: Db, key: PartKey) {
  return db
    .selectFrom('user_homeworks')
    .selectAll()
    .where('user_id', '=', key.userId)
    .where('ht_num', '=', key.htNum)
    .where('is_dop', '=', key.isDop)
    .executeTakeFirst();
}

/** Starts the part on first open: the row appears once even when two tabs open it together. */
async function startIfNew(db: Db, key: PartKey, homework: Homework, now: number, existing: Awaited<ReturnType<typeof progressRow>>) {
  if (existing && existing.status_p1 !== '') return existing;
  if (homework.deadline_at !== null && homework.deadline_at <= now) fail(T.deadlinePassed);
  await db
    .insertInto('user_homeworks')
    .values({ user_id: key.userId, ht_num: key.htNum, is_dop: key.isDop, status_p1: 'Выполняется', p1_q_now: 1, p1_q_last: 1, p1_started_at: now, updated_at: now })
    .onConflict((oc) =>
      oc.columns(['user_id', 'ht_num', 'is_dop']).doUpdateSet({ status_p1: 'Выполняется', p1_q_now: 1, p1_q_last: 1, p1_started_at: now, updated_at: now }).where('user_homeworks.status_p1', '=', ''),
    )
    .execute();
  return (await progressRow(db, key))!;
}

/** Ends the part: unanswered questions score 0; the part's points are the sum of saved points. */
async function finish(db: Db, events: DomainEventBus, key: PartKey, now: number): Promise<void> {
  await events.transaction(db, async (trx, publish) => {
    const sum = await trx
      .selectFrom('homework_answers_p1')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('points'), eb.lit(0)).as('total'))
      .where('user_id', '=', key.userId)
      .where('ht_num', '=', key.htNum)
      .where('is_dop', '=', key.isDop)
      .executeTakeFirstOrThrow();
    const done = await trx
      .updateTable('user_homeworks')
      .set({ status_p1: 'Готово', points_p1: Number(sum.total), p1_finished_at: now, updated_at: now })
      .where('user_id', '=', key.userId)
      .where('ht_num', '=', key.htNum)
      .where('is_dop', '=', key.isDop)
      .where('status_p1', '=', 'Выполняется')
      .executeTakeFirst();
    if (Number(done.numUpdatedRows) !== 1) return;
    // The part's answers are final now (a step back could still change them before).
    const answers = await trx
      .selectFrom('homework_answers_p1')
      .select(['question_id', 'points', 'max_points', 'answered_at'])
      .where('user_id', '=', key.userId)
      .where('ht_num', '=', key.htNum)
      .where('is_dop', '=', key.isDop)
      .execute();
    await recordScoredAnswers(
      trx,
      answers.flatMap((row) => (row.points === null ? [] : [{ userId: key.userId, source: 'homework-p1' as const, part: 1 as const, questionId: row.question_id, points: row.points, maxPoints: row.max_points, at: Number(row.answered_at ?? now) }])),
    );
    await publish(homeworkPartFinished, { userId: key.userId, htNum: key.htNum, isDop: key.isDop, part: 1, at: now });
  });
}

/** Time over or deadline passed while solving: the part ends with what was answered. */
function expired(homework: Homework, key: PartKey, startedAt: number | null, now: number): boolean {
  const left = secondsLeft(homework, key.isDop, startedAt, now);
  return left === 0 || (homework.deadline_at !== null && homework.deadline_at <= now);
}


export async function getPartOne(db: Db, events: DomainEventBus, user: CurrentUser, { htNum, isDop, start = true }: { htNum: number; isDop: 0 | 1; start?: boolean }, now: number) {
  const homework = await openHomework(db, user, htNum, now);
  const key: PartKey = { userId: user.id, htNum, isDop };
  const questions = await partQuestions(db, htNum, isDop);
  if (questions.length === 0) fail(T.noPart);
  const scores = await examPrimaryScores(db);
  const maxNow = questions.reduce((sum, row) => sum + pointsOfTask(scores, row.ege_num), 0);
  const existing = await progressRow(db, key);
  // A timed part is not started by opening it: the student first sees its length and «Начать».
  const limit = secondsLeft(homework, isDop, null, now);
  if (!start && limit !== null && (!existing || existing.status_p1 === '')) {
    if (homework.deadline_at !== null && homework.deadline_at <= now) fail(T.deadlinePassed);
    return {
      htStatusP1: '' as const,
      htInfo: { q_num_now_p1: 1, q_num_last_p1: 1, q_nums_p1: questions.length, lesson_num: homework.lesson_num, user_ballov_p1: null, maxballov_p1: maxNow, timer: limit },
      questions: [],
    };
  }
  let progress = await startIfNew(db, key, homework, now, existing);
  if (progress.status_p1 === 'Выполняется' && expired(homework, key, progress.p1_started_at, now)) {
    await finish(db, events, key, now);
    progress = (await progressRow(db, key))!;
  }
  const [answers, difficult] = await Promise.all([
    db.selectFrom('homework_answers_p1').selectAll().where('user_id', '=', user.id).where('ht_num', '=', htNum).where('is_dop', '=', isDop).execute(),
    db.selectFrom('difficult_questions').select('question_id').where('user_id', '=', user.id).where('question_id', 'in', questions.map((question) => question.id)).execute(),
  ]);
  const difficultIds = new Set(difficult.map((row) => row.question_id));
  const done = progress.status_p1 !== 'Выполняется';
  const shown = done ? questions : questions.filter((question) => question.q_number === progress.p1_q_now);

  const list: HomeworkQuestionP1[] = shown.map((row) => {
    const answer = answers.find((item) => item.q_number === row.q_number);
    return presentQuestion(row, {
      qNumber: row.q_number,
      // While solving the current question shows the draft kept by a step back, else the last answer given.
      userAnswer: done ? (answer?.user_answer ?? '') : answer?.draft || answer?.user_answer || '',
      points: answer?.points ?? null,
      maxPoints: answer && answer.points !== null ? answer.max_points : pointsOfTask(scores, row.ege_num),
      difficult: difficultIds.has(row.id),
      reveal: done,
    });
  });
  // A finished part keeps the points its answers were worth; the bank's current points never lower it.
  const maxAnswered = done ? answers.reduce((sum, item) => sum + item.max_points, 0) : 0;
  return {
    htStatusP1: done ? ('Готово' as const) : ('Выполняется' as const),
    htInfo: {
      q_num_now_p1: progress.p1_q_now,
      q_num_last_p1: progress.p1_q_last,
      q_nums_p1: questions.length,
      lesson_num: homework.lesson_num,
      user_ballov_p1: done ? progress.points_p1 : null,
      maxballov_p1: Math.max(maxAnswered, maxNow),
      timer: done ? null : secondsLeft(homework, isDop, progress.p1_started_at, now),
    },
    questions: list,
  };
}

/** Saves and scores the answer to the current question, then moves on (or finishes after the last). */
export async function answerPartOne(
  db: Db,
  events: DomainEventBus,
  user: CurrentUser,
  { htNum, isDop, questionNum, typed }: { htNum: number; isDop: 0 | 1; questionNum: number; typed: string },
  now: number,
): Promise<void> {
  const homework = await openHomework(db, user, htNum, now);
  const key: PartKey = { userId: user.id, htNum, isDop };
  const progress = await progressRow(db, key);
  if (!progress || progress.status_p1 === '') fail(T.notSolving);
  if (progress.status_p1 !== 'Выполняется') fail(T.notSolving);
  if (expired(homework, key, progress.p1_started_at, now)) {
    await finish(db, events, key, now);
    fail(homework.deadline_at !== null && homework.deadline_at <= now ? T.deadlinePassed : T.timeIsUp);
  }
  if (questionNum !== progress.p1_q_now) fail(T.wrongQuestion);
  const questions = await partQuestions(db, htNum, isDop);
  const row = questions.find((question) => question.q_number === questionNum);
  if (!row) fail(T.questionNotFound);
  const question = questionJsonOf(row);
  const problem = typedAnswerProblem(question, typed);
  if (problem) fail(problem === 'empty' ? T.emptyAnswer : T.badAnswer);
  const answer = typed.trim();

  const maxPoints = pointsOfTask(await examPrimaryScores(db), row.ege_num);
  const points = scoreAnswer(question, answer, maxPoints);
  const last = questionNum === questions.length;

  const moved = await db.transaction().execute(async (trx) => {
    // Moving the position is the guard: a second tab sending the same step changes nothing.
    const step = await trx
      .updateTable('user_homeworks')
      .set({ p1_q_now: last ? questionNum : questionNum + 1, p1_q_last: Math.max(progress.p1_q_last, last ? questionNum : questionNum + 1), updated_at: now })
      .where('user_id', '=', user.id)
      .where('ht_num', '=', htNum)
      .where('is_dop', '=', isDop)
      .where('status_p1', '=', 'Выполняется')
      .where('p1_q_now', '=', questionNum)
      .executeTakeFirst();
    if (Number(step.numUpdatedRows) !== 1) return false;
    await trx
      .insertInto('homework_answers_p1')
      .values({ user_id: user.id, ht_num: htNum, is_dop: isDop, q_number: questionNum, question_id: row.id, user_answer: answer, draft: '', points, max_points: maxPoints, answered_at: now })
      .onConflict((oc) => oc.columns(['user_id', 'ht_num', 'is_dop', 'q_number']).doUpdateSet({ user_answer: answer, draft: '', points, max_points: maxPoints, answered_at: now }))
      .execute();
    return true;
  });
  if (!moved) fail(T.wrongQuestion);
  if (last) await finish(db, events, key, now);
}

/** One step back, only from the furthest question reached; the typed answer there is kept as a draft. */
export async function stepBackPartOne(db: Db, events: DomainEventBus, user: CurrentUser, { htNum, isDop, draft }: { htNum: number; isDop: 0 | 1; draft: string }, now: number): Promise<void> {
  const homework = await openHomework(db, user, htNum, now);
  const key: PartKey = { userId: user.id, htNum, isDop };
  const progress = await progressRow(db, key);
  if (!progress || progress.status_p1 !== 'Выполняется') fail(T.notSolving);
  if (expired(homework, key, progress.p1_started_at, now)) {
    await finish(db, events, key, now);
    fail(T.timeIsUp);
  }
  if (progress.p1_q_now <= 1 || progress.p1_q_now !== progress.p1_q_last) fail(T.cannotStepBack);
  const current = (await partQuestions(db, htNum, isDop)).find((question) => question.q_number === progress.p1_q_now);
  await db.transaction().execute(async (trx) => {
    const step = await trx
      .updateTable('user_homeworks')
      .set({ p1_q_now: progress.p1_q_now - 1, updated_at: now })
      .where('user_id', '=', user.id)
      .where('ht_num', '=', htNum)
      .where('is_dop', '=', isDop)
      .where('p1_q_now', '=', progress.p1_q_now)
      .where('status_p1', '=', 'Выполняется')
      .executeTakeFirst();
    if (Number(step.numUpdatedRows) !== 1) fail(T.cannotStepBack);
    if (current && draft.trim() !== '') {
      await trx
        .insertInto('homework_answers_p1')
        .values({ user_id: user.id, ht_num: htNum, is_dop: isDop, q_number: current.q_number, question_id: current.id, draft: draft.trim(), points: null, max_points: 0, answered_at: null })
        .onConflict((oc) => oc.columns(['user_id', 'ht_num', 'is_dop', 'q_number']).doUpdateSet({ draft: draft.trim() }))
        .execute();
    }
  });
}

/** Seconds left on the required part 1 (null = no timer or not solving). */
export async function partOneTimer(db: Db, user: CurrentUser, htNum: number, now: number): Promise<number | null> {
  const homework = await openHomework(db, user, htNum, now);
  const progress = await progressRow(db, { userId: user.id, htNum, isDop: 0 });
  if (!progress || progress.status_p1 !== 'Выполняется') return null;
  return secondsLeft(homework, 0, progress.p1_started_at, now);
}

import { ratingValueFromTenths } from '../../../src/shared/contract/rating';
import { parseTestingType, TRAIN_P1_TEXTS as T, type TrainP1Set, type TrainP1Stats } from '../../../src/shared/contract/train-p1';
import { pointsOfTask, scoreAnswer } from '../../../src/shared/domain/questions';
import type { CurrentUser } from '../../auth/current-user';
import { fail } from '../../contract/errors';
import { recordScoredAnswer } from '../../learning/mastery';
import type { Db } from '../../db';
import { answerScored, type DomainEventBus } from '../../events';
import { examPrimaryScores, questionJsonOf } from '../../questions/question-bank';
import { presentQuestion, typedAnswerProblem } from '../../questions/present-question';
import { moscowMonthStart } from '../../time/moscow-days';
import { drawQuestions, eligibleQuestions, FULL_POOL, questionHistory } from './question-pool';
import { trainRating } from './rating-rule';

/**
 * Training part 1: tests drawn from the question bank, one answer at a time, each answer scored by
 * the shared engine and earning a rating change at once (rating-rule.ts). All state is on the
 * server (train_p1_sessions, train_p1_questions) so any device resumes the same training.
 */

const RUNNING = 'Выполняется';
const RESULT = 'Результат';
const CLOSED = 'Выбор';

type Session = { id: number; testing_type: string; include_selfmade: number; include_90plus: number; q_nums: number; status: string };

/** The running training, or the finished one whose result is still shown. */
async function currentSession(db: Db, userId: number): Promise<Session | undefined> {
  return db
    .selectFrom('train_p1_sessions')
    .select(['id', 'testing_type', 'include_selfmade', 'include_90plus', 'q_nums', 'status'])
    .where('user_id', '=', userId)
    .where('status', 'in', [RUNNING, RESULT])
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

/** The user's rating per question over all trainings, in tenths. */
async function ratingByQuestion(db: Db, userId: number, questionIds: number[]): Promise<Map<number, number>> {
  if (questionIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('train_p1_questions')
    .select(['question_id', (eb) => eb.fn.coalesce(eb.fn.sum<number>('rating_tenths'), eb.lit(0)).as('total')])
    .where('user_id', '=', userId)
    .where('question_id', 'in', questionIds)
    .groupBy('question_id')
    .execute();
  return new Map(rows.map((row) => [row.question_id, Number(row.total)]));
}

async function presentSession(db: Db, userId: number, session: Session): Promise<TrainP1Set> {
  const rows = await db
    .selectFrom('train_p1_questions')
    .innerJoin('questions_p1', 'questions_p1.id', 'train_p1_questions.question_id')
    .selectAll('questions_p1')
    .select(['train_p1_questions.q_order', 'train_p1_questions.user_answer', 'train_p1_questions.points', 'train_p1_questions.max_points', 'train_p1_questions.rating_tenths'])
    .where('train_p1_questions.session_id', '=', session.id)
    .orderBy('train_p1_questions.q_order')
    .execute();
  const ids = rows.map((row) => row.id);
  const [difficult, ratings] = await Promise.all([
    ids.length === 0 ? [] : db.selectFrom('difficult_questions').select('question_id').where('user_id', '=', userId).where('question_id', 'in', ids).execute(),
    ratingByQuestion(db, userId, ids),
  ]);
  const difficultIds = new Set(difficult.map((row) => row.question_id));
  const reveal = session.status === RESULT;
  return {
    status: reveal ? 'Результат' : 'Выполняется',
    testInfo: {
      testingType: session.testing_type,
      includeSelfmade: session.include_selfmade === 1 ? '1' : '0',
      include90Plus: session.include_90plus === 1 ? '1' : '0',
      qNums: session.q_nums,
    },
    questions: rows.map((row) => ({
      ...presentQuestion(row, { qNumber: row.q_order, userAnswer: row.user_answer, points: row.points, maxPoints: row.max_points, difficult: difficultIds.has(row.id), reveal }),
      qRating: ratingValueFromTenths(ratings.get(row.id) ?? 0),
      // Shown with the result only: while running nothing tells whether an answer was right.
      ratingChange: reveal && row.rating_tenths !== null ? ratingValueFromTenths(row.rating_tenths) : null,
    })),
  };
}

const NO_TEST: TrainP1Set = { status: 'Выбор', testInfo: null, questions: [] };

export async function trainStats(db: Db, user: CurrentUser, now: number): Promise<TrainP1Stats> {
  const [pool, history, month] = await Promise.all([
    eligibleQuestions(db, user, FULL_POOL, now),
    questionHistory(db, user.id),
    db
      .selectFrom('rating_changes')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('tenths'), eb.lit(0)).as('total'))
      .where('user_id', '=', user.id)
      .where('source_kind', '=', 'train_p1')
      .where('created_at', '>=', moscowMonthStart(now))
      .executeTakeFirstOrThrow(),
  ]);
  return {
    num_questions: pool.length,
    num_solved_questions: history.solved.size,
    num_mistakes_questions: history.lastWrong.size,
    rating_thismonth: ratingValueFromTenths(Number(month.total)),
  };
}

export async function trainInfo(db: Db, user: CurrentUser, now: number) {
  const [stats, session] = await Promise.all([trainStats(db, user, now), currentSession(db, user.id)]);
  return { stats, ...(session ? await presentSession(db, user.id, session) : NO_TEST) };
}

/** The sets the choice offers: only values that have questions the user may train on. */
export async function availableSets(db: Db, user: CurrentUser, now: number) {
  const pool = await eligibleQuestions(db, user, FULL_POOL, now);
  const lessons = [...new Set(pool.map((row) => row.lesson_num))].sort((a, b) => a - b);
  const chapters: string[] = [];
  for (const row of [...pool].sort((a, b) => a.lesson_num - b.lesson_num)) if (row.chapter && !chapters.includes(row.chapter)) chapters.push(row.chapter);
  const credits = await db.selectFrom('credits_auto').select(['num', 'lesson_numbers']).orderBy('num').execute();
  const lessonSet = new Set(lessons);
  return {
    lessonNums: lessons,
    chapters,
    egeNums: [...new Set(pool.map((row) => row.ege_num))].sort((a, b) => a - b),
    zachetNums: credits.filter((credit) => credit.lesson_numbers.split(',').some((part) => lessonSet.has(Number(part.trim())))).map((credit) => credit.num),
  };
}

/** Resumes the running training, or draws a new one (closing a shown result first). */
export async function startTraining(db: Db, user: CurrentUser, input: { testingType: string; includeSelfmade: boolean; include90Plus: boolean; qNums: number }, now: number): Promise<TrainP1Set> {
  const type = parseTestingType(input.testingType);
  if (!type) fail(T.unknownType);
  const current = await currentSession(db, user.id);
  if (current?.status === RUNNING) return presentSession(db, user.id, current);

  const options = { includeSelfmade: input.includeSelfmade, include90Plus: input.include90Plus };
  const questions = await drawQuestions(db, user, { type, options, count: input.qNums }, now);
  if (questions.length === 0) {
    return { status: 'Отсутствуют', testInfo: { testingType: input.testingType, includeSelfmade: input.includeSelfmade ? '1' : '0', include90Plus: input.include90Plus ? '1' : '0', qNums: input.qNums }, questions: [] };
  }
  const scores = await examPrimaryScores(db);

  try {
    await db.transaction().execute(async (trx) => {
      await trx.updateTable('train_p1_sessions').set({ status: CLOSED }).where('user_id', '=', user.id).where('status', '=', RESULT).execute();
      const session = await trx
        .insertInto('train_p1_sessions')
        .values({
          user_id: user.id,
          testing_type: input.testingType,
          include_selfmade: options.includeSelfmade ? 1 : 0,
          include_90plus: options.include90Plus ? 1 : 0,
          q_nums: input.qNums,
          status: RUNNING,
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('train_p1_questions')
        .values(questions.map((row, index) => ({ session_id: session.id, q_order: index + 1, user_id: user.id, question_id: row.id, max_points: pointsOfTask(scores, row.ege_num) })))
        .execute();
    });
  } catch (error) {
    // Another device started a training at the same moment (one running per user): resume that one.
    const running = await currentSession(db, user.id);
    if (running?.status !== RUNNING) throw error;
  }
  return presentSession(db, user.id, (await currentSession(db, user.id))!);
}

/** Scores the answer to the current question, records its rating change and finishes after the last. */
export async function answerTraining(
  db: Db,
  events: DomainEventBus,
  user: CurrentUser,
  input: { qId: number; userAnswer: string; finishTest: boolean },
  now: number,
): Promise<void> {
  const session = await currentSession(db, user.id);
  if (session?.status !== RUNNING) fail(T.notRunning);
  const rows = await db
    .selectFrom('train_p1_questions')
    .innerJoin('questions_p1', 'questions_p1.id', 'train_p1_questions.question_id')
    .selectAll('questions_p1')
    .select(['train_p1_questions.q_order', 'train_p1_questions.max_points', 'train_p1_questions.answered_at'])
    .where('train_p1_questions.session_id', '=', session.id)
    .orderBy('train_p1_questions.q_order')
    .execute();
  const current = rows.find((row) => row.answered_at === null);
  if (!current || current.id !== input.qId) fail(T.wrongQuestion);
  const question = questionJsonOf(current);
  const problem = typedAnswerProblem(question, input.userAnswer);
  if (problem) fail(problem === 'empty' ? T.emptyAnswer : T.badAnswer);
  const answer = input.userAnswer.trim();
  const points = scoreAnswer(question, answer, current.max_points);
  const rating = trainRating(points, current.max_points);
  const finish = input.finishTest || current.q_order === rows[rows.length - 1]!.q_order;

  const saved = await events.transaction(db, async (trx, publish) => {
    // Only an unanswered question takes the answer: a second device sending the same step changes nothing.
    const step = await trx
      .updateTable('train_p1_questions')
      .set({ user_answer: answer, points, rating_tenths: rating.tenths, answered_at: now })
      .where('session_id', '=', session.id)
      .where('q_order', '=', current.q_order)
      .where('answered_at', 'is', null)
      .executeTakeFirst();
    if (Number(step.numUpdatedRows) !== 1) return false;
    await publish(answerScored, {
      userId: user.id,
      source: { kind: 'train_p1', id: `${session.id}:${current.q_order}` },
      question: { part: 1, id: current.id },
      points,
      maxPoints: current.max_points,
      rating,
      at: now,
    });
    await recordScoredAnswer(trx, { userId: user.id, source: 'train-p1', part: 1, questionId: current.id, points, maxPoints: current.max_points, at: now });
    if (finish) await trx.updateTable('train_p1_sessions').set({ status: RESULT, finished_at: now }).where('id', '=', session.id).where('status', '=', RUNNING).execute();
    return true;
  });
  if (!saved) fail(T.wrongQuestion);
}

/** Back to choice: abandons a running training (its answers and rating changes stay) or closes a result. */
export async function backToChoice(db: Db, user: CurrentUser, now: number): Promise<void> {
  const session = await currentSession(db, user.id);
  if (!session) fail(T.notRunning);
  await db
    .updateTable('train_p1_sessions')
    .set({ status: CLOSED, finished_at: session.status === RUNNING ? now : undefined })
    .where('user_id', '=', user.id)
    .where('status', 'in', [RUNNING, RESULT])
    .execute();
}

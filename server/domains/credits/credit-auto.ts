import { randomInt } from 'node:crypto';
import { CREDIT_TEXTS as T } from '../../../src/shared/contract/credits';
import { formatMoscowDateTime } from '../../../src/shared/domain/moscow-time';
import { pointsOfTask, scoreAnswer } from '../../../src/shared/domain/questions';
import type { CurrentUser } from '../../auth/current-user';
import { fail } from '../../contract/errors';
import { recordScoredAnswer } from '../../learning/mastery';
import type { Db } from '../../db';
import { creditPassed, type DomainEventBus } from '../../events';
import { canOpenLesson } from '../../access/lesson-access';
import { presentQuestion, typedAnswerProblem } from '../../questions/present-question';
import { examPrimaryScores, questionJsonOf } from '../../questions/question-bank';

/**
 * Automatic credit: a timed test over the credit's lessons. Each attempt draws its questions from
 * the published bank; a question answered with any mistake is an error; more errors than allowed
 * fails the attempt. Attempts, the time limit and the retake limit are the server's decisions.
 */

export async function openCredit(db: Db, user: CurrentUser, num: number, now: number) {
  const credit = await db
    .selectFrom('credits_auto')
    .innerJoin('lessons', 'lessons.number', 'credits_auto.lesson_num')
    .selectAll('credits_auto')
    .select(['lessons.opens_at', 'lessons.demo_access', 'lessons.is_published'])
    .where('credits_auto.num', '=', num)
    .executeTakeFirst();
  if (!credit) fail(T.notFound);
  if (!canOpenLesson(user.type, credit, now)) fail(T.closed);
  return credit;
}

type Credit = Awaited<ReturnType<typeof openCredit>>;

const lessonNumbersOf = (credit: Credit) =>
  credit.lesson_numbers
    .split(',')
    .map((part) => Number(part.trim()))
    .filter((value) => Number.isInteger(value) && value > 0);

async function progressOf(db: Db, userId: number, num: number) {
  return db.selectFrom('user_credits_auto').selectAll().where('user_id', '=', userId).where('credit_num', '=', num).executeTakeFirst();
}

const endsAt = (credit: Credit, startedAt: number) => startedAt + credit.max_minutes * 60_000;

/** Ends the running attempt: counts errors (unanswered = error) and decides Сдан / Несдан. */
async function finishAttempt(db: Db, events: DomainEventBus, credit: Credit, userId: number, now: number): Promise<void> {
  await events.transaction(db, async (trx, publish) => {
    const progress = await trx.selectFrom('user_credits_auto').selectAll().where('user_id', '=', userId).where('credit_num', '=', credit.num).executeTakeFirst();
    if (!progress || progress.status !== 'Проводится') return;
    const answers = await trx
      .selectFrom('credit_auto_answers')
      .select(['points', 'max_points'])
      .where('user_id', '=', userId)
      .where('credit_num', '=', credit.num)
      .where('attempt', '=', progress.attempts)
      .execute();
    const errors = answers.filter((answer) => answer.points === null || answer.points < answer.max_points).length;
    const passed = errors <= credit.max_errors;
    const ended = await trx
      .updateTable('user_credits_auto')
      .set({ status: passed ? 'Сдан' : 'Несдан', errors, finished_at: now, updated_at: now })
      .where('user_id', '=', userId)
      .where('credit_num', '=', credit.num)
      .where('status', '=', 'Проводится')
      .where('attempts', '=', progress.attempts)
      .executeTakeFirst();
    if (passed && Number(ended.numUpdatedRows) === 1) await publish(creditPassed, { userId, creditNum: credit.num, at: now });
  });
}

/** Starts a new attempt with freshly drawn questions, if the rules allow one. */
async function startAttempt(db: Db, credit: Credit, userId: number, now: number): Promise<void> {
  if (credit.starts_at !== null && credit.starts_at > now) fail(T.notStarted);
  if (credit.deadline_at !== null && credit.deadline_at <= now) fail(T.deadlinePassed);
  const progress = await progressOf(db, userId, credit.num);
  if (progress?.status === 'Проводится') return;
  if (progress?.status === 'Сдан') fail(T.alreadyPassed);
  if ((progress?.attempts ?? 0) >= credit.max_attempts) fail(T.attemptsExceeded);

  const pool = await db
    .selectFrom('questions_p1')
    .select('id')
    .where('is_published', '=', 1)
    .where('lesson_num', 'in', lessonNumbersOf(credit))
    .execute();
  if (pool.length === 0) fail(T.noQuestions);
  const drawn = sample(pool.map((row) => row.id), credit.question_count);
  const attempt = (progress?.attempts ?? 0) + 1;

  await db.transaction().execute(async (trx) => {
    // The attempts counter is the guard: two tabs pressing start together make one attempt.
    if (progress) {
      const moved = await trx
        .updateTable('user_credits_auto')
        .set({ status: 'Проводится', attempts: attempt, started_at: now, finished_at: null, errors: null, updated_at: now })
        .where('user_id', '=', userId)
        .where('credit_num', '=', credit.num)
        .where('attempts', '=', progress.attempts)
        .where('status', '!=', 'Проводится')
        .executeTakeFirst();
      if (Number(moved.numUpdatedRows) !== 1) return;
    } else {
      const inserted = await trx
        .insertInto('user_credits_auto')
        .values({ user_id: userId, credit_num: credit.num, status: 'Проводится', attempts: attempt, started_at: now, updated_at: now })
        .onConflict((oc) => oc.columns(['user_id', 'credit_num']).doNothing())
        .returning('credit_num')
        .executeTakeFirst();
      if (!inserted) return;
    }
    await trx
      .insertInto('credit_auto_answers')
      .values(drawn.map((questionId, index) => ({ user_id: userId, credit_num: credit.num, attempt, q_num: index + 1, question_id: questionId, max_points: 0 })))
      .execute();
  });
}

export async function getCredit(db: Db, events: DomainEventBus, user: CurrentUser, num: number, start: boolean, now: number) {
  const credit = await openCredit(db, user, num, now);
  let progress = await progressOf(db, user.id, num);
  if (progress?.status === 'Проводится' && progress.started_at !== null && endsAt(credit, progress.started_at) <= now) {
    await finishAttempt(db, events, credit, user.id, now);
    progress = await progressOf(db, user.id, num);
  }
  if (start) {
    await startAttempt(db, credit, user.id, now);
    progress = await progressOf(db, user.id, num);
  }
  const status = !progress || progress.status === '' ? ('Новый' as const) : (progress.status as 'Проводится' | 'Сдан' | 'Несдан');
  const running = status === 'Проводится';
  const attempt = progress?.attempts ?? 0;

  const rows =
    attempt === 0
      ? []
      : await db
          .selectFrom('credit_auto_answers')
          .innerJoin('questions_p1', 'questions_p1.id', 'credit_auto_answers.question_id')
          .selectAll('questions_p1')
          .select(['credit_auto_answers.q_num', 'credit_auto_answers.user_answer', 'credit_auto_answers.points', 'credit_auto_answers.max_points', 'credit_auto_answers.answered_at'])
          .where('credit_auto_answers.user_id', '=', user.id)
          .where('credit_auto_answers.credit_num', '=', num)
          .where('credit_auto_answers.attempt', '=', attempt)
          .orderBy('credit_auto_answers.q_num')
          .execute();
  const scores = await examPrimaryScores(db);
  const difficult = new Set(
    rows.length === 0
      ? []
      : (await db.selectFrom('difficult_questions').select('question_id').where('user_id', '=', user.id).where('question_id', 'in', rows.map((row) => row.id)).execute()).map((row) => row.question_id),
  );

  return {
    zachetStatus: status,
    zachetInfo: {
      za_id: credit.num,
      za_lesson_numbers: credit.lesson_numbers,
      za_lesson_num: credit.lesson_num,
      za_deadline: credit.deadline_at === null ? '' : formatMoscowDateTime(credit.deadline_at),
      za_questions: credit.question_count,
      za_max_time: credit.max_minutes,
      za_max_popitok: credit.max_attempts,
      za_max_errors: credit.max_errors,
      time_left: running && progress?.started_at != null ? Math.max(0, Math.ceil((endsAt(credit, progress.started_at) - now) / 1000)) : 0,
      zu_popitka: attempt,
      zu_status: progress?.status ?? '',
      zu_errors: running ? null : (progress?.errors ?? null),
    },
    questions: rows.map((row) => ({
      q_num: row.q_num,
      q_id: row.id,
      is_difficult: difficult.has(row.id) ? ('1' as const) : ('0' as const),
      answered: row.answered_at !== null ? ('1' as const) : ('0' as const),
      question: presentQuestion(row, {
        qNumber: row.q_num,
        userAnswer: row.user_answer,
        points: row.points,
        maxPoints: row.answered_at !== null ? row.max_points : pointsOfTask(scores, row.ege_num),
        difficult: difficult.has(row.id),
        reveal: !running,
      }),
    })),
  };
}

/**
 * Saves and scores one answer of the running attempt; the last answer ends the attempt. `remember`
 * records the answer's operation id in the same transaction as the answer.
 */
export async function answerCredit(
  db: Db,
  events: DomainEventBus,
  user: CurrentUser,
  { num, qNum, typed, remember }: { num: number; qNum: number; typed: string; remember?: (trx: Db) => Promise<void> },
  now: number,
): Promise<void> {
  const credit = await openCredit(db, user, num, now);
  const progress = await progressOf(db, user.id, num);
  if (!progress || progress.status !== 'Проводится' || progress.started_at === null) fail(T.notRunning);
  if (endsAt(credit, progress.started_at) <= now) {
    await finishAttempt(db, events, credit, user.id, now);
    fail(T.timeIsUp);
  }
  const row = await db
    .selectFrom('credit_auto_answers')
    .innerJoin('questions_p1', 'questions_p1.id', 'credit_auto_answers.question_id')
    .selectAll('questions_p1')
    .select(['credit_auto_answers.answered_at'])
    .where('credit_auto_answers.user_id', '=', user.id)
    .where('credit_auto_answers.credit_num', '=', num)
    .where('credit_auto_answers.attempt', '=', progress.attempts)
    .where('credit_auto_answers.q_num', '=', qNum)
    .executeTakeFirst();
  if (!row) fail(T.questionNotFound);
  if (row.answered_at !== null) fail(T.alreadyAnswered);
  const question = questionJsonOf(row);
  const problem = typedAnswerProblem(question, typed);
  if (problem) fail(problem === 'empty' ? T.emptyAnswer : T.badAnswer);
  const maxPoints = pointsOfTask(await examPrimaryScores(db), row.ege_num);
  const answer = typed.trim();
  const points = scoreAnswer(question, answer, maxPoints);
  await db.transaction().execute(async (trx) => {
    const saved = await trx
      .updateTable('credit_auto_answers')
      .set({ user_answer: answer, points, max_points: maxPoints, answered_at: now })
      .where('user_id', '=', user.id)
      .where('credit_num', '=', num)
      .where('attempt', '=', progress.attempts)
      .where('q_num', '=', qNum)
      .where('answered_at', 'is', null)
      .executeTakeFirst();
    if (Number(saved.numUpdatedRows) !== 1) fail(T.alreadyAnswered);
    await recordScoredAnswer(trx, { userId: user.id, source: 'credit', part: 1, questionId: row.id, points, maxPoints, at: now });
    await remember?.(trx);
  });
  const open = await db
    .selectFrom('credit_auto_answers')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('user_id', '=', user.id)
    .where('credit_num', '=', num)
    .where('attempt', '=', progress.attempts)
    .where('answered_at', 'is', null)
    .executeTakeFirstOrThrow();
  if (Number(open.count) === 0) await finishAttempt(db, events, credit, user.id, now);
}

/** `count` distinct items drawn uniformly (all of them, shuffled, when there are fewer). */
function sample<T>(items: readonly T[], count: number): T[] {
  const copy = [...items];
  for (let index = copy.length - 1; index > 0; index -= 1) {
    const other = randomInt(index + 1);
    [copy[index], copy[other]] = [copy[other]!, copy[index]!];
  }
  return copy.slice(0, Math.max(1, count));
}

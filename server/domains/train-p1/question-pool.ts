import type { TrainP1Type } from '../../../src/shared/contract/train-p1';
import type { CurrentUser } from '../../auth/current-user';
import type { Db } from '../../db';
import { canOpenLesson } from '../../access/lesson-access';
import type { QuestionP1Row } from '../../questions/question-bank';

/** Which optional kinds of question a pool takes; both are left out unless asked for. */
export interface PoolOptions {
  includeSelfmade: boolean;
  include90Plus: boolean;
}

/** The whole bank the user may train on (stats and the choice's lists count every kind). */
export const FULL_POOL: PoolOptions = { includeSelfmade: true, include90Plus: true };

/** Published questions of the lessons this user may open now (self-made and 90+ ones only when asked). */
export async function eligibleQuestions(db: Db, user: CurrentUser, options: PoolOptions, now: number): Promise<QuestionP1Row[]> {
  let query = db
    .selectFrom('questions_p1')
    .innerJoin('lessons', 'lessons.number', 'questions_p1.lesson_num')
    .selectAll('questions_p1')
    .select(['lessons.opens_at', 'lessons.demo_access', 'lessons.is_published as lesson_published'])
    .where('questions_p1.is_published', '=', 1);
  if (!options.includeSelfmade) query = query.where('questions_p1.is_selfmade', '=', 0);
  if (!options.include90Plus) query = query.where('questions_p1.is_90plus', '=', 0);
  const rows = await query.orderBy('questions_p1.id').execute();
  return rows
    .filter((row) => canOpenLesson(user.type, { opens_at: row.opens_at, demo_access: row.demo_access, is_published: row.lesson_published }, now))
    .map(({ opens_at: _o, demo_access: _d, lesson_published: _p, ...question }) => question);
}

/** What the user's training history says about each question. */
export interface QuestionHistory {
  /** Answered at least once. */
  answered: Set<number>;
  /** Ever answered fully right. */
  solved: Set<number>;
  /** The last answer was not fully right. */
  lastWrong: Set<number>;
}

export async function questionHistory(db: Db, userId: number): Promise<QuestionHistory> {
  const rows = await db
    .selectFrom('train_p1_questions')
    .select(['question_id', 'points', 'max_points'])
    .where('user_id', '=', userId)
    .where('answered_at', 'is not', null)
    .orderBy('answered_at')
    .orderBy('session_id')
    .orderBy('q_order')
    .execute();
  const history: QuestionHistory = { answered: new Set(), solved: new Set(), lastWrong: new Set() };
  for (const row of rows) {
    const right = (row.points ?? 0) >= row.max_points;
    history.answered.add(row.question_id);
    if (right) {
      history.solved.add(row.question_id);
      history.lastWrong.delete(row.question_id);
    } else history.lastWrong.add(row.question_id);
  }
  return history;
}

function shuffled<T>(items: readonly T[]): T[] {
  const copy = [...items];
  for (let index = copy.length - 1; index > 0; index -= 1) {
    const other = Math.floor(Math.random() * (index + 1));
    [copy[index], copy[other]] = [copy[other]!, copy[index]!];
  }
  return copy;
}

/** The exam's part 1 task numbers: a test 'as in the exam' has one question of each. */
const EXAM_PART1_TASKS = 16;

/** Draws the questions of a new test (at most `count`; asEge takes one per task 1–16 in task order). */
export async function drawQuestions(
  db: Db,
  user: CurrentUser,
  { type, options, count }: { type: TrainP1Type; options: PoolOptions; count: number },
  now: number,
): Promise<QuestionP1Row[]> {
  const pool = await eligibleQuestions(db, user, options, now);
  const needsHistory = type.kind === 'notTrained' || type.kind === 'oshibki';
  const history = needsHistory ? await questionHistory(db, user.id) : null;
  let matching: QuestionP1Row[];
  switch (type.kind) {
    case 'random':
      matching = pool;
      break;
    case 'chapter':
      matching = pool.filter((row) => row.chapter === type.value);
      break;
    case 'lessonNum':
      matching = pool.filter((row) => row.lesson_num === type.value);
      break;
    case 'egeNum':
      matching = pool.filter((row) => row.ege_num === type.value);
      break;
    case 'zachetNum': {
      const credit = await db.selectFrom('credits_auto').select('lesson_numbers').where('num', '=', type.value).executeTakeFirst();
      const lessons = new Set((credit?.lesson_numbers ?? '').split(',').map((part) => Number(part.trim())));
      matching = pool.filter((row) => lessons.has(row.lesson_num));
      break;
    }
    case 'mostDifficult': {
      const flagged = await db.selectFrom('difficult_questions').select('question_id').where('user_id', '=', user.id).execute();
      const ids = new Set(flagged.map((row) => row.question_id));
      matching = pool.filter((row) => ids.has(row.id));
      break;
    }
    case 'notTrained':
      matching = pool.filter((row) => !history!.answered.has(row.id));
      break;
    case 'oshibki':
      matching = pool.filter((row) => history!.lastWrong.has(row.id));
      break;
    case 'asEge': {
      const picked: QuestionP1Row[] = [];
      const mixed = shuffled(pool);
      for (let task = 1; task <= EXAM_PART1_TASKS; task += 1) {
        const one = mixed.find((row) => row.ege_num === task);
        if (one) picked.push(one);
      }
      return picked;
    }
  }
  return shuffled(matching).slice(0, count);
}

import type { VerbalQuestion, VerbalSet } from '../../../src/shared/contract/train-verbal';
import { TRAIN_VERBAL_TEXTS as T } from '../../../src/shared/contract/train-verbal';
import type { CurrentUser } from '../../auth/current-user';
import { fail } from '../../contract/errors';
import type { Db } from '../../db';
import { canOpenLesson } from '../../access/lesson-access';

interface BankRow {
  id: number;
  question: string;
  answer: string;
  zachet_num: number | null;
  lesson_num: number | null;
  plus90: number;
  chapter: string | null;
}

/** Published oral-credit questions of the lessons this user may open now (questions without a lesson: everyone). */
async function openQuestions(db: Db, user: CurrentUser, now: number): Promise<BankRow[]> {
  const rows = await db
    .selectFrom('verbal_questions')
    .leftJoin('lessons', 'lessons.number', 'verbal_questions.lesson_num')
    .leftJoin('chapters', 'chapters.id', 'lessons.chapter_id')
    .select([
      'verbal_questions.id',
      'verbal_questions.question',
      'verbal_questions.answer',
      'verbal_questions.zachet_num',
      'verbal_questions.lesson_num',
      'verbal_questions.plus90',
      'chapters.name as chapter',
      'lessons.opens_at',
      'lessons.demo_access',
      'lessons.is_published',
    ])
    .where('verbal_questions.is_public', '=', 1)
    .orderBy('verbal_questions.id')
    .execute();
  return rows
    .filter((row) => row.lesson_num === null || canOpenLesson(user.type, { opens_at: row.opens_at ?? null, demo_access: row.demo_access ?? 0, is_published: row.is_published ?? 0 }, now))
    .map(({ opens_at: _o, demo_access: _d, is_published: _p, ...row }) => row);
}

function inSet(row: BankRow, set: VerbalSet): boolean {
  switch (set.kind) {
    case 'all':
      return true;
    case 'zachet':
      return row.zachet_num === set.value;
    case 'lesson':
      return row.lesson_num === set.value;
    case 'razdel':
      return row.chapter === set.value;
  }
}

const toWire = (row: BankRow): VerbalQuestion => ({ questionId: row.id, question: row.question, answer: row.answer, '90plus': row.plus90 === 1 ? '1' : '0' });

/** The lists the choice view offers, from the questions the user may train on. */
export async function availableLists(db: Db, user: CurrentUser, now: number) {
  const rows = await openQuestions(db, user, now);
  const unique = <T>(values: Array<T | null>) => [...new Set(values.filter((value): value is T => value !== null))];
  return {
    availableLessonNums: unique(rows.map((row) => row.lesson_num)).sort((a, b) => a - b),
    availableZachetNums: unique(rows.map((row) => row.zachet_num)).sort((a, b) => a - b),
    razdelNames: unique(rows.map((row) => row.chapter)),
  };
}

async function answerCounts(db: Db, userId: number): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('verbal_trainer_answers')
    .select(['question_id', (eb) => eb.fn.countAll<number>().as('count')])
    .where('user_id', '=', userId)
    .groupBy('question_id')
    .execute();
  return new Map(rows.map((row) => [row.question_id, Number(row.count)]));
}

/** Statistics of a set, split into 90+ questions and the rest. */
export async function setInfo(db: Db, user: CurrentUser, set: VerbalSet, now: number) {
  const rows = (await openQuestions(db, user, now)).filter((row) => inSet(row, set));
  const answered = await answerCounts(db, user.id);
  const count = (plus90: boolean) => {
    const part = rows.filter((row) => (row.plus90 === 1) === plus90);
    return {
      countQuestions: part.length,
      countAskedQuestions: part.reduce((sum, row) => sum + (answered.get(row.id) ?? 0), 0),
      countUniqueQuestions: part.filter((row) => answered.has(row.id)).length,
    };
  };
  return { ninetyPlus: count(true), ninetyMinus: count(false) };
}

/** Every question of the set (90+ ones only when asked for). */
export async function setQuestions(db: Db, user: CurrentUser, set: VerbalSet, with90Plus: boolean, now: number): Promise<VerbalQuestion[]> {
  return (await openQuestions(db, user, now)).filter((row) => inSet(row, set) && (with90Plus || row.plus90 === 0)).map(toWire);
}

/** The next question: the least answered ones first, a random one among them. */
export async function nextQuestion(db: Db, user: CurrentUser, set: VerbalSet, with90Plus: boolean, now: number): Promise<VerbalQuestion | null> {
  const rows = (await openQuestions(db, user, now)).filter((row) => inSet(row, set) && (with90Plus || row.plus90 === 0));
  if (rows.length === 0) return null;
  const answered = await answerCounts(db, user.id);
  const fewest = Math.min(...rows.map((row) => answered.get(row.id) ?? 0));
  const candidates = rows.filter((row) => (answered.get(row.id) ?? 0) === fewest);
  return toWire(candidates[Math.floor(Math.random() * candidates.length)]!);
}

/** Records an answer to a question the user may train on. */
export async function recordAnswer(db: Db, user: CurrentUser, questionId: number, userAnswer: string, now: number): Promise<void> {
  const rows = await openQuestions(db, user, now);
  if (!rows.some((row) => row.id === questionId)) fail(T.questionNotFound);
  await db.insertInto('verbal_trainer_answers').values({ user_id: user.id, question_id: questionId, user_answer: userAnswer, created_at: now }).execute();
}

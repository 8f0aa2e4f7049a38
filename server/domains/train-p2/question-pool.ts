import type { Part2Question, QuestionType } from '../../../src/shared/contract/train-p2';
import type { CurrentUser } from '../../auth/current-user';
import type { Db } from '../../db';
import type { QuestionsP2Table } from '../../db/schema';
import type { Selectable } from 'kysely';
import { canOpenLesson } from '../../access/lesson-access';

export type QuestionP2Row = Selectable<QuestionsP2Table>;

/**
 * The part 2 questions a student may train on: public ones of lessons they may open now; 90+
 * questions only when asked for. The same gate decides what a checker may be given to check.
 */
export async function eligibleQuestionsP2(db: Db, user: CurrentUser, include90Plus: boolean, now: number): Promise<QuestionP2Row[]> {
  let query = db
    .selectFrom('questions_p2')
    .innerJoin('lessons', 'lessons.number', 'questions_p2.lesson_num')
    .selectAll('questions_p2')
    .select(['lessons.opens_at', 'lessons.demo_access', 'lessons.is_published'])
    .where('questions_p2.is_public', '=', 1);
  if (!include90Plus) query = query.where('questions_p2.is_90plus', '=', 0);
  const rows = await query.orderBy('questions_p2.id').execute();
  return rows.filter((row) => canOpenLesson(user.type, row, now)).map(({ opens_at: _o, demo_access: _d, is_published: _p, ...question }) => question);
}

/** The questions of a set ('random' keeps them all; 'mostDifficult' reads the student's list). */
export async function questionsOfType(db: Db, userId: number, pool: QuestionP2Row[], type: QuestionType): Promise<QuestionP2Row[]> {
  switch (type.kind) {
    case 'random':
      return pool;
    case 'chapter':
      return pool.filter((row) => row.chapter === type.value);
    case 'egeNum':
      return pool.filter((row) => row.task_number === type.value);
    case 'mostDifficult': {
      const flagged = new Set((await db.selectFrom('difficult_questions_p2').select('question_id').where('user_id', '=', userId).execute()).map((row) => row.question_id));
      return pool.filter((row) => flagged.has(row.id));
    }
  }
}

/** Questions the AI can check: it scores against the criteria, so they must have some. */
export const hasCriteria = (row: Pick<QuestionP2Row, 'criteria'>) => row.criteria.trim() !== '';

/** Chapters in lesson order and task numbers ascending, for the choice's selects. */
export function setsOf(pool: QuestionP2Row[]): { chapters: string[]; egeNums: number[] } {
  const chapters: string[] = [];
  for (const row of [...pool].sort((a, b) => a.lesson_num - b.lesson_num)) if (row.chapter && !chapters.includes(row.chapter)) chapters.push(row.chapter);
  return { chapters, egeNums: [...new Set(pool.map((row) => row.task_number))].sort((a, b) => a - b) };
}

export function pickRandom<T>(items: readonly T[]): T | undefined {
  return items.length === 0 ? undefined : items[Math.floor(Math.random() * items.length)];
}

/** What a question shows, before anything about a check is added. */
export function presentQuestionP2(row: QuestionP2Row, extra: Partial<Part2Question> & { revealKey?: boolean } = {}): Part2Question {
  const { revealKey, ...rest } = extra;
  return {
    q2Id: row.id,
    q2Question: row.question,
    q2Chapter: row.chapter,
    q2TaskNumber: row.task_number,
    maxBall: row.max_points,
    userAnswer: '',
    isOldCheck: '0',
    studentId: '',
    qNumber: 0,
    htNumber: 0,
    curatorBall: null,
    checkBall: null,
    teacherComment: '',
    teacherJson: {},
    hasImage: row.question_image.trim() !== '' ? '1' : '0',
    hasExplanationImage: revealKey && row.explanation_image.trim() !== '' ? '1' : '0',
    // The key to scoring is given only to whoever scores the answer.
    explanation: revealKey ? row.explanation_markdown : '',
    criteria: revealKey ? row.criteria : '',
    checkComment: '',
    isDifficult: '0',
    ...rest,
  };
}

export async function isDifficultP2(db: Db, userId: number, questionId: number): Promise<boolean> {
  return (await db.selectFrom('difficult_questions_p2').select('question_id').where('user_id', '=', userId).where('question_id', '=', questionId).executeTakeFirst()) !== undefined;
}

export async function questionById(db: Db, id: number): Promise<QuestionP2Row | undefined> {
  return db.selectFrom('questions_p2').selectAll().where('id', '=', id).executeTakeFirst();
}

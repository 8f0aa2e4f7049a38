import { questionJsonSchema, type QuestionJson } from '../../src/shared/domain/questions';
import type { Db } from '../db';
import type { QuestionsP1Table } from '../db/schema';
import type { Selectable } from 'kysely';

export type QuestionP1Row = Selectable<QuestionsP1Table>;

/** The full qJson of a stored question: its JSON body plus the columns kept for filtering. */
export function questionJsonOf(row: QuestionP1Row): QuestionJson {
  const body = JSON.parse(row.q_json) as Record<string, unknown>;
  return questionJsonSchema.parse({ ...body, ...questionColumnsOf(row) });
}

/** The qJson fields kept in their own columns (for filtering), as the wire writes them. */
export function questionColumnsOf(row: QuestionP1Row) {
  return {
    questionType: row.question_type,
    questionImage: row.image_path,
    isPublished: row.is_published === 1 ? '1' : '0',
    isSelfmade: row.is_selfmade === 1 ? '1' : '0',
    is90Plus: row.is_90plus === 1 ? '1' : '0',
    qEgeNum: row.ege_num,
    qLessonNum: row.lesson_num,
    qChapter: row.chapter,
  };
}

/** Splits a qJson into the stored JSON body and its columns. */
export function questionRowOf(question: QuestionJson) {
  const { questionType, questionImage, isPublished, isSelfmade, is90Plus, qEgeNum, qLessonNum, qChapter, ...body } = question;
  return {
    question_type: questionType,
    q_json: JSON.stringify(body),
    ege_num: qEgeNum,
    lesson_num: qLessonNum,
    chapter: qChapter,
    is_published: isPublished === '1' ? 1 : 0,
    is_selfmade: isSelfmade === '1' ? 1 : 0,
    is_90plus: is90Plus === '1' ? 1 : 0,
    image_path: questionImage,
  };
}

/** Admin variable with the exam's primary points per task number (1-based positions). */
export const EXAM_PRIMARY_SCORES = 'EXAM_PRIMARY_SCORES';

/**
 * Default points of the exam's part 1 tasks 1–16 (28 in all) and part 2 tasks 17–25 (30 in all),
 * 58 primary points as in the current exam. Admins edit the variable when the exam changes.
 */
export const DEFAULT_EXAM_PRIMARY_SCORES: readonly number[] = [2, 1, 2, 1, 2, 2, 2, 2, 2, 1, 2, 2, 2, 1, 2, 2, 2, 2, 3, 3, 3, 4, 3, 4, 6];

export async function examPrimaryScores(db: Db): Promise<readonly number[]> {
  const row = await db.selectFrom('admin_variables').select('value').where('name', '=', EXAM_PRIMARY_SCORES).executeTakeFirst();
  if (!row) return DEFAULT_EXAM_PRIMARY_SCORES;
  try {
    const parsed: unknown = JSON.parse(row.value);
    if (Array.isArray(parsed) && parsed.every((points: unknown): points is number => typeof points === 'number' && Number.isInteger(points) && points >= 0 && points <= 10)) return parsed;
  } catch {
    // A broken value must not stop homework: fall back to the defaults.
  }
  return DEFAULT_EXAM_PRIMARY_SCORES;
}

import type { Selectable } from 'kysely';
import { p2ImagePath, type P2Question } from '../../../src/shared/contract/question-bank-p2';
import { P2_TEXTS as T, type P2Fields } from '../../../src/shared/domain/question-bank-p2';
import { fail } from '../../contract/errors';
import type { Db } from '../../db';
import type { QuestionsP2Table } from '../../db/schema';

export type P2Row = Selectable<QuestionsP2Table>;

const flagOf = (value: number) => (value === 1 ? ('1' as const) : ('0' as const));

/**
 * The image columns hold a storage key, `questions2/{qId}-{random}.{ext}` (empty when none): the
 * public address stays /questions2/{qId}.png and the random part is its version, so a replaced
 * picture is never taken from a cache.
 */
export const imageVersion = (key: string) => /-([0-9a-f]{8,32})\.\w+$/.exec(key)?.[1] ?? '0';

export async function requireP2(db: Db, questionId: number): Promise<P2Row> {
  const row = await db.selectFrom('questions_p2').selectAll().where('id', '=', questionId).executeTakeFirst();
  if (!row) fail(T.notFound);
  return row;
}

/** Homeworks that use a question, and whether any of them makes it mandatory. */
export async function homeworkUse(db: Db, questionId: number): Promise<{ homeworks: number[]; mandatory: boolean }> {
  const rows = await db.selectFrom('homework_questions_p2').select(['ht_num', 'is_mandatory']).where('question_id', '=', questionId).orderBy('ht_num').execute();
  return { homeworks: [...new Set(rows.map((row) => row.ht_num))], mandatory: rows.some((row) => row.is_mandatory === 1) };
}

/** Whether any student trained on the question (an answer, a check like a curator, a homework answer). */
export async function hasTrainingAnswers(db: Db, questionId: number): Promise<boolean> {
  const [training, likeCurator, homework] = await Promise.all([
    db.selectFrom('train_p2_answers').select('id').where('question_id', '=', questionId).limit(1).executeTakeFirst(),
    db.selectFrom('train_p2_curator_checks').select('id').where('question_id', '=', questionId).limit(1).executeTakeFirst(),
    db.selectFrom('homework_answers_p2').select('user_id').where('question_id', '=', questionId).limit(1).executeTakeFirst(),
  ]);
  return Boolean(training || likeCurator || homework);
}

export function fieldsOf(row: P2Row): P2Fields {
  return {
    qQuestion: row.question,
    qTaskNumber: row.task_number,
    qLessonNumber: row.lesson_num,
    qChapter: row.chapter,
    qMaxBall: row.max_points,
    qCriteria: row.criteria,
    qMarkDownPoyasn: row.explanation_markdown,
    qPublic: flagOf(row.is_public),
    is90Plus: flagOf(row.is_90plus),
  };
}

export async function wireQuestion(db: Db, row: P2Row): Promise<P2Question> {
  const use = await homeworkUse(db, row.id);
  return {
    ...fieldsOf(row),
    qId: row.id,
    qQuestionImage: row.question_image ? p2ImagePath(row.id, 'question', imageVersion(row.question_image)) : '',
    qPoyasnImage: row.explanation_image ? p2ImagePath(row.id, 'poyasn', imageVersion(row.explanation_image)) : '',
    qObyazDz: use.mandatory ? '1' : '0',
    usedInHomeworks: use.homeworks,
    digitizeError: row.explanation_digitize_error,
  };
}

export function columnsOf(fields: P2Fields) {
  return {
    question: fields.qQuestion,
    task_number: fields.qTaskNumber,
    lesson_num: fields.qLessonNumber,
    chapter: fields.qChapter,
    max_points: fields.qMaxBall,
    criteria: fields.qCriteria,
    explanation_markdown: fields.qMarkDownPoyasn,
    is_public: fields.qPublic === '1' ? 1 : 0,
    is_90plus: fields.is90Plus === '1' ? 1 : 0,
  };
}

/** Chapters in course order and lessons with their chapter names (the part 1 bank reads the same). */
export { bankReference as courseReference } from '../../questions/bank-store';

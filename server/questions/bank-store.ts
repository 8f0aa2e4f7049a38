/**
 * The part 1 bank as its editors see it: the editable view of a stored question, its stored
 * columns, and the course reference (lessons, chapters, exam tasks). Shared by the bank editor
 * (question-bank-admin), the knowledge tests' editor (knowledge) and the part 2 bank (its course
 * reference).
 */
import type { Selectable } from 'kysely';
import { editableQuestion, type EditableQuestion } from '../../src/shared/contract/question-bank-admin';
import type { BankReference } from '../../src/shared/domain/question-bank-p1';
import type { QuestionJson } from '../../src/shared/domain/questions';
import type { Db } from '../db';
import type { QuestionsP1Table } from '../db/schema';
import { questionColumnsOf, questionRowOf } from './question-bank';
import { isRecord } from '../../src/shared/guards';

type Row = Selectable<QuestionsP1Table>;

/**
 * The editor's view of a stored question. Unlike the students' reader (server/questions/question-bank.ts
 * questionJsonOf) it accepts a draft without right answers, which students never get: drafts stay
 * unpublished until a save passes every rule.
 */
export function editableQuestionOf(row: Row): EditableQuestion {
  let body: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(row.q_json);
    if (isRecord(parsed)) body = parsed;
  } catch {
    // A broken body still opens in the editor (with empty fields), so it can be repaired.
  }
  const columns = questionColumnsOf(row);
  const parsed = editableQuestion.safeParse({ ...body, ...columns });
  return parsed.success ? parsed.data : editableQuestion.parse({ rightAnswers: [], ...columns });
}

/**
 * Columns of a question (a validated one, or a new draft); the image stays what the upload calls
 * made it. The type was checked by the caller (isQuestionType) or is the draft's VARIANTS.
 */
export function storedColumnsOf(question: EditableQuestion) {
  const { image_path: _image, ...columns } = questionRowOf(question as QuestionJson);
  return columns;
}

export async function bankReference(db: Db): Promise<BankReference & { lessonRows: { number: number; name: string; chapter: string }[] }> {
  const chapters = await db.selectFrom('chapters').select(['name']).orderBy('position').orderBy('id').execute();
  const lessons = await db
    .selectFrom('lessons')
    .innerJoin('chapters', 'chapters.id', 'lessons.chapter_id')
    .select(['lessons.number', 'lessons.short_name', 'chapters.name as chapter'])
    .orderBy('lessons.number')
    .execute();
  return {
    chapters: chapters.map((chapter) => chapter.name),
    lessons: lessons.map((lesson) => lesson.number),
    lessonRows: lessons.map((lesson) => ({ number: lesson.number, name: lesson.short_name, chapter: lesson.chapter })),
  };
}

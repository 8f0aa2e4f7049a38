import type { CurrentUser } from '../../auth/current-user';
import type { Db } from '../../db';
import { canOpenLesson } from '../../access/lesson-access';

/** A signs-trainer term as the trainer needs it. */
export interface OpenTerm {
  id: number;
  name: string;
  lessonNum: number;
  chapter: string;
}

export interface TermVariant {
  id: number;
  text: string;
  isRight: boolean;
  description: string;
}

/** Terms of the lessons this user may open now, in course order. */
export async function openTerms(db: Db, user: CurrentUser, now: number): Promise<OpenTerm[]> {
  const rows = await db
    .selectFrom('sign_terms')
    .innerJoin('lessons', 'lessons.number', 'sign_terms.lesson_num')
    .innerJoin('chapters', 'chapters.id', 'lessons.chapter_id')
    .select(['sign_terms.id', 'sign_terms.name', 'sign_terms.lesson_num', 'chapters.name as chapter', 'lessons.opens_at', 'lessons.demo_access', 'lessons.is_published'])
    .orderBy('sign_terms.lesson_num')
    .orderBy('sign_terms.id')
    .execute();
  return rows
    .filter((row) => canOpenLesson(user.type, row, now))
    .map((row) => ({ id: row.id, name: row.name, lessonNum: row.lesson_num, chapter: row.chapter }));
}

/** The signs of a term in their stored order. */
export async function variantsOf(db: Db, termId: number): Promise<TermVariant[]> {
  const rows = await db
    .selectFrom('sign_term_variants')
    .select(['id', 'text', 'is_right', 'description'])
    .where('sign_term_id', '=', termId)
    .orderBy('position')
    .execute();
  return rows.map((row) => ({ id: row.id, text: row.text, isRight: row.is_right === 1, description: row.description }));
}

/** The term-search definition linked to a term, if any. */
export async function definitionOf(db: Db, termId: number): Promise<string | null> {
  const row = await db
    .selectFrom('sign_terms')
    .innerJoin('terms', 'terms.id', 'sign_terms.term_id')
    .select('terms.definition')
    .where('sign_terms.id', '=', termId)
    .executeTakeFirst();
  return row?.definition ?? null;
}

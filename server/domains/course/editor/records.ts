import { COURSE_EDITOR_TEXTS as T } from '../../../../src/shared/contract/course-editor';
import { fail } from '../../../contract/errors';
import type { Db } from '../../../db';

/** Lookups every editor module starts with: a missing record is refused in Russian, never a crash. */

export async function requireChapter(db: Db, id: number) {
  const chapter = await db.selectFrom('chapters').selectAll().where('id', '=', id).executeTakeFirst();
  if (!chapter) fail(T.chapterNotFound);
  return chapter;
}

export async function requireLesson(db: Db, number: number) {
  const lesson = await db.selectFrom('lessons').selectAll().where('number', '=', number).executeTakeFirst();
  if (!lesson) fail(T.lessonNotFound);
  return lesson;
}

export async function requireHomework(db: Db, num: number) {
  const homework = await db.selectFrom('homeworks').selectAll().where('num', '=', num).executeTakeFirst();
  if (!homework) fail(T.homeworkNotFound);
  return homework;
}

/** The next number of a table keyed by a number the editor does not choose (homework, credits). */
export async function nextNum(db: Db, table: 'homeworks' | 'credits_auto' | 'credits_verbal'): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.max('num').as('top'))
    .executeTakeFirst();
  return Number(row?.top ?? 0) + 1;
}

/** The next free lesson number (after the largest one). */
export async function nextLessonNumber(db: Db): Promise<number> {
  const row = await db
    .selectFrom('lessons')
    .select((eb) => eb.fn.max('number').as('top'))
    .executeTakeFirst();
  return Number(row?.top ?? 0) + 1;
}

/** '0'/'1' of the wire as the 0/1 the tables keep. */
export const bit = (flag: '0' | '1'): number => (flag === '1' ? 1 : 0);
export const flagOf = (value: number): '0' | '1' => (value === 1 ? '1' : '0');

/** The first words of a question for a list: markup and line breaks flattened, at most 140 characters. */
export function previewText(text: string): string {
  const flat = text
    .replace(/<[^>]*>/g, ' ')
    .replace(/[*_#>`]+/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return flat.length > 140 ? `${flat.slice(0, 139)}…` : flat;
}

/** The question text of a part 1 question's stored JSON body ('' when it has none). */
export function p1Text(qJson: string): string {
  try {
    const body: unknown = JSON.parse(qJson);
    if (typeof body === 'object' && body !== null && 'questionText' in body && typeof body.questionText === 'string') return body.questionText;
  } catch {
    // A damaged body shows no preview; the question itself stays usable elsewhere.
  }
  return '';
}

/** A real calendar day, 'YYYY-MM-DD' ('2026-02-30' is not one); null (no date) passes. */
export function realDay(day: string | null): boolean {
  if (day === null) return true;
  const parsed = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === day;
}

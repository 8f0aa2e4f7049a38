import { COURSE_EDITOR_TEXTS as T, type LessonFields } from '../../../../src/shared/contract/course-editor';
import { fail } from '../../../contract/errors';
import type { Db } from '../../../db';
import { lessonActivity } from './answers-count';
import { bit, nextLessonNumber, requireChapter, requireLesson } from './records';

/** Lessons: created as drafts at the end of their chapter, edited, moved, published, deleted. */

async function endOfChapter(db: Db, chapterId: number): Promise<number> {
  const row = await db
    .selectFrom('lessons')
    .select((eb) => eb.fn.max('position').as('top'))
    .where('chapter_id', '=', chapterId)
    .executeTakeFirst();
  return Number(row?.top ?? 0) + 1;
}

function columnsOf(fields: LessonFields) {
  return {
    short_name: fields.shortName,
    chapter_id: fields.chapterId,
    opens_at: fields.opensAt,
    demo_access: bit(fields.demoAccess),
    description: fields.description,
    materials_json: JSON.stringify(fields.materials),
  };
}

/** A draft lesson at the end of its chapter; number '' takes the next free one. */
export async function createLesson(db: Db, fields: LessonFields & { number: number | '' }, now: number): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await requireChapter(trx, fields.chapterId);
    const number = fields.number === '' ? await nextLessonNumber(trx) : fields.number;
    if (await trx.selectFrom('lessons').select('number').where('number', '=', number).executeTakeFirst()) fail(T.lessonNumberTaken);
    await trx
      .insertInto('lessons')
      .values({ number, ...columnsOf(fields), position: await endOfChapter(trx, fields.chapterId), is_published: 0, created_at: now, updated_at: now })
      .execute();
    return number;
  });
}

/** Name, chapter (a moved lesson goes to the end of its new chapter), opening, demo access, card texts. */
export async function updateLesson(db: Db, fields: LessonFields & { number: number }, now: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const lesson = await requireLesson(trx, fields.number);
    await requireChapter(trx, fields.chapterId);
    const position = lesson.chapter_id === fields.chapterId ? lesson.position : await endOfChapter(trx, fields.chapterId);
    await trx
      .updateTable('lessons')
      .set({ ...columnsOf(fields), position, updated_at: now })
      .where('number', '=', fields.number)
      .execute();
  });
}

/**
 * The new order of one chapter: every lesson it has now must be in the list (else the editor's
 * view is stale); a lesson named here from another chapter moves into this one.
 */
export async function reorderLessons(db: Db, chapterId: number, numbers: readonly number[], now: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await requireChapter(trx, chapterId);
    if (new Set(numbers).size !== numbers.length) fail(T.staleOrder);
    const named = await trx.selectFrom('lessons').select(['number', 'chapter_id']).where('number', 'in', numbers).execute();
    if (named.length !== numbers.length) fail(T.lessonNotFound);
    const current = await trx.selectFrom('lessons').select('number').where('chapter_id', '=', chapterId).execute();
    if (current.some((lesson) => !numbers.includes(lesson.number))) fail(T.staleOrder);
    for (const [index, number] of numbers.entries()) {
      await trx.updateTable('lessons').set({ chapter_id: chapterId, position: index + 1, updated_at: now }).where('number', '=', number).execute();
    }
  });
}

export async function setLessonPublished(db: Db, number: number, isPublished: '0' | '1', now: number): Promise<void> {
  await requireLesson(db, number);
  await db.updateTable('lessons').set({ is_published: bit(isPublished), updated_at: now }).where('number', '=', number).execute();
}

/**
 * Deletes a lesson nobody has worked on, with its homework and credits; its videos stay in the
 * video admin, detached. Bank questions and terms of the lesson must be moved first (trainings
 * and the knowledge base find them through their lesson).
 */
export async function deleteLesson(db: Db, number: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await requireLesson(trx, number);
    const students = (await lessonActivity(trx, [number])).get(number)?.size ?? 0;
    if (students > 0) fail(T.answered(students, 'урок удалить нельзя'));
    const [p1, p2, terms] = await Promise.all([
      trx.selectFrom('questions_p1').select('id').where('lesson_num', '=', number).executeTakeFirst(),
      trx.selectFrom('questions_p2').select('id').where('lesson_num', '=', number).executeTakeFirst(),
      trx.selectFrom('sign_terms').select('id').where('lesson_num', '=', number).executeTakeFirst(),
    ]);
    if (p1 || p2 || terms) fail(T.lessonHasQuestions);
    await trx.deleteFrom('homeworks').where('lesson_num', '=', number).execute();
    await trx.deleteFrom('credits_auto').where('lesson_num', '=', number).execute();
    await trx.deleteFrom('credits_verbal').where('lesson_num', '=', number).execute();
    await trx.updateTable('videos').set({ lesson_num: null, lesson_position: 0 }).where('lesson_num', '=', number).execute();
    await trx.deleteFrom('lessons').where('number', '=', number).execute();
  });
}

/** The lesson's videos in card order; videos no longer listed are detached (they stay in the video admin). */
export async function setLessonVideos(db: Db, number: number, videoIds: readonly number[], now: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await requireLesson(trx, number);
    if (new Set(videoIds).size !== videoIds.length) fail(T.staleOrder);
    if (videoIds.length > 0) {
      const found = await trx.selectFrom('videos').select('id').where('id', 'in', videoIds).execute();
      if (found.length !== videoIds.length) fail(T.videoNotFound);
    }
    let detach = trx.updateTable('videos').set({ lesson_num: null, lesson_position: 0, updated_at: now }).where('lesson_num', '=', number);
    if (videoIds.length > 0) detach = detach.where('id', 'not in', videoIds);
    await detach.execute();
    for (const [index, id] of videoIds.entries()) {
      await trx.updateTable('videos').set({ lesson_num: number, lesson_position: index + 1, updated_at: now }).where('id', '=', id).execute();
    }
  });
}

import { COURSE_EDITOR_TEXTS as T } from '../../../../src/shared/contract/course-editor';
import { fail } from '../../../contract/errors';
import type { Db } from '../../../db';
import { requireChapter } from './records';

/** Chapters of the course: named once each, in the order the editor gives. */

async function refuseTakenName(db: Db, name: string, exceptId?: number): Promise<void> {
  let query = db.selectFrom('chapters').select('id').where('name', '=', name);
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  if (await query.executeTakeFirst()) fail(T.chapterExists);
}

/** A new chapter at the end of the course. */
export async function createChapter(db: Db, name: string, now: number): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await refuseTakenName(trx, name);
    const last = await trx
      .selectFrom('chapters')
      .select((eb) => eb.fn.max('position').as('top'))
      .executeTakeFirst();
    const row = await trx
      .insertInto('chapters')
      .values({ name, position: Number(last?.top ?? 0) + 1, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  });
}

export async function renameChapter(db: Db, id: number, name: string): Promise<void> {
  await requireChapter(db, id);
  await refuseTakenName(db, name, id);
  await db.updateTable('chapters').set({ name }).where('id', '=', id).execute();
}

/** The whole new order: every chapter exactly once, or the editor's list is stale and refused. */
export async function reorderChapters(db: Db, ids: readonly number[]): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const existing = new Set((await trx.selectFrom('chapters').select('id').execute()).map((row) => row.id));
    const unknown = ids.find((id) => !existing.has(id));
    if (unknown !== undefined) fail(T.chapterNotFound);
    if (new Set(ids).size !== ids.length || ids.length !== existing.size) fail(T.staleOrder);
    for (const [index, id] of ids.entries()) await trx.updateTable('chapters').set({ position: index + 1 }).where('id', '=', id).execute();
  });
}

/** Only an empty chapter goes: its lessons would lose their place otherwise. */
export async function deleteChapter(db: Db, id: number): Promise<void> {
  await requireChapter(db, id);
  const lesson = await db.selectFrom('lessons').select('number').where('chapter_id', '=', id).executeTakeFirst();
  if (lesson) fail(T.chapterNotEmpty);
  await db.deleteFrom('chapters').where('id', '=', id).execute();
}

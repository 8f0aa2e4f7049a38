import type { Selectable } from 'kysely';
import type { Chunk, ChunkFilter, ChunkKind } from '../../../src/shared/contract/knowledge';
import { KNOWLEDGE_TEXTS as T } from '../../../src/shared/contract/knowledge';
import { countWords, markdownToClean } from '../../../src/shared/domain/knowledge';
import { fail } from '../../contract/errors';
import type { Db } from '../../db';
import type { KbChunksTable } from '../../db/schema';

/**
 * The working knowledge base of the back office (back-office §2.15): the list with its pager and
 * 90+ filter, the card's edits, and publishing. Clean text and word count are always computed
 * here from the markdown, never taken from the client.
 */

export type ChunkRow = Selectable<KbChunksTable>;

export function chunkOf(row: Omit<ChunkRow, 'id'> & { id: number }): Chunk {
  return {
    chunkId: row.id,
    name: row.name,
    lessonNum: row.lesson_num,
    '90plus': row.is_90plus === 1 ? '1' : '0',
    answerText: row.answer_text,
    answerTextClean: row.answer_text_clean,
    numWords: row.num_words,
    kind: row.kind === 'org' ? 'org' : 'theory',
  };
}

/** Clean text and its word count for a markdown answer. */
export function cleanOf(markdown: string): { cleanText: string; numWords: number } {
  const cleanText = markdownToClean(markdown);
  return { cleanText, numWords: countWords(cleanText) };
}

function filtered(db: Db, filter: ChunkFilter) {
  let query = db.selectFrom('kb_chunks');
  if (filter === '90plus') query = query.where('is_90plus', '=', 1);
  if (filter === '90minus') query = query.where('is_90plus', '=', 0);
  return query;
}

/** One page of chunks in id order and the filtered total. */
export async function listChunks(db: Db, options: { page: number; limit: number; filter: ChunkFilter }): Promise<{ chunks: Chunk[]; total: number }> {
  const [rows, count] = await Promise.all([
    filtered(db, options.filter)
      .selectAll()
      .orderBy('id')
      .limit(options.limit)
      .offset((options.page - 1) * options.limit)
      .execute(),
    filtered(db, options.filter).select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { chunks: rows.map(chunkOf), total: Number(count.total) };
}

export async function chunkRow(db: Db, chunkId: number): Promise<ChunkRow> {
  const row = await db.selectFrom('kb_chunks').selectAll().where('id', '=', chunkId).executeTakeFirst();
  if (!row) fail(T.noChunk);
  return row;
}

export async function createChunk(db: Db, now: number): Promise<{ chunk: Chunk; total: number }> {
  const row = await db.insertInto('kb_chunks').values({ name: 'Новый чанк', created_at: now, updated_at: now }).returningAll().executeTakeFirstOrThrow();
  const count = await db.selectFrom('kb_chunks').select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  return { chunk: chunkOf(row), total: Number(count.total) };
}

export interface ChunkChanges {
  name?: string;
  lessonNum?: number;
  '90plus'?: '0' | '1';
  answerText?: string;
  kind?: ChunkKind;
}

export async function editChunk(db: Db, chunkId: number, changes: ChunkChanges, now: number): Promise<Chunk> {
  await chunkRow(db, chunkId);
  const set: Partial<Omit<ChunkRow, 'id'>> = { updated_at: now };
  if (changes.name !== undefined) set.name = changes.name;
  if (changes.lessonNum !== undefined) {
    if (changes.lessonNum !== 0) {
      const lesson = await db.selectFrom('lessons').select('number').where('number', '=', changes.lessonNum).executeTakeFirst();
      if (!lesson) fail(`Урока №${changes.lessonNum} нет в курсе`);
    }
    set.lesson_num = changes.lessonNum;
  }
  if (changes['90plus'] !== undefined) set.is_90plus = changes['90plus'] === '1' ? 1 : 0;
  if (changes.kind !== undefined) set.kind = changes.kind;
  if (changes.answerText !== undefined) {
    const { cleanText, numWords } = cleanOf(changes.answerText);
    set.answer_text = changes.answerText;
    set.answer_text_clean = cleanText;
    set.num_words = numWords;
  }
  const row = await db.updateTable('kb_chunks').set(set).where('id', '=', chunkId).returningAll().executeTakeFirstOrThrow();
  return chunkOf(row);
}

export async function deleteChunk(db: Db, chunkId: number): Promise<void> {
  await chunkRow(db, chunkId);
  await db.transaction().execute(async (trx) => {
    const links = await trx.selectFrom('kb_chunk_questions').select('question_id').where('chunk_id', '=', chunkId).execute();
    await trx.deleteFrom('kb_chunks').where('id', '=', chunkId).execute();
    for (const link of links) await removeDraftIfUnused(trx, link.question_id);
  });
}

/**
 * Replaces the published base with the working one in one transaction: a reader (a student's
 * map, the assistant) sees either the old set or the new one, never a mixture. On PostgreSQL the
 * copy is invisible to others until commit; on SQLite readers keep their WAL snapshot.
 */
export async function publishChunks(db: Db, now: number): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await trx.deleteFrom('kb_published_questions').execute();
    await trx.deleteFrom('kb_published_chunks').execute();
    const rows = await trx.selectFrom('kb_chunks').selectAll().orderBy('id').execute();
    // Batches keep each statement well under both dialects' parameter limits.
    for (let start = 0; start < rows.length; start += 200) {
      const batch = rows.slice(start, start + 200).map((row) => ({ ...row, updated_at: now }));
      await trx.insertInto('kb_published_chunks').values(batch).execute();
    }
    const links = await trx.selectFrom('kb_chunk_questions').selectAll().execute();
    for (let start = 0; start < links.length; start += 300) {
      await trx.insertInto('kb_published_questions').values(links.slice(start, start + 300)).execute();
    }
    return rows.length;
  });
}

// ——— Questions of a chunk ———

export async function chunkQuestions(db: Db, chunkId: number) {
  return db
    .selectFrom('kb_chunk_questions')
    .innerJoin('questions_p1', 'questions_p1.id', 'kb_chunk_questions.question_id')
    .selectAll('questions_p1')
    .where('kb_chunk_questions.chunk_id', '=', chunkId)
    .orderBy('kb_chunk_questions.position')
    .orderBy('questions_p1.id')
    .execute();
}

export async function linkQuestion(db: Db, chunkId: number, questionId: number): Promise<void> {
  const last = await db
    .selectFrom('kb_chunk_questions')
    .select((eb) => eb.fn.max<number>('position').as('position'))
    .where('chunk_id', '=', chunkId)
    .executeTakeFirst();
  await db
    .insertInto('kb_chunk_questions')
    .values({ chunk_id: chunkId, question_id: questionId, position: Number(last?.position ?? 0) + 1 })
    .onConflict((oc) => oc.columns(['chunk_id', 'question_id']).doNothing())
    .execute();
}

/** A question made for a chunk and never published or used elsewhere is removed with its last link. */
export async function removeDraftIfUnused(db: Db, questionId: number): Promise<void> {
  const question = await db.selectFrom('questions_p1').select(['is_published']).where('id', '=', questionId).executeTakeFirst();
  if (!question || question.is_published === 1) return;
  const uses = await Promise.all([
    db.selectFrom('kb_chunk_questions').select('question_id').where('question_id', '=', questionId).limit(1).execute(),
    db.selectFrom('kb_published_questions').select('question_id').where('question_id', '=', questionId).limit(1).execute(),
    db.selectFrom('homework_questions_p1').select('question_id').where('question_id', '=', questionId).limit(1).execute(),
    db.selectFrom('homework_answers_p1').select('question_id').where('question_id', '=', questionId).limit(1).execute(),
    db.selectFrom('credit_auto_answers').select('question_id').where('question_id', '=', questionId).limit(1).execute(),
    db.selectFrom('train_p1_questions').select('question_id').where('question_id', '=', questionId).limit(1).execute(),
    db.selectFrom('kb_test_answers').select('question_id').where('question_id', '=', questionId).limit(1).execute(),
  ]);
  if (uses.some((rows) => rows.length > 0)) return;
  await db.deleteFrom('questions_p1').where('id', '=', questionId).execute();
}

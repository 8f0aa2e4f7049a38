import { afterAll, describe, expect, it } from 'vitest';
import { editableQuestion } from '../../../src/shared/contract/question-bank-admin';
import { storedColumnsOf } from '../../questions/bank-store';
import { createPostgresSchema, testDialects } from '../../../tests/helpers/server';
import { migrateTo, migrateToLatest, openDatabase, type Db } from '../index';

/** Issue 26 item 6: the leftovers of cancelled creates go; anything typed, saved or used stays. */
describe.each(testDialects)('migration 0104 drops empty never-saved drafts on %s', (dialect) => {
  const cleanups: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  async function database(): Promise<Db> {
    if (dialect === 'sqlite') {
      const opened = openDatabase('sqlite::memory:');
      cleanups.push(async () => opened.close());
      return opened.db;
    }
    const { schema, drop } = await createPostgresSchema();
    const opened = openDatabase(process.env.TEST_DATABASE_URL!, { searchPath: schema });
    cleanups.push(drop, async () => opened.close());
    return opened.db;
  }

  it('removes only empty, never-saved, unreferenced questions and videos', async () => {
    const db = await database();
    // Through migrateTo: it retries when another test's schema vanishes during Kysely's scan (a CI race).
    await migrateTo(db, '0103-school-documents');

    // What the old «Создать вопрос» stored: the draft the create call wrote.
    const draft = storedColumnsOf(editableQuestion.parse({ questionType: 'VARIANTS', rightAnswers: [] }));
    const question = async (extra: Record<string, unknown> = {}) =>
      (await db.insertInto('questions_p1').values({ ...draft, created_at: 1000, updated_at: 1000, ...extra }).returning('id').executeTakeFirstOrThrow()).id;
    const junkQuestion = await question();
    const savedQuestion = await question({ updated_at: 2000 });
    const typedQuestion = await question({ q_json: JSON.stringify({ ...JSON.parse(draft.q_json), questionText: 'Что такое право?' }) });
    const usedQuestion = await question();
    // An empty draft a homework already lists is in use: it stays.
    const chapter = await db.insertInto('chapters').values({ name: 'Человек и общество', position: 1, created_at: 1000 }).returning('id').executeTakeFirstOrThrow();
    await db.insertInto('lessons').values({ number: 1, short_name: 'Урок 1', chapter_id: chapter.id, created_at: 1000, updated_at: 1000 }).execute();
    await db.insertInto('homeworks').values({ num: 1, lesson_num: 1, created_at: 1000, updated_at: 1000 }).execute();
    await db.insertInto('homework_questions_p1').values({ ht_num: 1, is_dop: 0, q_number: 1, question_id: usedQuestion }).execute();

    const video = async (extra: Record<string, unknown> = {}) =>
      (await db.insertInto('videos').values({ lesson_num: null, is_published: 0, is_mandatory: 1, created_at: 1000, updated_at: 1000, ...extra }).returning('id').executeTakeFirstOrThrow()).id;
    const junkVideo = await video();
    const namedVideo = await video({ shown_name: 'Введение' });
    const usedVideo = await video();
    await db.insertInto('timecodes').values({ video_id: usedVideo, kind: 'THEME', created_at: 1000, updated_at: 1000 }).execute();

    await migrateToLatest(db);

    const questions = (await db.selectFrom('questions_p1').select('id').execute()).map((row) => row.id);
    expect(questions).not.toContain(junkQuestion);
    expect(questions).toEqual(expect.arrayContaining([savedQuestion, typedQuestion, usedQuestion]));
    const videos = (await db.selectFrom('videos').select('id').execute()).map((row) => row.id);
    expect(videos).not.toContain(junkVideo);
    expect(videos).toEqual(expect.arrayContaining([namedVideo, usedVideo]));
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { questionJsonSchema, type QuestionJson } from '../../../src/shared/domain/questions';
import { startTestServer, testDialects, type TestServer } from '../../../tests/helpers/server';
import { questionRowOf } from '../../questions/question-bank';
import { takeBackWordPoints } from './0096-word-answers-all-or-nothing';

describe.each(testDialects)('migration 0096: stored word answers all or nothing on %s', (dialect) => {
  let server: TestServer;
  const db = () => server.server.services.db;
  beforeAll(async () => {
    server = await startTestServer({ dialect });
  });
  afterAll(() => server.close());

  const insertQuestion = async (question: Partial<QuestionJson>) =>
    (await db().insertInto('questions_p1').values({ ...questionRowOf(questionJsonSchema.parse({ isPublished: '1', qEgeNum: 12, ...question })), created_at: 0, updated_at: 0 }).returning('id').executeTakeFirstOrThrow()).id;

  it('takes back the point a wrong word earned on a two-point task, and only that point', async () => {
    const HT = 7;
    const user = (await db().selectFrom('users').select('id').where('login', '=', 'ksenia').executeTakeFirstOrThrow()).id;
    const word = await insertQuestion({ questionType: 'WORD', rightAnswers: ['республика'] });
    const set = await insertQuestion({ questionType: 'VARIANTS', questionAnsColumn1: ['а', 'б', 'в', 'г'], rightAnswers: ['124'] });
    const answer = (q_number: number, question_id: number, user_answer: string, points: number) => ({ user_id: user, ht_num: HT, is_dop: 0, q_number, question_id, user_answer, points, max_points: 2, answered_at: 1 });
    await db()
      .insertInto('homework_answers_p1')
      .values([answer(1, word, 'диктатура', 1), answer(2, word, 'республика', 2), answer(3, set, '12', 1), answer(4, word, 'монархия', 0)])
      .execute();
    await db().insertInto('user_homeworks').values({ user_id: user, ht_num: HT, is_dop: 0, status_p1: 'Готово', points_p1: 4, updated_at: 1 }).execute();

    await takeBackWordPoints(db());

    const points = await db().selectFrom('homework_answers_p1').select(['q_number', 'points']).where('user_id', '=', user).where('ht_num', '=', HT).orderBy('q_number').execute();
    expect(points).toEqual([
      { q_number: 1, points: 0 },
      { q_number: 2, points: 2 },
      { q_number: 3, points: 1 },
      { q_number: 4, points: 0 },
    ]);
    const total = await db().selectFrom('user_homeworks').select('points_p1').where('user_id', '=', user).where('ht_num', '=', HT).where('is_dop', '=', 0).executeTakeFirstOrThrow();
    expect(total.points_p1).toBe(3);

    // Run again (as after a restore): nothing more changes.
    await takeBackWordPoints(db());
    expect((await db().selectFrom('user_homeworks').select('points_p1').where('user_id', '=', user).where('ht_num', '=', HT).executeTakeFirstOrThrow()).points_p1).toBe(3);
  });
});

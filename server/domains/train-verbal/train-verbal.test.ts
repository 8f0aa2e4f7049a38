import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trainVerbal } from '../../../src/shared/contract';
import { TRAIN_VERBAL_TEXTS as T } from '../../../src/shared/contract/train-verbal';
import { startTestServer, testDialects, type TestServer } from '../../../tests/helpers/server';

describe.each(testDialects)('oral credit trainer on %s', (dialect) => {
  let server: TestServer;
  const db = () => server.server.services.db;
  beforeAll(async () => {
    server = await startTestServer({ dialect });
  });
  afterAll(() => server.close());

  /** Lessons a paying student may open now. */
  const openLessons = async () => {
    const rows = await db().selectFrom('lessons').select(['number', 'opens_at']).execute();
    return new Set(rows.filter((row) => row.opens_at === null || row.opens_at <= Date.now()).map((row) => row.number));
  };

  it('offers the sets of open lessons and counts 90+ and the rest apart', async () => {
    const student = await server.signIn('egor');
    const open = await openLessons();
    const lists = await student.call(trainVerbal.getAvailableLists, {});
    expect(lists.availableLessonNums.length).toBeGreaterThan(0);
    expect(lists.availableLessonNums.every((lesson) => open.has(lesson))).toBe(true);
    expect(lists.availableZachetNums).toContain(1);
    expect(lists.razdelNames).toContain('Экономика');
    expect(lists.razdelNames).not.toContain('Право');

    const bank = await db().selectFrom('verbal_questions').select(['id', 'lesson_num', 'plus90']).execute();
    const visible = bank.filter((row) => open.has(row.lesson_num!));
    const info = await student.call(trainVerbal.getVerbalInfo, { type: 'all' });
    expect(info.ninetyPlus).toEqual({ countQuestions: visible.filter((row) => row.plus90 === 1).length, countAskedQuestions: 0, countUniqueQuestions: 0 });
    expect(info.ninetyMinus.countQuestions).toBe(visible.filter((row) => row.plus90 === 0).length);

    const without = await student.call(trainVerbal.getVerbalQuestions, { type: 'lesson:3', with90Plus: '0' });
    const withPlus = await student.call(trainVerbal.getVerbalQuestions, { type: 'lesson:3', with90Plus: '1' });
    expect(without.questions.every((question) => question['90plus'] === '0')).toBe(true);
    expect(withPlus.questions.length).toBeGreaterThan(without.questions.length);
    const economy = await student.call(trainVerbal.getVerbalQuestions, { type: 'razdel:Экономика', with90Plus: '1' });
    expect(economy.questions.map((question) => question.questionId).sort()).toEqual(
      bank.filter((row) => row.lesson_num === 3 || row.lesson_num === 4).map((row) => row.id).sort(),
    );
  });

  it('draws unanswered questions first, counts answers, and refuses closed or unknown questions', async () => {
    const student = await server.signIn('maxim');
    const set = await student.call(trainVerbal.getVerbalQuestions, { type: 'lesson:1', with90Plus: '1' });
    const seen = new Set<number>();
    for (let round = 0; round < set.questions.length; round += 1) {
      const { question } = await student.call(trainVerbal.getVerbalQuestion, { type: 'lesson:1', with90Plus: '1' });
      expect(question).not.toBeNull();
      expect(seen.has(question!.questionId)).toBe(false);
      seen.add(question!.questionId);
      await student.call(trainVerbal.sendVerbalAnswer, { questionId: question!.questionId, userAnswer: 'Общество — часть мира' });
    }
    expect(seen.size).toBe(set.questions.length);
    await student.call(trainVerbal.sendVerbalAnswer, { questionId: [...seen][0]! });
    const info = await student.call(trainVerbal.getVerbalInfo, { type: 'lesson:1' });
    const plus = set.questions.filter((question) => question['90plus'] === '1').length;
    expect(info.ninetyPlus.countUniqueQuestions + info.ninetyMinus.countUniqueQuestions).toBe(set.questions.length);
    expect(info.ninetyPlus.countQuestions).toBe(plus);
    expect(info.ninetyPlus.countAskedQuestions + info.ninetyMinus.countAskedQuestions).toBe(set.questions.length + 1);
    const saved = await db().selectFrom('verbal_trainer_answers').innerJoin('users', 'users.id', 'verbal_trainer_answers.user_id').select('user_answer').where('users.login', '=', 'maxim').execute();
    expect(saved.filter((row) => row.user_answer === 'Общество — часть мира')).toHaveLength(set.questions.length);

    // Nothing in a set: null ('Вопросов нет'); a question of a lesson not open yet: refused.
    expect((await student.call(trainVerbal.getVerbalQuestion, { type: 'zachet:99', with90Plus: '1' })).question).toBeNull();
    const closed = await db().selectFrom('verbal_questions').select('id').where('lesson_num', '=', 9).executeTakeFirstOrThrow();
    expect((await student.callRaw(trainVerbal.sendVerbalAnswer, { questionId: closed.id })).body).toEqual({ success: '0', message: T.questionNotFound });
    const bad = await student.callRaw(trainVerbal.getVerbalInfo, { type: 'lesson:abc' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^Поле "type"/);
  });
});

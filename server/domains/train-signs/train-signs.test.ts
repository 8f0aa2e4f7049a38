import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trainSigns } from '../../../src/shared/contract';
import { TRAIN_SIGNS_TEXTS as T } from '../../../src/shared/contract/train-signs';
import { DEMO_COURSE } from '../../db/seed/demo-course-content';
import { startTestServer, testDialects, type TestServer } from '../../../tests/helpers/server';

const SIGN_TERMS = DEMO_COURSE.signTerms;

describe.each(testDialects)('signs trainer on %s', (dialect) => {
  let server: TestServer;
  const db = () => server.server.services.db;
  beforeAll(async () => {
    server = await startTestServer({ dialect });
  });
  afterAll(() => server.close());

  /** The true signs of a term, in questionAnsColumn1 order, as the server stores them. */
  const rightOf = async (name: string) => {
    const rows = await db()
      .selectFrom('sign_term_variants')
      .innerJoin('sign_terms', 'sign_terms.id', 'sign_term_variants.sign_term_id')
      .select(['sign_term_variants.id', 'sign_term_variants.is_right'])
      .where('sign_terms.name', '=', name)
      .orderBy('sign_term_variants.position')
      .execute();
    return { ids: rows.map((row) => row.id), bits: rows.map((row) => (row.is_right === 1 ? 1 : 0) as 0 | 1) };
  };
  const userId = async (login: string) => (await db().selectFrom('users').select('id').where('login', '=', login).executeTakeFirstOrThrow()).id;

  it('offers the chapters and counts the terms of open lessons only', async () => {
    const student = await server.signIn('student');
    const { razdelNames } = await student.call(trainSigns.getSignsAvailableList, {});
    // Lessons 1–6 are open in the demo course; law (8, 9) and lesson 7 open later.
    expect(razdelNames).toEqual(['Человек и общество', 'Экономика', 'Социальные отношения', 'Политика']);
    const open = SIGN_TERMS.filter((term) => term.lesson <= 6).length;
    expect(await student.call(trainSigns.getSignsInfo, {})).toEqual({
      info: { countAvailableTermins: open, countAnswers: 0, countUniqueAnswers: 0, countIncorrectUniqueAnswers: 0 },
    });
    const demo = await server.signIn('demo');
    expect((await demo.call(trainSigns.getSignsAvailableList, {})).razdelNames).toEqual(['Человек и общество']);
    expect((await demo.call(trainSigns.getSignsInfo, {})).info.countAvailableTermins).toBe(SIGN_TERMS.filter((term) => term.lesson <= 2).length);
    expect((await demo.callRaw(trainSigns.getSignsData, { action: 'START', type: 'Экономика' })).body).toEqual({ success: '0', message: T.noTerms });
  });

  it('runs SELECT → ANSWERING → MID_RESULT → ANSWERING on the server, scoring and keeping the state', async () => {
    const student = await server.signIn('egor');
    expect(await student.call(trainSigns.getSignsData, {})).toEqual({ status: 'SELECT', termin: null });
    expect((await student.callRaw(trainSigns.getSignsData, { action: 'NEXT', type: 'random' })).body).toEqual({ success: '0', message: T.notStarted });
    expect((await student.callRaw(trainSigns.getSignsData, { action: 'START' })).body).toEqual({ success: '0', message: T.typeRequired });

    const started = await student.call(trainSigns.getSignsData, { action: 'START', type: 'random' });
    expect(started.status).toBe('ANSWERING');
    const first = started.termin!;
    // Nothing that gives the answer away before it is given.
    expect(first).toMatchObject({ type: 'random', rightAnswers: null, descriptions: null, userAnswer: null, terminDefinition: null });
    expect([...first.mixRuleColumn1].sort()).toEqual(first.questionAnsColumn1.map((_, index) => index));
    expect(SIGN_TERMS.find((term) => term.name === first.terminName)!.lesson).toBe(first.terminLessonNumber);
    // A reload reads the same term in the same order.
    expect(await student.call(trainSigns.getSignsData, {})).toEqual(started);

    const right = await rightOf(first.terminName);
    await student.call(trainSigns.sendSignsAnswer, { terminName: first.terminName, userAnswer: right.bits });
    const result = await student.call(trainSigns.getSignsData, {});
    expect(result.status).toBe('MID_RESULT');
    expect(result.termin).toMatchObject({ terminName: first.terminName, rightAnswers: right.bits, userAnswer: right.bits, mixRuleColumn1: first.mixRuleColumn1 });
    expect(result.termin!.descriptions).toHaveLength(right.bits.length);
    // The same answer again (a retry) is fine and not counted twice; another one is refused.
    await student.call(trainSigns.sendSignsAnswer, { terminName: first.terminName, userAnswer: right.bits });
    const flipped = right.bits.map((bit) => (bit === 1 ? 0 : 1) as 0 | 1);
    expect((await student.callRaw(trainSigns.sendSignsAnswer, { terminName: first.terminName, userAnswer: flipped })).body).toEqual({ success: '0', message: T.termChanged });
    const egor = await userId('egor');
    const recognised = await db().selectFrom('sign_recognitions').select('variant_id').where('user_id', '=', egor).execute();
    expect(recognised.map((row) => row.variant_id).sort()).toEqual(right.ids.filter((_, index) => right.bits[index] === 1).sort());
    // The first fully right answer of a term earns +1.5 rating, once.
    const awards = await db().selectFrom('rating_changes').select(['tenths', 'comment', 'source_id']).where('user_id', '=', egor).where('source_kind', '=', 'train_signs').execute();
    expect(awards).toEqual([{ tenths: 15, comment: 'Тренировка признаков: все признаки верны', source_id: expect.any(String) }]);

    // Continue: another term; a repeated Continue keeps it instead of skipping it.
    const next = await student.call(trainSigns.getSignsData, { action: 'NEXT', type: 'random' });
    expect(next.status).toBe('ANSWERING');
    expect(next.termin!.terminName).not.toBe(first.terminName);
    expect(await student.call(trainSigns.getSignsData, { action: 'NEXT', type: 'random' })).toEqual(next);

    // Wrong: everything ticked, false signs included; nothing more is recognised.
    const second = next.termin!;
    expect((await student.callRaw(trainSigns.sendSignsAnswer, { terminName: second.terminName, userAnswer: [1] })).body).toEqual({ success: '0', message: T.answerLength });
    expect((await student.callRaw(trainSigns.sendSignsAnswer, { terminName: 'Чужой термин', userAnswer: [1, 0, 0, 0, 0] })).body).toEqual({ success: '0', message: T.termChanged });
    await student.call(trainSigns.sendSignsAnswer, { terminName: second.terminName, userAnswer: second.questionAnsColumn1.map(() => 1 as const) });
    const wrong = await student.call(trainSigns.getSignsData, {});
    expect(wrong.status).toBe('MID_RESULT');
    expect(wrong.termin!.rightAnswers).toEqual((await rightOf(second.terminName)).bits);
    expect(await db().selectFrom('sign_recognitions').select('variant_id').where('user_id', '=', egor).execute()).toHaveLength(recognised.length);
    expect(await db().selectFrom('rating_changes').select('id').where('user_id', '=', egor).where('source_kind', '=', 'train_signs').execute()).toHaveLength(1);

    expect((await student.call(trainSigns.getSignsInfo, {})).info).toMatchObject({ countAnswers: 2, countUniqueAnswers: 2, countIncorrectUniqueAnswers: 1 });

    // By chapter: only that chapter's terms; a closed chapter has none.
    const economy = await student.call(trainSigns.getSignsData, { action: 'START', type: 'Экономика' });
    expect(economy.termin).toMatchObject({ terminRazdel: 'Экономика', type: 'Экономика' });
    expect((await student.callRaw(trainSigns.getSignsData, { action: 'START', type: 'Право' })).body).toEqual({ success: '0', message: T.noTerms });

    // Exit: back to the choice; an answer to the abandoned term is refused.
    expect(await student.call(trainSigns.getSignsData, { action: 'EXIT' })).toEqual({ status: 'SELECT', termin: null });
    expect((await student.callRaw(trainSigns.sendSignsAnswer, { terminName: economy.termin!.terminName, userAnswer: economy.termin!.questionAnsColumn1.map(() => 0 as const) })).body).toEqual({
      success: '0',
      message: T.termChanged,
    });
    // Another student's trainer is their own.
    expect((await (await server.signIn('maxim')).call(trainSigns.getSignsData, {})).status).toBe('SELECT');
  });

  it('counts one answer when the same answer arrives twice at once', async () => {
    const student = await server.signIn('maxim');
    const { termin } = await student.call(trainSigns.getSignsData, { action: 'START', type: 'Политика' });
    const answer = (await rightOf(termin!.terminName)).bits;
    await Promise.all([0, 1, 2].map(() => student.call(trainSigns.sendSignsAnswer, { terminName: termin!.terminName, userAnswer: answer })));
    const rows = await db().selectFrom('sign_trainer_answers').select('id').where('user_id', '=', await userId('maxim')).execute();
    expect(rows).toHaveLength(1);
    expect((await student.call(trainSigns.getSignsInfo, {})).info).toMatchObject({ countAnswers: 1, countUniqueAnswers: 1, countIncorrectUniqueAnswers: 0 });
  });

  it('refuses bad input and users without the trainer', async () => {
    const student = await server.signIn('student');
    const bad = await student.callRaw(trainSigns.getSignsData, { action: 'JUMP' });
    expect(bad.status).toBe(400);
    const badAnswer = await student.callRaw(trainSigns.sendSignsAnswer, { terminName: 'Общество', userAnswer: [2] });
    expect(badAnswer.status).toBe(400);
    const inactive = await server.signIn('inactive');
    expect((await inactive.callRaw(trainSigns.getSignsInfo, {})).body.success).not.toBe('1');
  });
});

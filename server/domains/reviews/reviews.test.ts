import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reviews, trainP1, trainSigns } from '../../../src/shared/contract';
import { REVIEW_TEXTS as T } from '../../../src/shared/contract/reviews';
import type { CallContract, InputOf, OutputOf } from '../../../src/shared/contract/core';
import { answerToDisplayed } from '../../../src/shared/domain/questions';
import type { RawReply, TestClient } from '../../../tests/helpers/client';
import { makeCurator, makeStudent, type MadeUser } from '../../../tests/helpers/factories';
import { startTestServer, testDialects, type TestServer } from '../../../tests/helpers/server';
import { recordScoredAnswers } from '../../learning/mastery';
import { dueReviewSummary } from '../../learning/review-cards';
import { questionJsonOf } from '../../questions/question-bank';

const DAY = 86_400_000;

describe.each(testDialects)('reviews that come back on %s', (dialect) => {
  // The server's clock: students sign in at the real time, then the test moves it.
  let now = Date.now();
  const clock = { now: () => now };
  let server: TestServer;
  let anna: MadeUser;
  let annaClient: TestClient;
  let boris: TestClient;
  const db = () => server.server.services.db;

  /** A call signed at the server's time (the signature's ts must be near the server's clock). */
  let tick = 0;
  const callAt = async <C extends CallContract>(client: TestClient, contract: C, input: InputOf<C>): Promise<RawReply> =>
    client.post(contract.path, await client.sign(contract.path, input as Record<string, unknown>, now + (tick += 1)));
  const okAt = async <C extends CallContract>(client: TestClient, contract: C, input: InputOf<C>) => {
    const reply = await callAt(client, contract, input);
    expect(reply.body).toMatchObject({ success: '1' });
    return reply.body as unknown as OutputOf<C>;
  };
  const answersOf = async (questionId: number, ansLength: number) => {
    const row = await db().selectFrom('questions_p1').selectAll().where('id', '=', questionId).executeTakeFirstOrThrow();
    const question = questionJsonOf(row);
    return { right: answerToDisplayed(question, question.rightAnswers[0]!), wrong: question.questionType === 'WORD' ? 'ошибка' : ansLength > 0 ? '9'.repeat(ansLength) : '9' };
  };
  const cardsOf = (userId: number) => db().selectFrom('review_cards').selectAll().where('user_id', '=', userId).orderBy('id').execute();

  beforeAll(async () => {
    server = await startTestServer({ dialect, clock });
    anna = await makeStudent(server);
    annaClient = await anna.signIn();
    boris = await (await makeStudent(server)).signIn();
  });
  afterAll(() => server?.close());

  it('a wrong train-p1 answer becomes a card that falls due on the day FSRS gives, and comes back by its answers', async () => {
    const set = await okAt(annaClient, trainP1.getQuestionsSet, { testingType: 'random', includeSelfmade: '0', include90Plus: '0', qNums: 1 });
    const question = set.questions[0]!;
    const { right, wrong } = await answersOf(question.q_id, question.ans_length);
    await okAt(annaClient, trainP1.setAnswerSet, { qId: question.q_id, userAnswer: wrong, finishTest: '1' });

    const [card] = await cardsOf(anna.id);
    expect(card).toMatchObject({ question_id: question.q_id, sign_term_id: null, lapses: 0 });
    const firstDue = Number(card!.due_at);
    expect(firstDue).toBeGreaterThanOrEqual(now + DAY);

    // Not due before FSRS's date: nothing to review, and answering it is refused.
    now = firstDue - 60_000;
    expect(await okAt(annaClient, reviews.getDueReviews, {})).toMatchObject({ cards: [], due: 0, nextDueAt: firstDue });
    expect(await dueReviewSummary(db(), anna.id, now)).toEqual({ due: 0, nextDueAt: firstDue });
    expect((await callAt(annaClient, reviews.answerReview, { cardId: card!.id, userAnswer: right, ticks: [] })).body).toEqual({ success: '0', message: T.notDue });

    // Due on it: the question comes without its answer.
    now = firstDue;
    const session = await okAt(annaClient, reviews.getDueReviews, {});
    expect(session).toMatchObject({ due: 1, nextDueAt: null });
    expect(session.cards).toHaveLength(1);
    expect(session.cards[0]).toMatchObject({ cardId: card!.id, term: null, question: { q_id: question.q_id, q_answer: '', q_description: '', user_ball: null } });
    expect(session.cards[0]!.question!.qJson).not.toHaveProperty('rightAnswers');
    expect(await dueReviewSummary(db(), anna.id, now)).toEqual({ due: 1, nextDueAt: null });

    // Another student cannot answer it.
    expect((await callAt(boris, reviews.answerReview, { cardId: card!.id, userAnswer: right, ticks: [] })).body).toEqual({ success: '0', message: T.notFound });

    // Right: the verdict, the explanation, and a later date than the first interval.
    const opId = 'review-op-0000000001';
    const good = await okAt(annaClient, reviews.answerReview, { cardId: card!.id, userAnswer: right, ticks: [], opId });
    expect(good).toMatchObject({ right: '1', term: null, question: { q_id: question.q_id, user_answer: right } });
    expect(good.question!.q_answer).not.toBe('');
    const firstInterval = firstDue - Number(card!.created_at);
    const goodInterval = good.nextDueAt - now;
    expect(goodInterval).toBeGreaterThan(firstInterval);
    // The same answer sent again after a lost reply settles with the first reply.
    expect(await okAt(annaClient, reviews.answerReview, { cardId: card!.id, userAnswer: right, ticks: [], opId })).toMatchObject({ right: '1', nextDueAt: good.nextDueAt, alreadyApplied: '1' });
    // Answered once: the card is not due again now.
    expect((await callAt(annaClient, reviews.answerReview, { cardId: card!.id, userAnswer: right, ticks: [] })).body).toEqual({ success: '0', message: T.notDue });
    const mastery = await db().selectFrom('learning_mastery').select('answers').where('user_id', '=', anna.id).execute();
    expect(mastery.length).toBeGreaterThan(0);

    // Wrong on its next date: it comes back sooner than after the right answer, and counts a lapse.
    now = good.nextDueAt;
    const again = await okAt(annaClient, reviews.answerReview, { cardId: card!.id, userAnswer: wrong, ticks: [] });
    expect(again.right).toBe('0');
    expect(again.nextDueAt - now).toBeLessThan(goodInterval);
    const [after] = await cardsOf(anna.id);
    expect(after).toMatchObject({ lapses: 1, reps: 3 });
  });

  it('a new mistake elsewhere (homework part 1) on a question that has a card lapses it instead of adding one', async () => {
    const [card] = await cardsOf(anna.id);
    const scored = { userId: anna.id, source: 'homework-p1', part: 1, questionId: card!.question_id!, points: 0, maxPoints: 1, at: now } as const;
    await db().transaction().execute((trx) => recordScoredAnswers(trx, [scored]));
    const cards = await cardsOf(anna.id);
    expect(cards.filter((other) => other.question_id === card!.question_id)).toHaveLength(1);
    expect(cards.find((other) => other.id === card!.id)).toMatchObject({ lapses: 2, reps: 4 });
    // A right answer elsewhere leaves the schedule alone; a review's own answer is not a second lapse.
    await db().transaction().execute((trx) => recordScoredAnswers(trx, [{ ...scored, points: 1 }, { ...scored, source: 'review' }]));
    expect((await cardsOf(anna.id)).find((other) => other.id === card!.id)).toMatchObject({ lapses: 2, reps: 4 });
  });

  it('takes one of two answers to the same card sent at once', async () => {
    const [card] = await cardsOf(anna.id);
    const saved = now;
    now = Number(card!.due_at);
    const { right } = await answersOf(card!.question_id!, 0);
    const replies = await Promise.all([1, 2].map(() => callAt(annaClient, reviews.answerReview, { cardId: card!.id, userAnswer: right, ticks: [] })));
    expect(replies.map((reply) => reply.body.success).sort()).toEqual(['0', '1']);
    expect(replies.find((reply) => reply.body.success === '0')!.body.message).toBe(T.notDue);
    expect((await cardsOf(anna.id))[0]!.reps).toBe(Number(card!.reps) + 1);
    now = saved;
  });

  it('a term missed in the signs trainer becomes a card answered by its signs', async () => {
    const started = await okAt(boris, trainSigns.getSignsData, { action: 'START', type: 'random' });
    const termin = started.termin!;
    // Tick nothing: some sign of every term is true, so the answer is wrong.
    await okAt(boris, trainSigns.sendSignsAnswer, { terminName: termin.terminName, userAnswer: termin.questionAnsColumn1.map(() => 0 as const) });
    const made = await db().selectFrom('review_cards').innerJoin('sign_terms', 'sign_terms.id', 'review_cards.sign_term_id').select(['review_cards.due_at', 'review_cards.id']).where('sign_terms.name', '=', termin.terminName).executeTakeFirstOrThrow();
    const saved = now;
    now = Number(made.due_at);
    const session = await okAt(boris, reviews.getDueReviews, {});
    const card = session.cards.find((item) => item.cardId === made.id)!;
    expect(card).toMatchObject({ question: null, term: { name: termin.terminName, signs: termin.questionAnsColumn1 } });
    expect((await callAt(boris, reviews.answerReview, { cardId: card.cardId, userAnswer: '', ticks: [1] })).body).toEqual({ success: '0', message: T.ticksLength });
    const rights = (await db().selectFrom('sign_term_variants').innerJoin('sign_terms', 'sign_terms.id', 'sign_term_variants.sign_term_id').select(['is_right']).where('sign_terms.name', '=', termin.terminName).orderBy('position').execute()).map((row) => (row.is_right === 1 ? 1 : 0) as 0 | 1);
    const answered = await okAt(boris, reviews.answerReview, { cardId: card.cardId, userAnswer: '', ticks: rights });
    expect(answered).toMatchObject({ right: '1', question: null, term: { name: termin.terminName, rightAnswers: rights, userAnswer: rights } });
    expect(answered.nextDueAt).toBeGreaterThan(now);
    now = saved;
  });

  it('shows staff none of the students\' cards and bounds the input', async () => {
    now = Date.now();
    const curator = await (await makeCurator(server)).signIn();
    now += 20 * DAY;
    expect(await okAt(curator, reviews.getDueReviews, {})).toMatchObject({ cards: [], due: 0, nextDueAt: null });
    const [card] = await cardsOf(anna.id);
    expect((await callAt(curator, reviews.answerReview, { cardId: card!.id, userAnswer: '1', ticks: [] })).body).toEqual({ success: '0', message: T.notFound });
    now = Date.now();
    expect((await callAt(annaClient, reviews.answerReview, { cardId: 0, userAnswer: '', ticks: [] })).body.success).toBe('0');
    expect((await callAt(annaClient, reviews.answerReview, { cardId: 2 ** 40, userAnswer: '', ticks: [] } as never)).body.success).toBe('0');
    expect((await callAt(annaClient, reviews.answerReview, { cardId: 1, userAnswer: 'x'.repeat(61), ticks: [] })).body.success).toBe('0');
  });
});

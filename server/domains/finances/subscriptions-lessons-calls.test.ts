import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allContracts } from '../../../src/shared/contract';
import * as finances from '../../../src/shared/contract/finances';
import { JobRunner, jobDefinitions } from '../../jobs';
import type { TestClient } from '../../../tests/helpers/client';
import { startTestServer, testDialects, type TestServer } from '../../../tests/helpers/server';
import { addLedgerEntry, balanceKopecks } from './ledger';
import { listActiveSubscriptions } from './subscriptions';

const FORBIDDEN = { success: '0', message: 'Недостаточно прав для этого действия.' };

// The demo subscriber renews through the real embedded provider (the built-in test acquirer) and
// the card the seed saved for them: no scripted bank here.
describe.each(testDialects)('demo subscription renewal through the test acquirer on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ dialect });
    await server.server.jobs.stop();
  });
  afterAll(() => server.close());

  it('charges the saved card on the 15th and shows the next paydate', async () => {
    const { db } = server.server.services;
    const user = await db.selectFrom('users').select('id').where('login', '=', 'subscription').executeTakeFirstOrThrow();
    const sub = await db.selectFrom('subscriptions').selectAll().where('user_id', '=', user.id).executeTakeFirstOrThrow();
    expect(sub).toMatchObject({ status: 'active', period: 1, cost_kopecks: 290_000, anchor_day: 15 });
    const history = await db.selectFrom('ledger_entries').select(['amount_kopecks', 'basis']).where('user_id', '=', user.id).orderBy('created_at').orderBy('id').execute();
    expect(history).toEqual([
      { amount_kopecks: 290_000, basis: 'Оплата картой' },
      { amount_kopecks: -290_000, basis: 'Оплата подписки' },
      { amount_kopecks: 290_000, basis: 'Оплата картой' },
      { amount_kopecks: -290_000, basis: 'Продление подписки' },
    ]);

    const runner = new JobRunner(server.server.services, jobDefinitions);
    expect(await runner.runDue(sub.paydate)).toBe(1);
    const after = await db.selectFrom('subscriptions').selectAll().where('id', '=', sub.id).executeTakeFirstOrThrow();
    expect(after).toMatchObject({ status: 'active', period: 2, failed_attempts: 0 });
    expect(after.paydate).toBeGreaterThan(sub.paydate + 27 * 86_400_000);
    const charged = await db.selectFrom('test_acquirer_payments').select(['order_id', 'status', 'amount_kopecks']).where('order_id', '=', `sub-${sub.id}-2`).execute();
    expect(charged).toEqual([{ order_id: `sub-${sub.id}-2`, status: 'CONFIRMED', amount_kopecks: 290_000 }]);
    expect(await balanceKopecks(db, user.id)).toBe(0);
    expect((await listActiveSubscriptions(db, user.id, sub.paydate))[0]).toMatchObject({ isCancelled: '0', paymentFailed: '0' });
  });
});

// Through the wire: runs once the finances contracts are registered in allContracts.
describe.skipIf(!allContracts.includes(finances.getActiveSubs)).each(testDialects)('subscription and extra lesson calls on %s', (dialect) => {
  let server: TestServer;
  const clients = new Map<string, TestClient>();
  const as = async (login: string) => {
    if (!clients.has(login)) clients.set(login, await server.signIn(login));
    return clients.get(login)!;
  };
  const db = () => server.server.services.db;
  const idOf = async (login: string) => (await db().selectFrom('users').select('id').where('login', '=', login).executeTakeFirstOrThrow()).id;

  beforeAll(async () => {
    server = await startTestServer({ dialect });
  });
  afterAll(() => server.close());

  it('lists, cancels and resumes the subscription, with Russian refusals when there is nothing to do', async () => {
    const socket = await (await as('subscription')).openLive();
    const { activeSubs } = await socket.request(finances.getActiveSubs, {});
    expect(activeSubs).toEqual([{ cost: '2900', isCancelled: '0', paydate: expect.stringMatching(/^15\.\d{2}\.\d{4}$/), paymentFailed: '0', isPaused: '0', statusText: '' }]);

    await socket.request(finances.unsubscribe, {});
    expect((await socket.request(finances.getActiveSubs, {})).activeSubs).toEqual([{ ...activeSubs[0], isCancelled: '1' }]);
    expect(await socket.requestRaw(finances.unsubscribe.path, {})).toEqual({ success: '0', message: 'Подписка уже отменена' });

    await socket.request(finances.resumeSubscribe, {});
    expect((await socket.request(finances.getActiveSubs, {})).activeSubs).toEqual(activeSubs);
    expect(await socket.requestRaw(finances.resumeSubscribe.path, {})).toEqual({ success: '0', message: 'Подписка уже активна' });
    socket.close();
  });

  it('a user without a subscription gets an empty list and plain refusals', async () => {
    const socket = await (await as('student')).openLive();
    expect(await socket.request(finances.getActiveSubs, {})).toEqual({ activeSubs: [] });
    expect(await socket.requestRaw(finances.unsubscribe.path, {})).toEqual({ success: '0', message: 'Нет активной подписки, которую можно отменить' });
    expect(await socket.requestRaw(finances.resumeSubscribe.path, {})).toEqual({ success: '0', message: 'Нет отменённой подписки, которую можно возобновить' });
    socket.close();
  });

  it('sells a section to the intensive student, and says so when it is bought or the money is short', async () => {
    const intensive = await as('intensive');
    const before = await intensive.call(finances.getIntensivRazdelsLessonsInfo, {});
    expect(before.razdelsInfo.map((section) => [section.number, section.isAccess])).toEqual([
      ['1', '1'],
      ['2', '0'],
      ['3', '0'],
      ['4', '0'],
      ['5', '0'],
      ['6', '0'],
    ]);
    await intensive.call(finances.buyIntensivRazdelLesson, { razdelNum: '2' });
    const after = await intensive.call(finances.getIntensivRazdelsLessonsInfo, {});
    expect(after.razdelsInfo.find((section) => section.number === '2')?.isAccess).toBe('1');
    expect((await intensive.callRaw(finances.buyIntensivRazdelLesson, { razdelNum: 2 })).body).toEqual({ success: '0', message: 'Раздел уже куплен' });
    expect(await balanceKopecks(db(), await idOf('intensive'))).toBe(1_051_000 - 229_000);

    // The curator has no money on the balance.
    expect((await (await as('curator')).callRaw(finances.buyIntensivRazdelLesson, { razdelNum: 5 })).body).toEqual({ success: '0', message: 'Недостаточно средств на балансе' });
    const bad = await intensive.callRaw(finances.buyIntensivRazdelLesson, { razdelNum: 'второй' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^Поле "razdelNum"/);
  });

  it('refuses the extra lessons to a student', async () => {
    const student = await as('student');
    expect((await student.callRaw(finances.getIntensivRazdelsLessonsInfo, {})).body).toEqual(FORBIDDEN);
    expect((await student.callRaw(finances.buyIntensivRazdelLesson, { razdelNum: 2 })).body).toEqual(FORBIDDEN);
  });

  it('ten parallel purchases over HTTP never overdraw the balance', async () => {
    const admin = await as('admin');
    const adminId = await idOf('admin');
    const now = Date.now();
    await db()
      .insertInto('extra_lesson_sections')
      .values(Array.from({ length: 10 }, (_, index) => ({ number: 201 + index, name: `Раздел для гонки ${index + 1}`, count_lessons: 2, price_kopecks: 100_000, created_at: now })))
      .execute();
    await addLedgerEntry(db(), { userId: adminId, amountKopecks: 350_000, kind: 'topup', basis: 'Пополнение баланса', comment: '', orderNumber: `race-${dialect}`, createdAt: now });
    const replies = await Promise.all(Array.from({ length: 10 }, (_, index) => admin.callRaw(finances.buyIntensivRazdelLesson, { razdelNum: 201 + index })));
    expect(replies.filter((reply) => reply.body.success === '1')).toHaveLength(3);
    expect(replies.filter((reply) => reply.body.success === '0').map((reply) => reply.body.message)).toEqual(Array(7).fill('Недостаточно средств на балансе'));
    expect(await balanceKopecks(db(), adminId)).toBe(50_000);
  });
});

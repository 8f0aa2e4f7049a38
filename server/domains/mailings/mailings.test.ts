import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailings } from '../../../src/shared/contract';
import { NOT_CONFIGURED_REASON } from '../../../src/shared/contract/mailings';
import { makeStudent } from '../../../tests/helpers/factories';
import { startTestServer, testDialects, type TestServer } from '../../../tests/helpers/server';
import type { LiveTestSocket, TestClient } from '../../../tests/helpers/client';
import { startTelegramBotStandIn, type MessengerStandIn } from '../../../tests/stand-ins/messengers';
import { INTERRUPTED, mailingSendJob } from './send-job';

const TOKEN = '123456:TEST-mailing-token-abcdefghij';
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082', 'hex');

describe.each(testDialects)('mailings on %s', (dialect) => {
  let server: TestServer;
  let telegram: MessengerStandIn;
  let admin: TestClient;
  let socket: LiveTestSocket;
  const db = () => server.server.services.db;
  /** Runs the durable jobs due now, as the runner's loop would. */
  const runJobs = () => server.server.jobs.runDue(Date.now() + 1000);

  beforeAll(async () => {
    telegram = await startTelegramBotStandIn(TOKEN);
    server = await startTestServer({ dialect, env: { TELEGRAM_BOT_TOKEN: TOKEN, TELEGRAM_API_URL: telegram.url } });
    await server.server.jobs.stop();
    // Twelve more students reachable in Telegram, nicknamed pupil01…
    for (let index = 1; index <= 12; index += 1) {
      await makeStudent(server, { login: `pupil${index}`, surname: 'Ученик', name: `Номер ${index}`, telegram: { id: String(800000000 + index), nickname: `pupil${String(index).padStart(2, '0')}` } });
    }
    admin = await server.signIn('admin');
    socket = await admin.openLive();
  });
  afterAll(async () => {
    socket.close();
    await server.close();
    await telegram.close();
  });

  const lastMailing = () => db().selectFrom('mailings').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
  const deliveries = (mailingId: number) => db().selectFrom('mailing_deliveries').selectAll().where('mailing_id', '=', mailingId).orderBy('user_id').execute();

  it('counts a group and sends each recipient the message once, honouring a 429 retry_after', async () => {
    const { count } = await socket.request(mailings.getGroupUsersCountTg, { fromBot: 'MAIN', group: 'Все ученики' });
    // sofia and the twelve pupils have a Telegram chat; other students do not.
    expect(count).toBe(13);
    telegram.received.length = 0;
    telegram.rateLimit(1, 1);
    await socket.request(mailings.createTgMailing, { message: 'Завтра вебинар в 19:00', receiverGroup: 'Все ученики', startAt: '', imageLink: '', fromTgBot: 'MAIN', receiversTgNicknames: [] });
    const lists = await socket.request(mailings.triggerUpdateTgMailing, {});
    expect(lists.openMailings[0]).toMatchObject({ status: 'Ожидание', message: 'Завтра вебинар в 19:00', initiatorName: 'Миронова Ольга' });
    const progress = socket.nextPush(mailings.updateMailings);
    expect(await runJobs()).toBe(1);
    await progress;
    const chats = telegram.received.map((message) => message.chatId);
    expect(chats).toHaveLength(13);
    expect(new Set(chats).size).toBe(13);
    // The first answer was 429 retry_after 1: nothing went out for a second after it.
    expect(telegram.limited).toHaveLength(1);
    expect(telegram.received[0]!.at - telegram.limited[0]!).toBeGreaterThanOrEqual(990);
    // About 30 a second at most.
    const span = telegram.received.at(-1)!.at - telegram.received[0]!.at;
    expect(span).toBeGreaterThanOrEqual(12 * 30);
    const mailing = await lastMailing();
    expect(mailing.status).toBe('ended');
    const done = await socket.request(mailings.triggerUpdateTgMailing, {});
    expect(done.closedMailings[0]).toMatchObject({ status: 'Завершена', totalSent: 13, totalReceivers: 13, waiting: 0 });
    // Running the job again (a second instance, a retry) sends nothing more.
    await mailingSendJob.run(server.server.services, { mailingId: mailing.id }, { job: { id: 0, kind: 'mailing-send', key: null, attempts: 1 }, now: Date.now() });
    expect(telegram.received).toHaveLength(13);
  });

  it('two instances sending one mailing at once still reach everyone exactly once', async () => {
    telegram.received.length = 0;
    await socket.request(mailings.createTgMailing, { message: 'Двойная проверка', receiverGroup: 'Никнейм ТГ', startAt: '', fromTgBot: 'MAIN', receiversTgNicknames: ['pupil01', '@PUPIL02', 'pupil03', 'pupil04', 'pupil05', 'pupil06', 'nobody'] });
    const mailing = await lastMailing();
    const context = (id: number) => ({ job: { id, kind: 'mailing-send', key: null, attempts: 1 }, now: Date.now() });
    await Promise.all([mailingSendJob.run(server.server.services, { mailingId: mailing.id }, context(1)), mailingSendJob.run(server.server.services, { mailingId: mailing.id }, context(2))]);
    const chats = telegram.received.map((message) => message.chatId).sort();
    expect(chats).toEqual(['800000001', '800000002', '800000003', '800000004', '800000005', '800000006']);
    expect((await deliveries(mailing.id)).every((row) => row.status === 'sent')).toBe(true);
  });

  it('never resends a recipient claimed by a sender that died; a blocked chat fails with its reason', async () => {
    telegram.received.length = 0;
    telegram.blocked.add('800000009');
    await socket.request(mailings.createTgMailing, { message: 'После сбоя', receiverGroup: 'Никнейм ТГ', startAt: '', fromTgBot: 'MAIN', receiversTgNicknames: ['pupil07', 'pupil08', 'pupil09'] });
    const mailing = await lastMailing();
    // A previous instance started it, claimed pupil07 and was killed before it knew the result.
    await db().updateTable('mailings').set({ status: 'running' }).where('id', '=', mailing.id).execute();
    const users = await db().selectFrom('users').select(['id', 'tg_id']).where('login', 'in', ['pupil7', 'pupil8', 'pupil9']).orderBy('id').execute();
    await db()
      .insertInto('mailing_deliveries')
      .values(users.map((user, index) => ({ mailing_id: mailing.id, user_id: user.id, address: user.tg_id!, status: index === 0 ? 'sending' : 'pending', claimed_by: index === 0 ? 'dead-host:1:1:x' : null, error: '' })))
      .execute();
    await runJobs();
    expect(telegram.received.map((message) => message.chatId)).toEqual(['800000008']);
    const rows = await deliveries(mailing.id);
    expect(rows.map((row) => [row.address, row.status])).toEqual([
      ['800000007', 'unknown'],
      ['800000008', 'sent'],
      ['800000009', 'failed'],
    ]);
    expect(rows[0]!.error).toBe(INTERRUPTED);
    const lists = await socket.request(mailings.triggerUpdateTgMailing, {});
    expect(lists.closedMailings[0]).toMatchObject({ totalSent: 1, unconfirmed: 1, failed: 1, reason: 'Forbidden: bot was blocked by the user' });
  });

  it('keeps a mailing of an unconfigured bot in the outbox with its reason', async () => {
    await socket.request(mailings.createTgMailing, { message: 'Термин дня', receiverGroup: 'Всем', startAt: '', fromTgBot: 'TERMINS', receiversTgNicknames: [] });
    await runJobs();
    const lists = await socket.request(mailings.triggerUpdateBotTermins, {});
    expect(lists.closedMailings[0]).toMatchObject({ status: 'Завершена', totalSent: 0, reason: NOT_CONFIGURED_REASON });
    expect(lists.closedMailings[0]!.outbox).toBeGreaterThan(0);
    const vk = await socket.requestRaw(mailings.createVkMailing.path, { message: 'Привет из ВК', receiverGroup: 'Всем', startAt: '' });
    expect(vk.success).toBe('1');
    await runJobs();
    expect((await socket.request(mailings.triggerUpdateVkMailingFreeBot, { channel: 'VK' })).closedMailings[0]!.status).toBe('Завершена');
  });

  it('plans a mailing for later and cancels it; a finished one cannot be cancelled', async () => {
    await socket.request(mailings.createTgMailing, { message: 'Через час', receiverGroup: 'Тест', startAt: '2099-01-01 10:00:00', fromTgBot: 'MAIN', receiversTgNicknames: [] });
    const planned = await lastMailing();
    expect(planned.start_at).toBe(Date.parse('2099-01-01T10:00:00+03:00'));
    expect(await runJobs()).toBe(0);
    await socket.request(mailings.cancelTgMailing, { mailingId: planned.id });
    expect((await lastMailing()).status).toBe('canceled');
    const again = await socket.requestRaw(mailings.cancelTgMailing.path, { mailingId: planned.id });
    expect(again).toMatchObject({ success: '0', message: 'Рассылка уже завершена или отменена.' });
    expect((await socket.requestRaw(mailings.cancelVkMailing.path, { mailingId: planned.id })).message).toBe('Рассылка не найдена.');
  });

  it('takes an image checked by its bytes and sends it as a photo with the caption', async () => {
    const refused = await admin.upload(mailings.createImage.path, {}, Buffer.from('MZ\x90\x00 not an image'), 'photo.png');
    expect(refused.body).toMatchObject({ success: '0', message: 'Разрешены только форматы jpeg, jpg, png, gif' });
    const uploaded = await admin.upload(mailings.createImage.path, {}, PNG, 'photo.png');
    expect(uploaded.body.success).toBe('1');
    const imagePath = String(uploaded.body.imagePath);
    telegram.received.length = 0;
    await socket.request(mailings.createTgMailing, { message: 'С картинкой', receiverGroup: 'Никнейм ТГ', startAt: '', imageLink: imagePath, fromTgBot: 'MAIN', receiversTgNicknames: ['pupil10'] });
    await runJobs();
    expect(telegram.received).toEqual([expect.objectContaining({ method: 'sendPhoto', chatId: '800000010', text: 'С картинкой', photoBytes: PNG.length })]);
    const student = await server.signIn('student');
    expect((await student.upload(mailings.createImage.path, {}, PNG, 'photo.png')).status).toBe(403);
  });
});

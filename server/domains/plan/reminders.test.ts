import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plan } from '../../../src/shared/contract';
import { PLAN_TEXTS } from '../../../src/shared/contract/plan';
import { makeCurator, makeStudent, setHomeworkRules } from '../../../tests/helpers/factories';
import { startTestServer, testDialects, type TestServer } from '../../../tests/helpers/server';
import type { TestClient } from '../../../tests/helpers/client';
import { startTelegramBotStandIn, type MessengerStandIn } from '../../../tests/stand-ins/messengers';
import { dayStartMs, DAY_MS, moscowDayIndex } from '../../time/moscow-days';
import { REMINDER_INTERRUPTED, sendDueReminders } from './reminders';
import { reminderStateOf } from './reminder-state';
import { todayOf } from './today';

const TOKEN = '123456:TEST-reminder-token-abcdefghij';
const HOUR_MS = 3_600_000;

/**
 * Issue 39 item 5: the daily Telegram reminder, with the server's clock moved through one Moscow
 * day (tomorrow's) and the Telegram stand-in the mailing tests use. Quiet hours: an hour inside
 * them is sent at their end (07:00 → 08:00), and no look inside them sends anything.
 */
describe.each(testDialects)('plan reminders on %s', (dialect) => {
  let server: TestServer;
  let telegram: MessengerStandIn;
  let offset = 0;
  const day = moscowDayIndex(Date.now()) + 1;
  /** Moves the server's clock to hh:mm of the test day. */
  const moveTo = (hour: number, minute = 0) => {
    offset = dayStartMs(day) + hour * HOUR_MS + minute * 60_000 - Date.now();
  };
  const db = () => server.server.services.db;
  const look = (runId = 'test-run') => sendDueReminders(server.server.services, runId);
  const chatsOf = (chatId: string) => telegram.received.filter((message) => message.chatId === chatId);
  let tgCounter = 0;

  /** A student who answered the first-day questions, linked to Telegram, with the reminder at `hour` (or none). */
  async function student(hour: number | null): Promise<{ id: number; chat: string; client: TestClient }> {
    // Calls are signed with the device's real time: the clock is moved only for the job's looks.
    offset = 0;
    tgCounter += 1;
    const chat = String(655500000 + tgCounter);
    const made = await makeStudent(server, { createdAt: dayStartMs(day) - 2 * DAY_MS, telegram: { id: chat, nickname: `remind${tgCounter}` } });
    const client = await made.signIn();
    const today = await client.call(plan.getToday, {});
    await client.call(plan.setFirstDay, { goalBall: '80', examDate: today.defaults.examDate, dailyMinutes: '60' });
    if (hour !== null) await client.call(plan.setReminder, { on: '1', hour: String(hour) });
    return { id: made.id, chat, client };
  }

  beforeAll(async () => {
    telegram = await startTelegramBotStandIn(TOKEN);
    server = await startTestServer({ dialect, clock: { now: () => Date.now() + offset }, env: { TELEGRAM_BOT_TOKEN: TOKEN, TELEGRAM_API_URL: telegram.url, PUBLIC_URL: 'https://school.example.ru' } });
    await server.server.jobs.stop();
    // Homeworks due soon, so every plan of the day has work in it.
    await setHomeworkRules(server, 1, { deadlineAt: dayStartMs(day) + 2 * DAY_MS - 60_000 });
    await setHomeworkRules(server, 2, { deadlineAt: dayStartMs(day) + 3 * DAY_MS - 60_000 });
  });
  afterAll(async () => {
    await server.close();
    await telegram.close();
  });

  it('refuses bad hours, a student before the first day, an unlinked Telegram and curators', async () => {
    const fresh = await (await makeStudent(server)).signIn();
    expect((await fresh.callRaw(plan.setReminder, { on: '1', hour: '10' })).body).toMatchObject({ success: '0' });
    for (const hour of ['6', '22', 'abc', '', '10.5']) {
      expect((await fresh.callRaw(plan.setReminder, { on: '0', hour })).body).toMatchObject({ success: '0' });
    }
    expect((await fresh.callRaw(plan.setReminder, { on: '0', hour: '9' })).body).toEqual({ success: '0', message: PLAN_TEXTS.reminderBeforeSetup });
    expect((await fresh.callRaw(plan.setReminder, { on: '2', hour: '9' })).body).toMatchObject({ success: '0' });
    const unlinked = await (await makeStudent(server)).signIn();
    const today = await unlinked.call(plan.getToday, {});
    expect(today.reminder).toMatchObject({ on: '0', hour: 9, quietFrom: 22, quietTo: 8, reach: 'notLinked' });
    await unlinked.call(plan.setFirstDay, { goalBall: '70', examDate: today.defaults.examDate, dailyMinutes: '30' });
    expect((await unlinked.callRaw(plan.setReminder, { on: '1', hour: '9' })).body).toEqual({ success: '0', message: PLAN_TEXTS.reminderNotLinked });
    const curator = await (await makeCurator(server)).signIn();
    expect((await curator.callRaw(plan.setReminder, { on: '1', hour: '9' })).status).toBe(403);
  });

  it('sends each opted-in student one reminder at her hour, never in quiet hours, never twice', async () => {
    const early = await student(7);
    const ten = await student(10);
    const optedOut = await student(12);
    await optedOut.client.call(plan.setReminder, { on: '0', hour: '12' });
    expect((await ten.client.call(plan.getToday, {})).reminder).toMatchObject({ on: '1', hour: 10 });
    expect((await optedOut.client.call(plan.getToday, {})).reminder.on).toBe('0');

    // 07:30 is still quiet (22–08): her 07:00 waits for 08:00.
    moveTo(7, 30);
    await look();
    expect(chatsOf(early.chat)).toHaveLength(0);
    moveTo(8, 5);
    await look();
    expect(chatsOf(early.chat)).toHaveLength(1);
    expect(chatsOf(ten.chat)).toHaveLength(0);

    moveTo(9, 55);
    await look();
    expect(chatsOf(ten.chat)).toHaveLength(0);
    // Two instances look at once: one message.
    moveTo(10, 1);
    await Promise.all([look('run-a'), look('run-b')]);
    expect(chatsOf(ten.chat)).toHaveLength(1);
    const text = chatsOf(ten.chat)[0]!.text;
    expect(text).toMatch(/^На сегодня \d+ (дело|дела|дел), \d+ (минута|минуты|минут): ДЗ \d+/);
    expect(text).toContain('дедлайн');
    expect(text).toContain('\nОткрыть план: https://school.example.ru/study/today');
    // Later looks that day send nothing more.
    moveTo(13);
    await look();
    expect(chatsOf(early.chat)).toHaveLength(1);
    expect(chatsOf(ten.chat)).toHaveLength(1);
    expect(chatsOf(optedOut.chat)).toHaveLength(0);
    const row = await db().selectFrom('plan_reminders').selectAll().where('user_id', '=', ten.id).where('day', '=', day).executeTakeFirstOrThrow();
    expect(row.status).toBe('sent');
  });

  it('says nothing when the day is already counted, and never resends a send whose outcome is unknown', async () => {
    const counted = await student(14);
    // Her plan of the test day, chosen and then counted (its minimum done).
    await todayOf(db(), { id: counted.id, type: 'Ученик', createdAt: dayStartMs(day) - 2 * DAY_MS, goalBall: 80 }, dayStartMs(day) + 13 * HOUR_MS);
    await db().updateTable('plan_days').set({ counted_at: Date.now() + offset }).where('user_id', '=', counted.id).where('day', '=', day).execute();
    const interrupted = await student(14);
    // A run claimed her reminder and died before Telegram answered.
    await db().insertInto('plan_reminders').values({ user_id: interrupted.id, day, status: 'sending', claimed_by: 'dead-host:1:1:x', created_at: Date.now() + offset }).execute();
    moveTo(14, 5);
    await look();
    expect(chatsOf(counted.chat)).toHaveLength(0);
    expect(chatsOf(interrupted.chat)).toHaveLength(0);
    const rows = await db().selectFrom('plan_reminders').select(['user_id', 'status', 'error']).where('user_id', 'in', [counted.id, interrupted.id]).orderBy('user_id').execute();
    expect(rows).toEqual([
      { user_id: counted.id, status: 'skipped', error: '' },
      { user_id: interrupted.id, status: 'unknown', error: REMINDER_INTERRUPTED },
    ]);
  });

  it('without a bot token sends nothing and says why', async () => {
    const waiting = await student(15);
    const services = { ...server.server.services, config: { ...server.server.services.config, TELEGRAM_BOT_TOKEN: undefined } };
    expect((await reminderStateOf(services, { id: waiting.id, tg_id: waiting.chat })).reach).toBe('noBot');
    moveTo(15, 5);
    await sendDueReminders(services, 'no-bot');
    expect(chatsOf(waiting.chat)).toHaveLength(0);
    expect(await db().selectFrom('plan_reminders').select('status').where('user_id', '=', waiting.id).executeTakeFirst()).toBeUndefined();
  });
});

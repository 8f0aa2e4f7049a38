import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admin, plan, shell } from '../../../src/shared/contract';
import { makeCurator, makeStudent, setHomeworkProgress, setHomeworkRules } from '../../../tests/helpers/factories';
import { startTestServer, testDialects, type TestServer } from '../../../tests/helpers/server';
import type { Db } from '../../db';
import { dayStartMs, DAY_MS, mondayOf, moscowDayIndex } from '../../time/moscow-days';
import { grantEarnedRewards } from '../pet/cookies';
import { todayOf, type PlanStudent } from './today';

/** Issue 39: «Сегодня» through its calls, and the streak with the raccoon across simulated days. */
describe.each(testDialects)('plan of the day on %s', (dialect) => {
  let server: TestServer;
  let db: Db;
  const now = () => server.server.services.clock.now();

  beforeAll(async () => {
    server = await startTestServer({ dialect });
    db = server.server.services.db;
    // Three homeworks of open lessons due soon, in an order unlike their numbers.
    const today = dayStartMs(moscowDayIndex(now()));
    await setHomeworkRules(server, 1, { deadlineAt: today + 5 * DAY_MS - 60_000 });
    await setHomeworkRules(server, 2, { deadlineAt: today + 2 * DAY_MS - 60_000 });
    await setHomeworkRules(server, 3, { deadlineAt: today + 4 * DAY_MS - 60_000 });
  });
  afterAll(async () => {
    await server.close();
  });

  it('asks the first-day questions, then gives a plan whose deadlines come first, soonest first', async () => {
    const student = await makeStudent(server, { createdAt: now() - DAY_MS });
    const client = await student.signIn();
    const before = await client.call(plan.getToday, {});
    expect(before.setupNeeded).toBe('1');
    expect(before.items).toEqual([]);
    // The school set no exam day: a placeholder the form calls approximate.
    expect(before.defaults).toMatchObject({ examDateFromSchool: '0' });
    expect(before.defaults.examDate).toMatch(/^\d{4}-06-01$/);

    const bad = await client.callRaw(plan.setFirstDay, { goalBall: '120', examDate: before.defaults.examDate, dailyMinutes: '60' });
    expect(bad.body).toEqual({ success: '0', message: 'Цель — целое число баллов от 0 до 100' });
    await client.call(plan.setFirstDay, { goalBall: '85', examDate: before.defaults.examDate, dailyMinutes: '60' });
    expect((await db.selectFrom('users').select('goal_ball').where('id', '=', student.id).executeTakeFirstOrThrow()).goal_ball).toBe(85);

    const today = await client.call(plan.getToday, {});
    expect(today.setupNeeded).toBe('0');
    expect(today.items.length).toBeGreaterThanOrEqual(3);
    const homework = today.items.filter((item) => item.kind === 'homework');
    expect(homework[0]!.title).toMatch(/^ДЗ 2,/);
    expect(homework[0]!.why).toBe('дедлайн завтра');
    const deadlines = today.items.map((item) => (item.kind === 'homework' ? Number(/^ДЗ (\d+)/.exec(item.title)![1]) : null)).filter((num) => num !== null);
    expect(deadlines.filter((num, index) => deadlines.indexOf(num) === index)).toEqual([2, 3, 1].filter((num) => deadlines.includes(num)));
    // Deadline items lead the day.
    const firstOther = today.items.findIndex((item) => item.kind !== 'homework' && item.kind !== 'credit' && item.kind !== 'oralCredit' && item.kind !== 'booking');
    if (firstOther >= 0) expect(today.items.slice(firstOther).some((item) => item.kind === 'homework')).toBe(false);
    expect(today.items.every((item) => item.done === '0' && item.link.startsWith('/') && item.minutes > 0)).toBe(true);
  });

  it('sizes the plan to the chosen minutes', async () => {
    const sizes: Record<string, number> = {};
    for (const minutes of ['15', '60'] as const) {
      const student = await makeStudent(server, { createdAt: now() - DAY_MS });
      const client = await student.signIn();
      await client.call(plan.setFirstDay, { goalBall: '70', examDate: (await client.call(plan.getToday, {})).defaults.examDate, dailyMinutes: minutes });
      const { items } = await client.call(plan.getToday, {});
      const total = items.reduce((sum, item) => sum + item.minutes, 0);
      // The first item always comes; the rest fit the minutes.
      expect(items.length === 1 || total <= Number(minutes)).toBe(true);
      sizes[minutes] = total;
    }
    expect(sizes['15']!).toBeLessThan(sizes['60']!);
  });

  it('ticks an item when its work is done, and keeps the day’s plan', async () => {
    const student = await makeStudent(server, { createdAt: now() - DAY_MS });
    const client = await student.signIn();
    await client.call(plan.setFirstDay, { goalBall: '80', examDate: (await client.call(plan.getToday, {})).defaults.examDate, dailyMinutes: '45' });
    const first = await client.call(plan.getToday, {});
    const item = first.items.find((candidate) => candidate.title === 'ДЗ 2, часть 1')!;
    expect(item.done).toBe('0');
    await setHomeworkProgress(server, student.id, 2, { p1: { status: 'Готово', points: 5, finishedAt: now() } });
    const after = await client.call(plan.getToday, {});
    expect(after.items.map((candidate) => candidate.id)).toEqual(first.items.map((candidate) => candidate.id));
    expect(after.items.find((candidate) => candidate.id === item.id)!.done).toBe('1');
    // The first item done counts the day.
    expect(after.streak).toMatchObject({ current: 1, best: 1, todayCounted: '1' });
    expect(after.raccoonMood).toBe('happy');
  });

  it('brings due reviews after the deadlines and ticks them once that many cards are reviewed today', async () => {
    const student = await makeStudent(server, { createdAt: now() - DAY_MS });
    const client = await student.signIn();
    await client.call(plan.setFirstDay, { goalBall: '80', examDate: (await client.call(plan.getToday, {})).defaults.examDate, dailyMinutes: '60' });
    // Two of her past mistakes are due now (as FSRS left them after a miss days ago).
    const questions = await db.selectFrom('questions_p1').select('id').where('is_published', '=', 1).orderBy('id').limit(2).execute();
    const card = { stability: 1, difficulty: 5, scheduled_days: 1, learning_steps: 0, reps: 1, lapses: 1, state: 3 };
    await db
      .insertInto('review_cards')
      .values(questions.map((question) => ({ user_id: student.id, question_id: question.id, sign_term_id: null, due_at: now() - 60_000, last_review: now() - 3 * DAY_MS, created_at: now() - 3 * DAY_MS, ...card })))
      .execute();
    const first = await client.call(plan.getToday, {});
    const review = first.items.find((item) => item.kind === 'review')!;
    expect(review).toMatchObject({ title: 'Повторение ошибок', why: 'ошибки, которые пора повторить: 2', link: '/trains/reviews', done: '0' });
    const kinds = first.items.map((item) => item.kind);
    expect(kinds.lastIndexOf('homework')).toBeLessThan(kinds.indexOf('review'));
    // She reviews one: the item waits; both: it ticks.
    await db.updateTable('review_cards').set({ last_review: now(), due_at: now() + 2 * DAY_MS }).where('question_id', '=', questions[0]!.id).where('user_id', '=', student.id).execute();
    expect((await client.call(plan.getToday, {})).items.find((item) => item.id === review.id)!.done).toBe('0');
    await db.updateTable('review_cards').set({ last_review: now(), due_at: now() + 2 * DAY_MS }).where('user_id', '=', student.id).execute();
    expect((await client.call(plan.getToday, {})).items.find((item) => item.id === review.id)!.done).toBe('1');
  });

  it('lets only a student read her own plan', async () => {
    const anna = await makeStudent(server, { createdAt: now() - DAY_MS });
    const boris = await makeStudent(server, { createdAt: now() - DAY_MS });
    const annaClient = await anna.signIn();
    await annaClient.call(plan.setFirstDay, { goalBall: '90', examDate: (await annaClient.call(plan.getToday, {})).defaults.examDate, dailyMinutes: '30' });
    const borisClient = await boris.signIn();
    // A user key in the input is no way to someone else's plan: Boris gets his own (not set up).
    const borisView = await borisClient.callRaw(plan.getToday, { userKey: anna.key } as never);
    expect(borisView.body.success === '0' || borisView.body.setupNeeded === '1').toBe(true);
    expect((await borisClient.call(plan.getToday, {})).setupNeeded).toBe('1');
    // Neither an inactive account nor a curator has a plan.
    const inactive = await (await makeStudent(server, { type: 'Неактивный' })).signIn();
    expect((await inactive.callRaw(plan.getToday, {})).body.success).toBe('0');
    const curator = await (await makeCurator(server)).signIn();
    expect((await curator.callRaw(plan.getToday, {})).body.success).toBe('0');
  });

  it('keeps a streak, covers one missed day a week with the freeze, and the raccoon follows it', async () => {
    const made = await makeStudent(server, { createdAt: now() - DAY_MS });
    const client = await made.signIn();
    await client.call(plan.setFirstDay, { goalBall: '75', examDate: (await client.call(plan.getToday, {})).defaults.examDate, dailyMinutes: '30' });
    const student: PlanStudent = { id: made.id, type: 'Ученик', createdAt: now() - DAY_MS, goalBall: 75 };
    // A Monday a week ahead, at noon Moscow time; the days after it are in the same week.
    const monday = mondayOf(moscowDayIndex(now())) + 7;
    const noon = (day: number) => dayStartMs(day) + 12 * 3_600_000;

    const first = await todayOf(db, student, noon(monday));
    expect(first.streak).toMatchObject({ current: 0, freezesLeft: 1, todayCounted: '0' });
    await finish(made.id, first.items[0]!, noon(monday));
    const kept = await todayOf(db, student, noon(monday) + 60_000);
    expect(kept.items[0]!.done).toBe('1');
    expect(kept.streak).toMatchObject({ current: 1, best: 1, todayCounted: '1' });
    expect(kept.raccoonMood).toBe('happy');
    // The counted day is the pet's reward (the ledger, read by the pet without the plan).
    const rewards = await grantEarnedRewards(db, made.id, noon(monday));
    expect(rewards.map((reward) => reward.key)).toContain(`study-day:${monday}`);

    // Tuesday missed: Wednesday finds it covered by the week's freeze.
    const wednesday = await todayOf(db, student, noon(monday + 2));
    expect(wednesday.streak).toMatchObject({ current: 1, best: 1, freezesLeft: 0, todayCounted: '0' });
    expect(wednesday.raccoonMood).toBe('happy');

    // Wednesday missed too, and the freeze is spent: Thursday's streak is 0 and the raccoon is sad.
    const thursday = await todayOf(db, student, noon(monday + 3));
    expect(thursday.streak).toMatchObject({ current: 0, best: 1, freezesLeft: 0 });
    expect(thursday.raccoonMood).toBe('sad');
    // Nothing beyond sadness: the cookies stay.
    expect(await db.selectFrom('pet_cookies').select('reward_key').where('user_id', '=', made.id).where('reward_key', '=', `study-day:${monday}`).executeTakeFirst()).toBeDefined();
  });

  it('takes the school’s settings: the exam day offered, and whether the profile form blocks a student', async () => {
    const adminSocket = await (await server.signIn('admin')).openLive();
    const defaults = await adminSocket.request(admin.getTodaySettings, {});
    expect(defaults).toMatchObject({ examDate: '', minimumMinutes: 15, profileFormBlocking: '0', quietFrom: 22, quietTo: 8 });
    const demo = await server.signIn('demo');
    expect((await demo.call(shell.getRequiredNotFilledFields, {})).blocking).toBe('0');
    const nextYear = `${new Date(now()).getUTCFullYear() + 1}-06-11`;
    await adminSocket.request(admin.updateTodaySettings, { examDate: nextYear, minimumMinutes: 20, profileFormBlocking: '1', quietFrom: 22, quietTo: 8 });
    expect((await demo.call(shell.getRequiredNotFilledFields, {})).blocking).toBe('1');
    const today = await (await (await makeStudent(server)).signIn()).call(plan.getToday, {});
    expect(today.defaults).toMatchObject({ examDate: nextYear, examDateFromSchool: '1' });
    expect(today.streak.minimumMinutes).toBe(20);
    // Staff always fill the form first.
    await adminSocket.request(admin.updateTodaySettings, { examDate: '', minimumMinutes: 15, profileFormBlocking: '0', quietFrom: 22, quietTo: 8 });
    expect((await (await server.signIn('curator')).call(shell.getRequiredNotFilledFields, {})).blocking).toBe('1');
    adminSocket.close();
  });

  /** Does an item's work the way the product records it. */
  async function finish(userId: number, item: { id: string; kind: string }, at: number): Promise<void> {
    const [, first, second] = item.id.split(':');
    if (item.kind === 'homework') {
      const part = Number(second);
      await setHomeworkProgress(server, userId, Number(first), part === 1 ? { p1: { status: 'Готово', points: 3, finishedAt: at } } : { p2: { status: 'Самопров', submittedAt: at } });
    } else if (item.kind === 'video') {
      await db.insertInto('user_videos').values({ user_id: userId, video_id: Number(first), watched: 1, short_mode: 0, started_at: at, updated_at: at }).execute();
    } else if (item.kind === 'weakElement') {
      await db.insertInto('learning_mastery').values({ user_id: userId, element_code: item.id.slice('weak:'.length), right_weight: 1, wrong_weight: 0, answers: 1, updated_at: at }).execute();
    } else throw new Error(`no way to finish ${item.kind} in this test`);
  }
});

import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { z } from 'zod';
import type { PlanItem } from '../../../src/shared/contract/plan';
import { countText } from '../../../src/shared/domain/russian-plural';
import { isQuietHour, reminderHourOf } from '../../../src/shared/domain/study-plan';
import { effectiveUserType, isUserType } from '../../../src/shared/domain/user-types';
import type { Db } from '../../db';
import { defineJob } from '../../jobs/job';
import { enqueueJob } from '../../jobs/queue';
import type { Services } from '../../services';
import { dayStartMs, moscowDayIndex } from '../../time/moscow-days';
import { pacerFor } from '../../providers/messengers/pacer';
import { mainBotSender } from '../../providers/messengers/telegram-sender';
import { planSettings } from './settings';
import { todayOf } from './today';

export const PLAN_REMINDERS_JOB_KEY = 'plan-reminders';
/** How often the job looks for students whose hour has come. */
export const PLAN_REMINDERS_EVERY_MS = 5 * 60_000;
export const REMINDER_INTERRUPTED = 'отправка прервалась: напоминание могло дойти, повторно не отправляется';
const PROCESS_ID = `${hostname()}:${process.pid}`;
const HOUR_MS = 3_600_000;

/** The Moscow hour (0–23) of an instant. */
export function moscowHour(now: number): number {
  return Math.floor((now - dayStartMs(moscowDayIndex(now))) / HOUR_MS);
}

/** «На сегодня 3 дела, 25 минут: ДЗ 2, часть 1 — дедлайн завтра; …» and the link to the plan. */
export function reminderText(items: readonly PlanItem[], publicUrl: string | undefined): string {
  const left = items.filter((item) => item.done === '0');
  const minutes = left.reduce((sum, item) => sum + item.minutes, 0);
  const list = left.map((item) => `${item.title} — ${item.why}`).join('; ');
  const head = `На сегодня ${countText(left.length, ['дело', 'дела', 'дел'])}, ${countText(minutes, ['минута', 'минуты', 'минут'])}: ${list}.`;
  return publicUrl ? `${head}\nОткрыть план: ${publicUrl.replace(/\/$/, '')}/study/today` : head;
}

/** Students with a reminder whose hour has come today and who have no reminder row for today. */
async function dueStudents(db: Db, day: number, hour: number, quiet: { from: number; to: number }) {
  const rows = await db
    .selectFrom('plan_profiles')
    .innerJoin('users', 'users.id', 'plan_profiles.user_id')
    .select(['users.id', 'users.user_type', 'users.demo_until', 'users.created_at', 'users.goal_ball', 'users.tg_id', 'plan_profiles.reminder_hour'])
    .where('plan_profiles.reminder_hour', 'is not', null)
    .where('users.tg_id', 'is not', null)
    .where((eb) => eb.not(eb.exists(eb.selectFrom('plan_reminders').select('plan_reminders.user_id').whereRef('plan_reminders.user_id', '=', 'users.id').where('plan_reminders.day', '=', day))))
    .orderBy('users.id')
    .execute();
  return rows.filter((row) => row.tg_id !== '' && reminderHourOf(row.reminder_hour!, quiet) <= hour);
}

/** Takes today's reminder of one student for this run (the per-student per-day key); false when it is taken. */
async function claim(db: Db, userId: number, day: number, runId: string, status: 'sending' | 'skipped', now: number): Promise<boolean> {
  const result = await db.insertInto('plan_reminders').values({ user_id: userId, day, status, claimed_by: runId, created_at: now }).onConflict((oc) => oc.columns(['user_id', 'day']).doNothing()).executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

/**
 * One look: every student whose reminder hour has come today (outside the quiet hours) and whose
 * plan still has work gets one Telegram message. The day's row is inserted before the message
 * leaves, so nobody hears twice whatever runs at once or dies; a row left 'sending' by a dead run
 * becomes 'unknown' and is not resent. Without a bot token nothing is sent (get_today says so).
 */
export async function sendDueReminders(services: Services, runId: string): Promise<void> {
  const { db, clock, config, log } = services;
  const configured = mainBotSender(config);
  if (!configured) return;
  const now = clock.now();
  const day = moscowDayIndex(now);
  const hour = moscowHour(now);
  const orphaned = await db.updateTable('plan_reminders').set({ status: 'unknown', error: REMINDER_INTERRUPTED }).where('status', '=', 'sending').where('claimed_by', '!=', runId).executeTakeFirst();
  if (Number(orphaned.numUpdatedRows) > 0) log.warn(`plan reminders: ${orphaned.numUpdatedRows} interrupted sends are not repeated`);
  const { quiet } = await planSettings(db, now);
  if (isQuietHour(hour, quiet)) return;
  for (const student of await dueStudents(db, day, hour, quiet)) {
    if (!isUserType(student.user_type)) continue;
    const type = effectiveUserType(student.user_type, student.demo_until === null ? null : Number(student.demo_until), now);
    // The plan's own choice for today (chosen now if she has not opened it yet).
    const today = await todayOf(db, { id: student.id, type, createdAt: Number(student.created_at), goalBall: student.goal_ball }, clock.now());
    const nothingLeft = today.streak.todayCounted === '1' || today.items.every((item) => item.done === '1');
    if (nothingLeft) {
      await claim(db, student.id, day, runId, 'skipped', clock.now());
      continue;
    }
    if (!(await claim(db, student.id, day, runId, 'sending', clock.now()))) continue;
    // Shares the bot's pace with mailings (one pacer per bot in this process).
    await pacerFor(configured.key, configured.sender.perSecond, configured.sender.perChatMs).wait(student.tg_id!);
    const outcome = await configured.sender.send({ address: student.tg_id!, text: reminderText(today.items, config.PUBLIC_URL), dedupKey: (student.id * 1_000_003 + day) % 2_147_483_647 });
    // A 429 or a refused connection proves nothing left: give the day back for the next look.
    if (outcome.kind === 'retry') {
      await db.deleteFrom('plan_reminders').where('user_id', '=', student.id).where('day', '=', day).where('claimed_by', '=', runId).where('status', '=', 'sending').execute();
      continue;
    }
    const change = outcome.kind === 'sent' ? { status: 'sent', error: '', sent_at: clock.now() } : { status: outcome.kind, error: outcome.error, sent_at: null };
    await db.updateTable('plan_reminders').set(change).where('user_id', '=', student.id).where('day', '=', day).where('claimed_by', '=', runId).where('status', 'in', ['sending', 'unknown']).execute();
  }
}

/** Looks for due reminders every few minutes, for ever (one row by its key, so one instance at a time). */
export const planRemindersJob = defineJob({
  kind: 'plan-reminders',
  payload: z.object({}),
  housekeeping: true,
  async run(services, _payload, { job }) {
    await sendDueReminders(services, `${PROCESS_ID}:${job.id}:${randomBytes(4).toString('hex')}`);
    return { retryAt: services.clock.now() + PLAN_REMINDERS_EVERY_MS, error: '' };
  },
});

/** Arms the reminders at start; a pending look is left as it is. */
export async function ensurePlanRemindersJob(services: Services, now: number): Promise<void> {
  await enqueueJob(services.db, planRemindersJob, {}, { key: PLAN_REMINDERS_JOB_KEY, runAt: now + PLAN_REMINDERS_EVERY_MS, now });
}

import { z } from 'zod';
import { PLAN_ITEM_KINDS, type PlanItem } from '../../../src/shared/contract/plan';
import { effectiveUserType, isUserType, type UserType } from '../../../src/shared/domain/user-types';
import type { Db } from '../../db';
import { moodOf, streakOf, studyDays } from '../../learning/study-days';
import { dateOfDayIndex, dayIndexOfDate, dayStartMs, DAY_MS, moscowDayIndex } from '../../time/moscow-days';
import { choosePlan } from './choose';
import { planSettings } from './settings';
import { PLAN_SOURCES } from './sources';
import type { SourceContext } from './sources/source';

/** The student as the plan needs her. */
export interface PlanStudent {
  id: number;
  type: UserType;
  createdAt: number;
  goalBall: number | null;
}

/** An item as stored for the day: what it is and which source checks it. */
const storedItem = z.object({
  id: z.string(),
  source: z.string(),
  kind: z.enum(PLAN_ITEM_KINDS),
  title: z.string(),
  minutes: z.number(),
  why: z.string(),
  link: z.string(),
});
type StoredItem = z.infer<typeof storedItem>;

function contextOf(db: Db, student: PlanStudent, now: number): SourceContext {
  const day = moscowDayIndex(now);
  const dayStart = dayStartMs(day);
  return { db, userId: student.id, userType: student.type, joinedAt: student.createdAt, now, day, dayStart, dayEnd: dayStart + DAY_MS };
}

function parseItems(text: string): StoredItem[] {
  try {
    const parsed = z.array(storedItem).safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

/** Today's items, chosen once a day (the first read) and kept, so the plan stays the same while she works. */
async function dayItems(context: SourceContext, dailyMinutes: number): Promise<{ items: StoredItem[]; counted: boolean }> {
  const { db, userId, day, now } = context;
  const stored = await db.selectFrom('plan_days').select(['items', 'counted_at']).where('user_id', '=', userId).where('day', '=', day).executeTakeFirst();
  if (stored) return { items: parseItems(stored.items), counted: stored.counted_at !== null };
  const candidates = await Promise.all(PLAN_SOURCES.map(async (source) => (await source.candidates(context)).map((candidate) => ({ ...candidate, source: source.name }))));
  const chosen = choosePlan(candidates.flat(), dailyMinutes) as Array<(typeof candidates)[number][number]>;
  const items = chosen.map(({ id, source, kind, title, minutes, why, link }) => ({ id, source, kind, title, minutes, why, link }));
  // Two first reads at once: one row wins, and both answer with it.
  await db.insertInto('plan_days').values({ user_id: userId, day, items: JSON.stringify(items), counted_at: null, created_at: now }).onConflict((oc) => oc.columns(['user_id', 'day']).doNothing()).execute();
  const row = await db.selectFrom('plan_days').select(['items', 'counted_at']).where('user_id', '=', userId).where('day', '=', day).executeTakeFirstOrThrow();
  return { items: parseItems(row.items), counted: row.counted_at !== null };
}

/** Which of the day's items are done now, asked of the source that proposed each. */
async function doneIds(context: SourceContext, items: readonly StoredItem[]): Promise<Set<string>> {
  const done = new Set<string>();
  await Promise.all(
    PLAN_SOURCES.map(async (source) => {
      const ids = items.filter((item) => item.source === source.name).map((item) => item.id);
      if (ids.length === 0) return;
      for (const id of await source.doneIds(context, ids)) if (ids.includes(id)) done.add(id);
    }),
  );
  return done;
}

/** The day's minimum: its first item done, or done items worth the school's minimum minutes (or the whole plan, when smaller). */
export function minimumDone(items: ReadonlyArray<{ id: string; minutes: number }>, done: ReadonlySet<string>, minimumMinutes: number): boolean {
  if (items.length === 0) return false;
  if (done.has(items[0]!.id)) return true;
  const total = items.reduce((sum, item) => sum + item.minutes, 0);
  const doneMinutes = items.filter((item) => done.has(item.id)).reduce((sum, item) => sum + item.minutes, 0);
  return doneMinutes > 0 && doneMinutes >= Math.min(minimumMinutes, total);
}

/**
 * Marks today counted once its minimum is done (the streak and the raccoon's cookies read it). Run
 * on every read of the plan and when work is finished or scored (subscribers.ts), so a day counts
 * even when she does not open «Сегодня» again. Returns the done ids.
 */
async function countToday(context: SourceContext, items: readonly StoredItem[], counted: boolean): Promise<Set<string>> {
  const done = await doneIds(context, items);
  if (!counted && minimumDone(items, done, (await planSettings(context.db, context.now)).minimumMinutes)) {
    await context.db.updateTable('plan_days').set({ counted_at: context.now }).where('user_id', '=', context.userId).where('day', '=', context.day).where('counted_at', 'is', null).execute();
  }
  return done;
}

/** After finished or scored work: counts today if its minimum is now done (nothing when she has no plan today). */
export async function recountToday(db: Db, userId: number, now: number): Promise<void> {
  const day = moscowDayIndex(now);
  const stored = await db.selectFrom('plan_days').select(['items', 'counted_at']).where('user_id', '=', userId).where('day', '=', day).executeTakeFirst();
  if (!stored || stored.counted_at !== null) return;
  const user = await db.selectFrom('users').select(['user_type', 'demo_until', 'created_at']).where('id', '=', userId).executeTakeFirst();
  if (!user || !isUserType(user.user_type)) return;
  const type = effectiveUserType(user.user_type, user.demo_until === null ? null : Number(user.demo_until), now);
  await countToday(contextOf(db, { id: userId, type, createdAt: Number(user.created_at), goalBall: null }, now), parseItems(stored.items), false);
}

/** The whole «Сегодня» answer for a student. */
export async function todayOf(db: Db, student: PlanStudent, now: number) {
  const context = contextOf(db, student, now);
  const [settings, profile] = await Promise.all([planSettings(db, now), db.selectFrom('plan_profiles').selectAll().where('user_id', '=', student.id).executeTakeFirst()]);
  const examDate = profile?.exam_date ?? settings.examDate;
  const base = {
    defaults: { goalBall: student.goalBall, examDate: settings.examDate, examDateFromSchool: settings.examDateFromSchool ? ('1' as const) : ('0' as const), dailyMinutes: '30' as const },
    date: dateOfDayIndex(context.day),
    examDate,
    daysToExam: Math.max(0, dayIndexOfDate(examDate) - context.day),
  };
  const streakFields = { minimumMinutes: settings.minimumMinutes };
  if (!profile) {
    return { ...base, setupNeeded: '1' as const, dailyMinutes: 0, items: [], streak: { current: 0, best: 0, freezesLeft: 1, todayCounted: '0' as const, ...streakFields }, raccoonMood: 'calm' as const };
  }
  const { items, counted } = await dayItems(context, profile.daily_minutes);
  const done = await countToday(context, items, counted);
  const days = await studyDays(db, student.id);
  const streak = streakOf(days.firstDay, days.counted, context.day);
  const planItems: PlanItem[] = items.map(({ id, kind, title, minutes, why, link }) => ({ id, kind, title, minutes, why, link, done: done.has(id) ? '1' : '0' }));
  return {
    ...base,
    setupNeeded: '0' as const,
    dailyMinutes: profile.daily_minutes,
    items: planItems,
    streak: { current: streak.current, best: streak.best, freezesLeft: streak.freezesLeft, todayCounted: streak.todayCounted ? ('1' as const) : ('0' as const), ...streakFields },
    raccoonMood: moodOf(streak),
  };
}

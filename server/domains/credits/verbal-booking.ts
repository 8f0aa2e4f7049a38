import { CURATOR_SLOT_TEXTS as CT, VERBAL_BOOKING_TEXTS as T } from '../../../src/shared/contract/credits';
import { formatMoscowDate, formatMoscowTimeWithSeconds, moscowDateKey } from '../../../src/shared/domain/moscow-time';
import { sanitizeCommentHtml } from '../../../src/shared/domain/safe-html';
import type { CurrentUser } from '../../auth/current-user';
import { fail } from '../../contract/errors';
import type { Db } from '../../db';
import { canOpenLesson } from '../../access/lesson-access';

/** Staff open any credit page to see what students see; only students with oral credits book. */
const STAFF = ['Админ', 'Куратор'];

async function creditFor(db: Db, user: CurrentUser, num: number, now: number) {
  const credit = await db
    .selectFrom('credits_verbal')
    .innerJoin('lessons', 'lessons.number', 'credits_verbal.lesson_num')
    .select(['credits_verbal.num', 'credits_verbal.lesson_num', 'credits_verbal.lesson_numbers', 'lessons.opens_at', 'lessons.demo_access', 'lessons.is_published'])
    .where('credits_verbal.num', '=', num)
    .executeTakeFirst();
  if (!credit) fail(T.notFound);
  if (!canOpenLesson(user.type, credit, now)) fail(T.closed);
  return credit;
}

/** The oral-credit curator of a student (the general curator when none is set). */
function curatorOf(user: CurrentUser): number | null {
  return user.row.curator_zach_id ?? user.row.curator_id;
}

/** 'yyyy-mm-dd_hh:mm:ss' of an instant in Moscow (the wire form of choiceDateTime). */
export function choiceOf(ms: number): string {
  return `${moscowDateKey(ms)}_${formatMoscowTimeWithSeconds(ms)}`;
}

/** choiceDateTime → epoch ms (Moscow is UTC+3 all year); NaN when it is no real time. */
export function instantOfChoice(choice: string): number {
  const [date, time] = choice.split('_') as [string, string];
  const ms = Date.parse(`${date}T${time.length === 5 ? `${time}:00` : time}+03:00`);
  return Number.isFinite(ms) && choiceOf(ms).startsWith(`${date}_${time}`) ? ms : Number.NaN;
}

/** Credit info and the curator's upcoming times, each marked free, taken or the caller's. */
export async function verbalCreditInfo(db: Db, user: CurrentUser, num: number, now: number) {
  const credit = await creditFor(db, user, num, now);
  const result = await db
    .selectFrom('user_credits_verbal')
    .select(['status', 'grade', 'comment_html'])
    .where('user_id', '=', user.id)
    .where('credit_num', '=', num)
    .executeTakeFirst();
  const curatorId = curatorOf(user);
  const curator = curatorId === null ? undefined : await db.selectFrom('users').select(['name', 'surname', 'patronymic']).where('id', '=', curatorId).executeTakeFirst();
  const slots =
    curatorId === null
      ? []
      : await db
          .selectFrom('verbal_credit_slots')
          .select(['starts_at', 'user_id'])
          .where('curator_id', '=', curatorId)
          .where('starts_at', '>', now)
          .orderBy('starts_at')
          .limit(200)
          .execute();
  return {
    zachetInfo: {
      curatorId: curatorId === null ? '' : String(curatorId),
      curatorName: curator ? `${curator.name} ${curator.patronymic} ${curator.surname}`.replace(/\s+/g, ' ').trim() : '',
      zachetTaken: result?.status === 'Сдан' ? ('1' as const) : ('0' as const),
      zachOcenka: result?.grade ?? '',
      zachComment: sanitizeCommentHtml(result?.comment_html ?? ''),
      lessonNum: credit.lesson_num,
      lessonNumbers: credit.lesson_numbers,
    },
    dates: slots.map((slot) => ({
      date: formatMoscowDate(slot.starts_at),
      time: formatMoscowTimeWithSeconds(slot.starts_at),
      availability: slot.user_id === user.id ? ('me' as const) : slot.user_id === null ? ('1' as const) : ('0' as const),
      choiceDateTime: choiceOf(slot.starts_at),
    })),
  };
}

/**
 * Books a time for the credit. The slot is taken with a conditional update (free → this student),
 * so of any number of parallel bookings exactly one wins; the student's earlier time for the same
 * credit is released in the same transaction.
 */
export async function bookVerbalCredit(db: Db, user: CurrentUser, num: number, choice: string, now: number): Promise<void> {
  await creditFor(db, user, num, now);
  if (user.row.oral_credit !== 1 && !STAFF.includes(user.type)) fail(T.noOralCredit);
  const status = await db.selectFrom('user_credits_verbal').select('status').where('user_id', '=', user.id).where('credit_num', '=', num).executeTakeFirst();
  if (status?.status === 'Сдан') fail(T.alreadyPassed);
  const curatorId = curatorOf(user);
  if (curatorId === null) fail(T.noCurator);
  const startsAt = instantOfChoice(choice);
  if (Number.isNaN(startsAt)) fail(T.slotNotFound);
  if (startsAt <= now) fail(T.slotPast);
  const slot = await db.selectFrom('verbal_credit_slots').select(['id', 'user_id']).where('curator_id', '=', curatorId).where('starts_at', '=', startsAt).executeTakeFirst();
  if (!slot) fail(T.slotNotFound);
  if (slot.user_id === user.id) return;
  const booked = await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('verbal_credit_slots')
      .set({ user_id: null, credit_num: null, booked_at: null })
      .where('user_id', '=', user.id)
      .where('credit_num', '=', num)
      .where('starts_at', '>', now)
      .execute();
    const taken = await trx
      .updateTable('verbal_credit_slots')
      .set({ user_id: user.id, credit_num: num, booked_at: now })
      .where('id', '=', slot.id)
      .where('user_id', 'is', null)
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) !== 1) throw new SlotTaken();
    return true;
  }).catch((error: unknown) => {
    if (error instanceof SlotTaken) return false;
    throw error;
  });
  if (!booked) fail(T.slotTaken);
}

/** Rolls the booking transaction back when another student got the slot first. */
class SlotTaken extends Error {}

/** The curator's upcoming times, with the student who booked each. */
export async function curatorSlots(db: Db, curatorId: number, now: number) {
  const rows = await db
    .selectFrom('verbal_credit_slots')
    .leftJoin('users', 'users.id', 'verbal_credit_slots.user_id')
    .select(['verbal_credit_slots.id', 'verbal_credit_slots.starts_at', 'verbal_credit_slots.credit_num', 'users.name', 'users.surname'])
    .where('verbal_credit_slots.curator_id', '=', curatorId)
    .where('verbal_credit_slots.starts_at', '>', now)
    .orderBy('verbal_credit_slots.starts_at')
    .limit(500)
    .execute();
  return rows.map((row) => ({
    slotId: row.id,
    date: formatMoscowDate(row.starts_at),
    time: formatMoscowTimeWithSeconds(row.starts_at),
    studentName: row.name || row.surname ? `${row.surname ?? ''} ${row.name ?? ''}`.trim() : '',
    zachetNumber: row.credit_num,
  }));
}

/** Publishes times on a Moscow day; ones already there are skipped. Returns how many are new. */
export async function addCuratorSlots(db: Db, curatorId: number, date: string, times: string[], now: number): Promise<number> {
  const instants = [...new Set(times)].map((time) => instantOfChoice(`${date}_${time}`));
  if (instants.some((ms) => Number.isNaN(ms))) fail(CT.badDate);
  if (instants.some((ms) => ms <= now)) fail(CT.past);
  let added = 0;
  for (const startsAt of instants) {
    const result = await db
      .insertInto('verbal_credit_slots')
      .values({ curator_id: curatorId, starts_at: startsAt, created_at: now })
      .onConflict((oc) => oc.columns(['curator_id', 'starts_at']).doNothing())
      .executeTakeFirst();
    added += Number(result.numInsertedOrUpdatedRows ?? 0);
  }
  return added;
}

/** Deletes one of the curator's own free times. */
export async function deleteCuratorSlot(db: Db, curatorId: number, slotId: number): Promise<void> {
  const slot = await db.selectFrom('verbal_credit_slots').select(['user_id']).where('id', '=', slotId).where('curator_id', '=', curatorId).executeTakeFirst();
  if (!slot) fail(CT.notFound);
  const deleted = await db.deleteFrom('verbal_credit_slots').where('id', '=', slotId).where('user_id', 'is', null).executeTakeFirst();
  if (Number(deleted.numDeletedRows) !== 1) fail(CT.booked);
}

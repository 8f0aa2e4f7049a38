import { dayIndexOfDate, dayStartMs, DAY_MS, moscowIso } from '../../../time/moscow-days';
import { opens } from './homework';
import { deadlineInPlan, deadlineWhy, idNumbers, PLAN_RANKS, type PlanCandidate, type PlanSource } from './source';

/** Booking takes a few minutes; the credit itself is a talk with the curator. */
const BOOKING_MINUTES = 5;
const TALK_MINUTES = 20;

const bookId = (creditNum: number) => `oral:${creditNum}`;
const talkId = (creditNum: number) => `talk:${creditNum}`;

/**
 * Oral credits: one whose booking window closes soon and that she has not booked yet («запишись»),
 * and one she booked for today (the talk itself, done once its time has passed or it is graded).
 */
export const oralCreditSource: PlanSource = {
  name: 'oral-credit',
  async candidates(context) {
    const { db, userId, dayStart, dayEnd } = context;
    const [credits, lessons, results, slots] = await Promise.all([
      db.selectFrom('credits_verbal').selectAll().execute(),
      db.selectFrom('lessons').select(['number', 'opens_at', 'demo_access', 'is_published']).execute(),
      db.selectFrom('user_credits_verbal').select(['credit_num', 'status']).where('user_id', '=', userId).execute(),
      db.selectFrom('verbal_credit_slots').select(['credit_num', 'starts_at']).where('user_id', '=', userId).execute(),
    ]);
    const lessonOf = new Map(lessons.map((lesson) => [lesson.number, lesson]));
    const graded = new Set(results.filter((row) => row.status !== '').map((row) => row.credit_num));
    const slotOf = new Map(slots.map((slot) => [slot.credit_num, Number(slot.starts_at)]));
    const result: PlanCandidate[] = [];
    for (const credit of credits) {
      if (graded.has(credit.num) || !opens(lessonOf.get(credit.lesson_num), context)) continue;
      const slot = slotOf.get(credit.num);
      if (slot !== undefined) {
        if (slot >= dayStart && slot < dayEnd) {
          const time = moscowIso(slot).slice(11, 16);
          result.push({ id: talkId(credit.num), kind: 'booking', title: `Устный зачёт ${credit.num} в ${time}`, minutes: TALK_MINUTES, why: 'ты записан(а) на сегодня', link: `/zachet_zapis?zachet_num=${credit.num}`, rank: PLAN_RANKS.deadline, order: slot });
        }
        continue;
      }
      if (credit.starts_on !== null && dayIndexOfDate(credit.starts_on) > context.day) continue;
      // The window's last day ends at Moscow midnight.
      const deadline = credit.ends_on === null ? null : dayStartMs(dayIndexOfDate(credit.ends_on)) + DAY_MS - 1;
      if (!deadlineInPlan(deadline, context)) continue;
      result.push({ id: bookId(credit.num), kind: 'oralCredit', title: `Запись на устный зачёт ${credit.num}`, minutes: BOOKING_MINUTES, why: deadlineWhy(deadline, context), link: `/zachet_zapis?zachet_num=${credit.num}`, rank: PLAN_RANKS.deadline, order: deadline + 3 });
    }
    return result;
  },
  async doneIds({ db, userId, now }, ids) {
    const nums = ids.map((id) => idNumbers(id)[0]!);
    if (nums.length === 0) return new Set();
    const [results, slots] = await Promise.all([
      db.selectFrom('user_credits_verbal').select(['credit_num', 'status']).where('user_id', '=', userId).where('credit_num', 'in', nums).execute(),
      db.selectFrom('verbal_credit_slots').select(['credit_num', 'starts_at']).where('user_id', '=', userId).where('credit_num', 'in', nums).execute(),
    ]);
    const done = new Set<string>();
    for (const row of results) {
      if (row.status === '') continue;
      done.add(bookId(row.credit_num));
      done.add(talkId(row.credit_num));
    }
    for (const slot of slots) {
      if (slot.credit_num === null) continue;
      done.add(bookId(slot.credit_num));
      if (Number(slot.starts_at) + TALK_MINUTES * 60_000 <= now) done.add(talkId(slot.credit_num));
    }
    return done;
  },
};

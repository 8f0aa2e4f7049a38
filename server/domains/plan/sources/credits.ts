import { PASSED_CREDIT } from '../../../learning/overdue-work';
import { opens } from './homework';
import { deadlineInPlan, deadlineWhy, idNumbers, PLAN_RANKS, type PlanCandidate, type PlanSource } from './source';

const idOf = (creditNum: number) => `credit:${creditNum}`;

/** Automatic credits open now whose deadline is near (or passed) and that she has not passed. */
export const creditSource: PlanSource = {
  name: 'credit',
  async candidates(context) {
    const { db, userId, now } = context;
    const [credits, lessons, mine] = await Promise.all([
      db.selectFrom('credits_auto').selectAll().where('deadline_at', 'is not', null).execute(),
      db.selectFrom('lessons').select(['number', 'opens_at', 'demo_access', 'is_published']).execute(),
      db.selectFrom('user_credits_auto').select(['credit_num', 'status']).where('user_id', '=', userId).execute(),
    ]);
    const lessonOf = new Map(lessons.map((lesson) => [lesson.number, lesson]));
    const statusOf = new Map(mine.map((row) => [row.credit_num, row.status]));
    const result: PlanCandidate[] = [];
    for (const credit of credits) {
      const deadline = credit.deadline_at === null ? null : Number(credit.deadline_at);
      if (!deadlineInPlan(deadline, context) || (credit.starts_at !== null && Number(credit.starts_at) > now)) continue;
      if (!opens(lessonOf.get(credit.lesson_num), context) || PASSED_CREDIT.includes(statusOf.get(credit.num) ?? '')) continue;
      const minutes = credit.max_minutes > 0 ? credit.max_minutes : Math.max(10, credit.question_count);
      result.push({ id: idOf(credit.num), kind: 'credit', title: `Зачёт ${credit.num}`, minutes, why: deadlineWhy(deadline, context), link: `/zachet_auto/${credit.num}`, rank: PLAN_RANKS.deadline, order: deadline + 2 });
    }
    return result;
  },
  async doneIds({ db, userId }, ids) {
    const nums = ids.map((id) => idNumbers(id)[0]!);
    if (nums.length === 0) return new Set();
    const rows = await db.selectFrom('user_credits_auto').select(['credit_num', 'status']).where('user_id', '=', userId).where('credit_num', 'in', nums).execute();
    return new Set(rows.filter((row) => PASSED_CREDIT.includes(row.status)).map((row) => idOf(row.credit_num)));
  },
};

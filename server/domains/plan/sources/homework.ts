import { canOpenLesson } from '../../../access/lesson-access';
import { DONE_P1, DONE_P2 } from '../../../learning/overdue-work';
import { deadlineInPlan, deadlineWhy, idNumbers, PLAN_RANKS, type PlanCandidate, type PlanSource, type SourceContext } from './source';

/** Minutes a part takes when it has no timer: about 1.5 min per part 1 question, 10 per part 2 task. */
const P1_MINUTES_PER_QUESTION = 1.5;
const P2_MINUTES_PER_TASK = 10;

const idOf = (htNum: number, part: 1 | 2) => `hw:${htNum}:${part}`;

/** The required homework parts whose deadline is near (or passed) and that she has not handed in. */
export const homeworkSource: PlanSource = {
  name: 'homework',
  async candidates(context) {
    const { db, userId } = context;
    const [homeworks, lessons, work] = await Promise.all([
      db.selectFrom('homeworks').selectAll().where('deadline_at', 'is not', null).where('is_probnik', '=', 0).execute(),
      db.selectFrom('lessons').select(['number', 'opens_at', 'demo_access', 'is_published']).execute(),
      db.selectFrom('user_homeworks').select(['ht_num', 'status_p1', 'status_p2']).where('user_id', '=', userId).where('is_dop', '=', 0).execute(),
    ]);
    const lessonOf = new Map(lessons.map((lesson) => [lesson.number, lesson]));
    const workOf = new Map(work.map((row) => [row.ht_num, row]));
    const result: PlanCandidate[] = [];
    for (const homework of homeworks) {
      const deadline = homework.deadline_at === null ? null : Number(homework.deadline_at);
      if (!deadlineInPlan(deadline, context) || !opens(lessonOf.get(homework.lesson_num), context)) continue;
      const mine = workOf.get(homework.num);
      const why = deadlineWhy(deadline, context);
      if (homework.p1_count > 0 && !DONE_P1.includes(mine?.status_p1 ?? '')) {
        const minutes = homework.p1_time_limit_min ?? Math.ceil(homework.p1_count * P1_MINUTES_PER_QUESTION);
        result.push({ id: idOf(homework.num, 1), kind: 'homework', title: `ДЗ ${homework.num}, часть 1`, minutes: Math.max(5, minutes), why, link: `/ht_p1/${homework.num}/0`, rank: PLAN_RANKS.deadline, order: deadline });
      }
      if (homework.p2_count > 0 && !DONE_P2.includes(mine?.status_p2 ?? '')) {
        const minutes = homework.p2_time_limit_min ?? homework.p2_count * P2_MINUTES_PER_TASK;
        result.push({ id: idOf(homework.num, 2), kind: 'homework', title: `ДЗ ${homework.num}, часть 2`, minutes: Math.max(5, minutes), why, link: `/ht_p2?dz_num=${homework.num}&dop=0`, rank: PLAN_RANKS.deadline, order: deadline + 1 });
      }
    }
    return result;
  },
  async doneIds({ db, userId }, ids) {
    const nums = [...new Set(ids.map((id) => idNumbers(id)[0]!))];
    if (nums.length === 0) return new Set();
    const rows = await db.selectFrom('user_homeworks').select(['ht_num', 'status_p1', 'status_p2']).where('user_id', '=', userId).where('is_dop', '=', 0).where('ht_num', 'in', nums).execute();
    const done = new Set<string>();
    for (const row of rows) {
      if (DONE_P1.includes(row.status_p1)) done.add(idOf(row.ht_num, 1));
      if (DONE_P2.includes(row.status_p2)) done.add(idOf(row.ht_num, 2));
    }
    return done;
  },
};

/** Whether she may open the lesson now (a draft or a lesson closed for her type is not her work). */
export function opens(lesson: { opens_at: number | null; demo_access: number; is_published: number } | undefined, context: SourceContext): boolean {
  if (!lesson) return false;
  return canOpenLesson(context.userType, { ...lesson, opens_at: lesson.opens_at === null ? null : Number(lesson.opens_at) }, context.now);
}

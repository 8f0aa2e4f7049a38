import { elementGains, evidenceOf, examTasks } from '../../../learning/exam-evidence';
import { PLAN_RANKS, type PlanCandidate, type PlanSource } from './source';

/** A short practice on one element. */
const PRACTICE_MINUTES = 10;
/** At most this many weak elements are proposed a day. */
const WEAK_PER_DAY = 3;

const idOf = (code: string) => `weak:${code}`;
const codeOf = (id: string) => id.slice('weak:'.length);

/** «+1,5»: the gain in primary points as a student reads it. */
const points = (gain: number) => gain.toLocaleString('ru-RU', { maximumFractionDigits: 1 });

/**
 * The elements whose mastery would raise her forecast most (the learning model's own ranking). One
 * counts as practised today once an answer on it was scored today (its mastery row moved).
 */
export const weakElementSource: PlanSource = {
  name: 'weak-element',
  async candidates(context) {
    const { db, userId, now } = context;
    const [evidence, tasks, names] = await Promise.all([evidenceOf(db, userId, now), examTasks(db), db.selectFrom('exam_elements').select(['code', 'name']).execute()]);
    const nameOf = new Map(names.map((row) => [row.code, row.name]));
    const result: PlanCandidate[] = [];
    for (const item of elementGains(evidence, tasks).slice(0, WEAK_PER_DAY)) {
      if (item.gain <= 0) break;
      result.push({
        id: idOf(item.code),
        kind: 'weakElement',
        title: `Тема ${item.code}: ${nameOf.get(item.code) ?? ''}`.trim(),
        minutes: PRACTICE_MINUTES,
        why: `слабая тема, до +${points(item.gain)} перв. б. к прогнозу`,
        link: '/trains/trains_p1',
        rank: PLAN_RANKS.weak,
        order: -item.gain,
      });
    }
    return result;
  },
  async doneIds({ db, userId, dayStart }, ids) {
    const codes = ids.map(codeOf);
    if (codes.length === 0) return new Set();
    const rows = await db
      .selectFrom('learning_mastery')
      .select('element_code')
      .where('user_id', '=', userId)
      .where('element_code', 'in', codes)
      .where('updated_at', '>=', dayStart)
      .execute();
    return new Set(rows.map((row) => idOf(row.element_code)));
  },
};

import type { Db } from '../db';

/** Handed-in statuses: anything else after the deadline is overdue (also what ticks «Сегодня»'s items). */
export const DONE_P1: readonly string[] = ['Готово', 'Проверен'];
export const DONE_P2: readonly string[] = ['Готово', 'Проверен', 'Самопров'];
export const PASSED_CREDIT: readonly string[] = ['Сдан'];

/** A student's work past its deadline and not handed in. */
export interface OverdueWork {
  homeworkP1: number;
  homeworkP2: number;
  credits: number;
}

/**
 * Overdue homework parts and automatic credits per student (back-office §3 'Debtor'): one rule
 * for the CRM debtors list and the learning views. Only deadlines since the student joined count.
 */
export async function overdueWork(db: Db, students: ReadonlyArray<{ id: number; created_at: number }>, now: number): Promise<Map<number, OverdueWork>> {
  const result = new Map<number, OverdueWork>();
  if (students.length === 0) return result;
  const ids = students.map((student) => student.id);
  const [homeworks, work, credits, creditWork] = await Promise.all([
    db.selectFrom('homeworks').select(['num', 'deadline_at']).where('deadline_at', 'is not', null).where('deadline_at', '<', now).execute(),
    db.selectFrom('user_homeworks').select(['user_id', 'ht_num', 'status_p1', 'status_p2']).where('is_dop', '=', 0).where('user_id', 'in', ids).execute(),
    db.selectFrom('credits_auto').select(['num', 'deadline_at']).where('deadline_at', 'is not', null).where('deadline_at', '<', now).execute(),
    db.selectFrom('user_credits_auto').select(['user_id', 'credit_num', 'status']).where('user_id', 'in', ids).execute(),
  ]);
  const workOf = new Map(work.map((row) => [`${row.user_id}:${row.ht_num}`, row]));
  const creditOf = new Map(creditWork.map((row) => [`${row.user_id}:${row.credit_num}`, row.status]));
  for (const student of students) {
    const due = homeworks.filter((homework) => homework.deadline_at! >= student.created_at);
    result.set(student.id, {
      homeworkP1: due.filter((homework) => !DONE_P1.includes(workOf.get(`${student.id}:${homework.num}`)?.status_p1 ?? '')).length,
      homeworkP2: due.filter((homework) => !DONE_P2.includes(workOf.get(`${student.id}:${homework.num}`)?.status_p2 ?? '')).length,
      credits: credits.filter((credit) => credit.deadline_at! >= student.created_at && !PASSED_CREDIT.includes(creditOf.get(`${student.id}:${credit.num}`) ?? '')).length,
    });
  }
  return result;
}

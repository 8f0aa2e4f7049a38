import type { Db } from '../../../db';

/**
 * Who has already worked on what the editor is about to change («safe edits»): a change
 * that would rewrite students' answers or points is refused naming how many students have them.
 * Each function returns the students' ids, so several sources are counted once per student.
 */

/** One student's work on one part kind (main or additional) of a homework. */
export interface HomeworkActivity {
  userId: number;
  htNum: number;
  isDop: number;
}

/** Answers (part 1 and 2) and any started progress in these homeworks. */
export async function homeworkActivity(db: Db, htNums: readonly number[]): Promise<HomeworkActivity[]> {
  if (htNums.length === 0) return [];
  const [p1, p2, progress] = await Promise.all([
    db.selectFrom('homework_answers_p1').select(['user_id', 'ht_num', 'is_dop']).distinct().where('ht_num', 'in', htNums).execute(),
    db.selectFrom('homework_answers_p2').select(['user_id', 'ht_num', 'is_dop']).distinct().where('ht_num', 'in', htNums).execute(),
    db
      .selectFrom('user_homeworks')
      .select(['user_id', 'ht_num', 'is_dop'])
      .where('ht_num', 'in', htNums)
      .where((eb) => eb.or([eb('status_p1', '!=', ''), eb('status_p2', '!=', ''), eb('p1_started_at', 'is not', null), eb('p2_started_at', 'is not', null)]))
      .execute(),
  ]);
  return [...p1, ...p2, ...progress].map((row) => ({ userId: row.user_id, htNum: row.ht_num, isDop: row.is_dop }));
}

/** Distinct students among activity rows that pass `keep`. */
export function studentsOf<T extends { userId: number }>(rows: readonly T[], keep: (row: T) => boolean = () => true): number {
  return new Set(rows.filter(keep).map((row) => row.userId)).size;
}

/** Students in the middle of a required part now (its timer or self-check would change under them). */
export async function homeworkInProgress(db: Db, htNums: readonly number[]): Promise<HomeworkActivity[]> {
  if (htNums.length === 0) return [];
  const rows = await db
    .selectFrom('user_homeworks')
    .select(['user_id', 'ht_num', 'is_dop'])
    .where('ht_num', 'in', htNums)
    .where('is_dop', '=', 0)
    .where((eb) => eb.or([eb('status_p1', '=', 'Выполняется'), eb('status_p2', '=', 'Выполняется')]))
    .execute();
  return rows.map((row) => ({ userId: row.user_id, htNum: row.ht_num, isDop: row.is_dop }));
}

/** Students who have handed in a part 2 of this homework (self-check or curator check is then fixed). */
export async function partTwoSubmitted(db: Db, htNum: number): Promise<number> {
  const rows = await db
    .selectFrom('user_homeworks')
    .select('user_id')
    .distinct()
    .where('ht_num', '=', htNum)
    .where((eb) => eb.or([eb('p2_submitted_at', 'is not', null), eb('status_p2', 'not in', ['', 'Выполняется'])]))
    .execute();
  return rows.length;
}

/** One student's work on one credit. */
export interface CreditActivity {
  userId: number;
  creditNum: number;
}

/** Attempts, answers and results of automatic credits. */
export async function creditAutoActivity(db: Db, nums: readonly number[]): Promise<CreditActivity[]> {
  if (nums.length === 0) return [];
  const [results, answers] = await Promise.all([
    db.selectFrom('user_credits_auto').select(['user_id', 'credit_num']).where('credit_num', 'in', nums).execute(),
    db.selectFrom('credit_auto_answers').select(['user_id', 'credit_num']).distinct().where('credit_num', 'in', nums).execute(),
  ]);
  return [...results, ...answers].map((row) => ({ userId: row.user_id, creditNum: row.credit_num }));
}

/** Students with an attempt of an automatic credit running now. */
export async function creditAutoInProgress(db: Db, nums: readonly number[]): Promise<CreditActivity[]> {
  if (nums.length === 0) return [];
  const rows = await db.selectFrom('user_credits_auto').select(['user_id', 'credit_num']).where('credit_num', 'in', nums).where('status', '=', 'Проводится').execute();
  return rows.map((row) => ({ userId: row.user_id, creditNum: row.credit_num }));
}

/** Results of oral credits and the students' bookings of a curator's slot for them. */
export async function creditVerbalActivity(db: Db, nums: readonly number[]): Promise<CreditActivity[]> {
  if (nums.length === 0) return [];
  const [results, bookings] = await Promise.all([
    db.selectFrom('user_credits_verbal').select(['user_id', 'credit_num']).where('credit_num', 'in', nums).execute(),
    db.selectFrom('verbal_credit_slots').select(['user_id', 'credit_num']).where('credit_num', 'in', nums).where('user_id', 'is not', null).execute(),
  ]);
  return [...results, ...bookings].flatMap((row) => (row.user_id === null || row.credit_num === null ? [] : [{ userId: row.user_id, creditNum: row.credit_num }]));
}

/** Everything hanging on these lessons, by lesson: students with any answer or progress. */
export async function lessonActivity(db: Db, lessonNums: readonly number[]): Promise<Map<number, Set<number>>> {
  const byLesson = new Map<number, Set<number>>(lessonNums.map((num) => [num, new Set<number>()]));
  if (lessonNums.length === 0) return byLesson;
  const [homeworks, creditsAuto, creditsVerbal] = await Promise.all([
    db.selectFrom('homeworks').select(['num', 'lesson_num']).where('lesson_num', 'in', lessonNums).execute(),
    db.selectFrom('credits_auto').select(['num', 'lesson_num']).where('lesson_num', 'in', lessonNums).execute(),
    db.selectFrom('credits_verbal').select(['num', 'lesson_num']).where('lesson_num', 'in', lessonNums).execute(),
  ]);
  const add = (lessonOf: Map<number, number>, rows: readonly { userId: number; num: number }[]) => {
    for (const row of rows) byLesson.get(lessonOf.get(row.num)!)?.add(row.userId);
  };
  const lessonMap = (rows: readonly { num: number; lesson_num: number }[]) => new Map(rows.map((row) => [row.num, row.lesson_num]));
  const [hw, auto, verbal] = await Promise.all([
    homeworkActivity(
      db,
      homeworks.map((row) => row.num),
    ),
    creditAutoActivity(
      db,
      creditsAuto.map((row) => row.num),
    ),
    creditVerbalActivity(
      db,
      creditsVerbal.map((row) => row.num),
    ),
  ]);
  add(
    lessonMap(homeworks),
    hw.map((row) => ({ userId: row.userId, num: row.htNum })),
  );
  add(
    lessonMap(creditsAuto),
    auto.map((row) => ({ userId: row.userId, num: row.creditNum })),
  );
  add(
    lessonMap(creditsVerbal),
    verbal.map((row) => ({ userId: row.userId, num: row.creditNum })),
  );
  return byLesson;
}

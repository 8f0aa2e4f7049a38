import { type Kysely, type QueryExecutorProvider, sql } from 'kysely';

/**
 * A word answer is right or wrong (ФИПИ): a wrong word once earned one point of two on a
 * two-point task. Stored answers scored that way are set to 0 in homework, credits, trainings and
 * knowledge tests, and each finished homework part loses exactly those points. Rating history is
 * a ledger and stays as it was.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await takeBackWordPoints(db);
}

/** The data fix itself; running it again changes nothing (no partial word points are left). */
export async function takeBackWordPoints(db: QueryExecutorProvider): Promise<void> {
  const partialWord = (alias: string) =>
    sql`${sql.ref(`${alias}.points`)} > 0 and ${sql.ref(`${alias}.points`)} < ${sql.ref(`${alias}.max_points`)} and ${sql.ref(`${alias}.question_id`)} in (select id from questions_p1 where question_type = 'WORD')`;

  // Totals first, while the answers still show what they were given.
  await sql`
    update user_homeworks set points_p1 = points_p1 - (
      select coalesce(sum(a.points), 0) from homework_answers_p1 a
      where a.user_id = user_homeworks.user_id and a.ht_num = user_homeworks.ht_num and a.is_dop = user_homeworks.is_dop and ${partialWord('a')}
    )
    where points_p1 is not null`.execute(db);

  for (const table of ['homework_answers_p1', 'credit_auto_answers', 'train_p1_questions', 'kb_test_answers']) {
    await sql`update ${sql.table(table)} as t set points = 0 where ${partialWord('t')}`.execute(db);
  }
}

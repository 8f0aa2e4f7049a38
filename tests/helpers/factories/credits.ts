import type { TestServer } from '../server';
import { userIdOf, type Someone } from './users';

/**
 * Moves an automatic credit's window. Credits come with the seed and no call edits them, so this
 * is the one place a test writes their dates.
 */
export async function setCreditRules(server: TestServer, num: number, rules: { startsAt?: number | null; deadlineAt?: number | null }): Promise<void> {
  const set = {
    ...(rules.startsAt !== undefined && { starts_at: rules.startsAt }),
    ...(rules.deadlineAt !== undefined && { deadline_at: rules.deadlineAt }),
  };
  if (Object.keys(set).length === 0) return;
  await server.server.services.db.updateTable('credits_auto').set(set).where('num', '=', num).execute();
}

/**
 * Moves the start of a student's running attempt at an automatic credit back (its timer counts
 * from it): the real minutes a test cannot wait. The attempt must have been started by the call.
 */
export async function startedCreditAgo(server: TestServer, who: Someone, num: number, ms: number): Promise<void> {
  const { db, clock } = server.server.services;
  const moved = await db
    .updateTable('user_credits_auto')
    .set({ started_at: clock.now() - ms })
    .where('user_id', '=', await userIdOf(server, who))
    .where('credit_num', '=', num)
    .executeTakeFirst();
  if (Number(moved.numUpdatedRows) !== 1) throw new Error(`no attempt at credit ${num} to move`);
}

/**
 * A student's result of an oral credit (status, grade, the curator's comment as HTML, sanitised
 * when shown). No call records it, so this is the one place a test writes it.
 */
export async function setVerbalCreditResult(server: TestServer, who: Someone, num: number, result: { status: string; grade?: string; commentHtml?: string }): Promise<void> {
  const { db, clock } = server.server.services;
  await db
    .insertInto('user_credits_verbal')
    .values({ user_id: await userIdOf(server, who), credit_num: num, status: result.status, grade: result.grade ?? '', comment_html: result.commentHtml ?? '', updated_at: clock.now() })
    .execute();
}

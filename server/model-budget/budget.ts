import { MODEL_BUDGET_TEXTS, TOP_USERS } from '../../src/shared/contract/model-budget';
import { moscowDateKey } from '../../src/shared/domain/moscow-time';
import { fullName } from '../../src/shared/domain/user-names';
import type { Config } from '../config';
import { fail } from '../contract/errors';
import type { Db } from '../db';

/**
 * The daily budget of paid model calls, shared by the AI assistant and the AI check of part 2
 * training (one student once made 120 AI checks in 2.6 s). A call is counted per user
 * and for the whole school per Moscow calendar day, so «попробуйте завтра» means the next
 * midnight in Moscow, the day the school lives by. Counters sit in the database (migration 0111)
 * and are taken in the transaction of the request that will cause the call: a burst of parallel
 * requests cannot overspend, a refused or failed request spends nothing, and a restart forgets
 * nothing. A request that ends up not asking the model gives its call back (giveBackModelCall).
 */

export interface ModelBudgetLimits {
  perUser: number;
  school: number;
}

export function modelBudgetLimits(config: Pick<Config, 'MODEL_CALLS_PER_USER_DAY' | 'MODEL_CALLS_PER_SCHOOL_DAY'>): ModelBudgetLimits {
  return { perUser: config.MODEL_CALLS_PER_USER_DAY, school: config.MODEL_CALLS_PER_SCHOOL_DAY };
}

/**
 * Counts one model call of `userId` today, or refuses the request with the Russian reason when
 * the user's or the school's budget of the day is spent. Call it inside the transaction that
 * stores what will reach the model: each counter is one upsert that increments only below its
 * limit, and on PostgreSQL the row stays locked to the end of the transaction, so parallel
 * requests pass one at a time (users' rows first, then the school's: always in that order).
 */
export async function takeModelCall(trx: Db, limits: ModelBudgetLimits, userId: number, now: number): Promise<void> {
  const day = moscowDateKey(now);
  const own = await trx
    .insertInto('model_calls_by_user')
    .values({ day, user_id: userId, calls: 1 })
    .onConflict((oc) =>
      oc
        .columns(['day', 'user_id'])
        .doUpdateSet((eb) => ({ calls: eb('model_calls_by_user.calls', '+', 1) }))
        .where('model_calls_by_user.calls', '<', limits.perUser),
    )
    .returning('calls')
    .executeTakeFirst();
  if (!own) fail(MODEL_BUDGET_TEXTS.userSpent(limits.perUser));
  const school = await trx
    .insertInto('model_calls_by_school')
    .values({ day, calls: 1 })
    .onConflict((oc) =>
      oc
        .column('day')
        .doUpdateSet((eb) => ({ calls: eb('model_calls_by_school.calls', '+', 1) }))
        .where('model_calls_by_school.calls', '<', limits.school),
    )
    .returning('calls')
    .executeTakeFirst();
  // Thrown inside the caller's transaction: the user's count taken above rolls back with it.
  if (!school) fail(MODEL_BUDGET_TEXTS.schoolSpent);
}

/**
 * Gives back a call counted at `takenAt` whose request ended without asking the model (nothing
 * relevant in the knowledge base, the model switched off meanwhile). Never below zero.
 */
export async function giveBackModelCall(db: Db, userId: number, takenAt: number): Promise<void> {
  const day = moscowDateKey(takenAt);
  await db.transaction().execute(async (trx) => {
    const own = await trx
      .updateTable('model_calls_by_user')
      .set((eb) => ({ calls: eb('calls', '-', 1) }))
      .where('day', '=', day)
      .where('user_id', '=', userId)
      .where('calls', '>', 0)
      .executeTakeFirst();
    // A call made before the budget existed was never counted: nothing to give back to the school either.
    if (Number(own.numUpdatedRows) === 0) return;
    await trx.updateTable('model_calls_by_school').set((eb) => ({ calls: eb('calls', '-', 1) })).where('day', '=', day).where('calls', '>', 0).execute();
  });
}

/** Today's use for the admins: the limits, the school's count and the heaviest users. */
export async function modelBudgetUsage(db: Db, limits: ModelBudgetLimits, now: number) {
  const day = moscowDateKey(now);
  const school = await db.selectFrom('model_calls_by_school').select('calls').where('day', '=', day).executeTakeFirst();
  const top = await db
    .selectFrom('model_calls_by_user')
    .innerJoin('users', 'users.id', 'model_calls_by_user.user_id')
    .select(['users.id', 'users.surname', 'users.name', 'model_calls_by_user.calls'])
    .where('model_calls_by_user.day', '=', day)
    .where('model_calls_by_user.calls', '>', 0)
    .orderBy('model_calls_by_user.calls', 'desc')
    .orderBy('users.id')
    .limit(TOP_USERS)
    .execute();
  return {
    day,
    perUserLimit: limits.perUser,
    schoolLimit: limits.school,
    schoolCalls: Number(school?.calls ?? 0),
    topUsers: top.map((row) => ({ userId: row.id, fullName: fullName(row), calls: Number(row.calls) })),
  };
}

import type { Db } from '../../db';

/** What earned a rating change: its kind ('train_p1', 'homework', 'decide_first', …) and id. */
export interface RatingSource {
  kind: string;
  id: string;
}

export interface RatingAward {
  userId: number;
  /** The change in tenths of a point: 15 is +1.5, -10 is −1.0. */
  tenths: number;
  /** Shown in the student's history, e.g. 'Тренировка 1 части: верный ответ'. */
  comment: string;
  source: RatingSource;
  /** When it was earned (epoch ms); pass `services.clock.now()` from a handler. */
  at?: number;
}

const SOURCE_KIND = /^[a-z][a-z0-9_]{0,39}$/;
/** Far above any real award; a guard against a caller passing points instead of tenths × 10 by mistake. */
const MAX_ABS_TENTHS = 100_000;
/** Rows per INSERT: well under SQLite's 32766 bound parameters (6 per row). */
const CHUNK = 500;

function checkAward(award: RatingAward): void {
  if (!Number.isSafeInteger(award.tenths) || Math.abs(award.tenths) > MAX_ABS_TENTHS) {
    throw new Error(`awardRating: tenths must be an integer within ±${MAX_ABS_TENTHS}, got ${award.tenths}`);
  }
  if (!SOURCE_KIND.test(award.source.kind)) throw new Error(`awardRating: bad source kind "${award.source.kind}"`);
  if (award.source.id.length === 0 || award.source.id.length > 200) throw new Error('awardRating: source id must be 1..200 characters');
}

/**
 * Adds one change to a user's rating ledger. Idempotent on (source kind, source id, user):
 * awarding the same activity again changes nothing and returns false.
 */
export async function awardRating(db: Db, award: RatingAward): Promise<boolean> {
  return (await awardRatings(db, [award])) === 1;
}

/** Many changes at once (seeding, a game's results); returns how many were new. */
export async function awardRatings(db: Db, awards: readonly RatingAward[]): Promise<number> {
  for (const award of awards) checkAward(award);
  const now = Date.now();
  let inserted = 0;
  for (let offset = 0; offset < awards.length; offset += CHUNK) {
    const rows = awards.slice(offset, offset + CHUNK).map((award) => ({
      user_id: award.userId,
      tenths: award.tenths,
      comment: award.comment,
      source_kind: award.source.kind,
      source_id: award.source.id,
      created_at: award.at ?? now,
    }));
    const result = await db
      .insertInto('rating_changes')
      .values(rows)
      .onConflict((oc) => oc.columns(['source_kind', 'source_id', 'user_id']).doNothing())
      .returning('id')
      .execute();
    inserted += result.length;
  }
  return inserted;
}

/** A user's rating (the sum of their ledger) in tenths, optionally of changes in [from, before). */
export async function ratingTenths(db: Db, userId: number, range: { from?: number; before?: number } = {}): Promise<number> {
  let query = db
    .selectFrom('rating_changes')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('tenths'), eb.lit(0)).as('total'))
    .where('user_id', '=', userId);
  if (range.from !== undefined) query = query.where('created_at', '>=', range.from);
  if (range.before !== undefined) query = query.where('created_at', '<', range.before);
  const row = await query.executeTakeFirstOrThrow();
  return Number(row.total);
}

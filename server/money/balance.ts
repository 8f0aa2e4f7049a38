/**
 * The school's money as several domains read it: the balance (the sum of the ledger, written only
 * by finances) shown in the profile and checked by payments, and kopecks as the wire's roubles.
 */
import type { Expression } from 'kysely';
import type { Db } from '../db';

/** Kopecks as the wire's rouble string: '1500', '-12.5', '0'. */
export function roublesText(kopecks: number): string {
  return String(kopecks / 100);
}

/** The balance is always the sum of the ledger, never a stored number: this subquery, for `userId`. */
export function balanceQuery(db: Db, userId: number | Expression<number>) {
  return db
    .selectFrom('ledger_entries')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount_kopecks'), eb.lit(0)).as('total'))
    .where('ledger_entries.user_id', '=', userId);
}

/** A user's balance in kopecks. */
export async function balanceKopecks(db: Db, userId: number): Promise<number> {
  return Number((await balanceQuery(db, userId).executeTakeFirstOrThrow()).total);
}

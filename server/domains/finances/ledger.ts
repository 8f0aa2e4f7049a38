import type { Db } from '../../db';

/** Kinds of ledger entries; the basis shown to the user comes with each entry. */
export type LedgerKind = 'topup' | 'purchase' | 'subscription' | 'refund' | 'card_freeze' | 'card_release';

export interface LedgerEntry {
  userId: number;
  amountKopecks: number;
  kind: LedgerKind;
  /** 'Основание' shown in the history, e.g. 'Пополнение баланса'. */
  basis: string;
  comment: string;
  /** Unique: the same order never enters the ledger twice (idempotent notifications, retries). */
  orderNumber: string;
  createdAt: number;
}

/**
 * Adds one entry unless its order number is already there; returns whether it was added. Run it in
 * the same transaction as the state change it pays for, so money and state move together.
 */
export async function addLedgerEntry(db: Db, entry: LedgerEntry): Promise<boolean> {
  if (!Number.isSafeInteger(entry.amountKopecks)) throw new Error('ledger amounts are integer kopecks');
  const inserted = await db
    .insertInto('ledger_entries')
    .values({
      user_id: entry.userId,
      amount_kopecks: entry.amountKopecks,
      kind: entry.kind,
      basis: entry.basis,
      comment: entry.comment,
      order_number: entry.orderNumber,
      created_at: entry.createdAt,
    })
    .onConflict((oc) => oc.column('order_number').doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
}

export { balanceKopecks } from '../../money/balance';

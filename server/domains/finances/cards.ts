import { updateCardsList, type cardSchema } from '../../../src/shared/contract/finances';
import type { z } from 'zod';
import { fail } from '../../contract/errors';
import type { Db } from '../../db';
import { PaymentProviderError } from '../../providers/payments';
import type { Services } from '../../services';
import { customerKeyFor } from './orders';

/** Saved cards of a user (shell §3.15): listing, saving a bound card, removing one. */

export type WireCard = z.infer<typeof cardSchema>;

export const CARD_ERRORS = {
  notFound: 'Карта не найдена',
} as const;

/** Visa, Mastercard or МИР from the card number's leading digits (the masked number keeps them). */
export function cardTypeOf(pan: string): string {
  if (pan.startsWith('4')) return 'Visa';
  if (pan.startsWith('5')) return 'Mastercard';
  if (pan.startsWith('220')) return 'МИР';
  // 2221–2720 is Mastercard's newer range.
  if (/^2(2[2-9]|[3-6]\d|7[0-2])/.test(pan)) return 'Mastercard';
  return 'Карта';
}

/** The user's cards, oldest first, as the wire shows them. */
export async function listCards(db: Db, userId: number): Promise<WireCard[]> {
  const rows = await db
    .selectFrom('payment_cards')
    .select(['id', 'card_type', 'masked_pan', 'is_main'])
    .where('user_id', '=', userId)
    .where('removed_at', 'is', null)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ cardId: String(row.id), cardType: row.card_type, cardNum: row.masked_pan, isMain: row.is_main === 1 ? '1' : '0' }));
}

export interface BoundCard {
  userId: number;
  provider: string;
  providerCardId: string;
  rebillId: string;
  maskedPan: string;
  expDate: string;
  orderNumber: string;
  now: number;
}

/**
 * Saves a card bound by a binding order (run inside the notification's transaction). Once per
 * order; binding the same card again replaces its old row (the bank keeps one card id per card),
 * and the first card of a user becomes the main one.
 */
export async function saveBoundCard(trx: Db, card: BoundCard): Promise<boolean> {
  const already = await trx.selectFrom('payment_cards').select('id').where('order_number', '=', card.orderNumber).executeTakeFirst();
  if (already) return false;
  const replaced = await trx
    .updateTable('payment_cards')
    .set({ removed_at: card.now })
    .where('user_id', '=', card.userId)
    .where('provider', '=', card.provider)
    .where('provider_card_id', '=', card.providerCardId)
    .where('removed_at', 'is', null)
    .returning('is_main')
    .execute();
  const hasMain = await trx
    .selectFrom('payment_cards')
    .select('id')
    .where('user_id', '=', card.userId)
    .where('removed_at', 'is', null)
    .where('is_main', '=', 1)
    .executeTakeFirst();
  const inserted = await trx
    .insertInto('payment_cards')
    .values({
      user_id: card.userId,
      provider: card.provider,
      provider_card_id: card.providerCardId,
      rebill_id: card.rebillId,
      masked_pan: card.maskedPan,
      card_type: cardTypeOf(card.maskedPan),
      exp_date: card.expDate,
      is_main: hasMain && !replaced.some((row) => row.is_main === 1) ? 0 : 1,
      order_number: card.orderNumber,
      created_at: card.now,
      removed_at: null,
    })
    .onConflict((oc) => oc.column('order_number').doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Sends the user's current card list to all their sockets; a failed push is logged, not fatal. */
export async function pushCards(services: Services, userId: number): Promise<void> {
  try {
    await services.live.push(userId, updateCardsList, { cards: await listCards(services.db, userId) });
  } catch (error) {
    services.log.error(`cards push to user ${userId} failed`, error);
  }
}

/**
 * Removes one of the user's own cards: at the provider first (so a card we no longer show can
 * never be charged), then here; if it was the main card, the next one becomes main.
 */
export async function removeUserCard(services: Services, userId: number, cardId: string): Promise<void> {
  const { db } = services;
  const id = /^\d{1,15}$/.test(cardId) ? Number(cardId) : NaN;
  const card = Number.isSafeInteger(id)
    ? await db
        .selectFrom('payment_cards')
        .selectAll()
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .where('removed_at', 'is', null)
        .executeTakeFirst()
    : undefined;
  // Someone else's card looks exactly like a missing one.
  if (!card) fail(CARD_ERRORS.notFound);

  if (card.provider === services.payments.kind) {
    try {
      await services.payments.removeCard({ customerKey: customerKeyFor(userId), cardId: card.provider_card_id });
    } catch (error) {
      if (error instanceof PaymentProviderError) fail(error.message);
      throw error;
    }
  } else {
    // Saved through another acquirer than the one configured now: it cannot be charged from here.
    services.log.warn(`card ${card.id} of user ${userId} belongs to provider ${card.provider}; removed locally only`);
  }

  const now = services.clock.now();
  await db.transaction().execute(async (trx) => {
    const removed = await trx
      .updateTable('payment_cards')
      .set({ removed_at: now, is_main: 0 })
      .where('id', '=', card.id)
      .where('removed_at', 'is', null)
      .executeTakeFirst();
    if (Number(removed.numUpdatedRows) !== 1 || card.is_main !== 1) return;
    const remaining = await trx
      .selectFrom('payment_cards')
      .select(['id', 'created_at'])
      .where('user_id', '=', userId)
      .where('removed_at', 'is', null)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    // The card after the removed one in the list, else the first.
    const next = remaining.find((row) => row.created_at > card.created_at || (row.created_at === card.created_at && row.id > card.id)) ?? remaining[0];
    if (next) await trx.updateTable('payment_cards').set({ is_main: 1 }).where('id', '=', next.id).execute();
  });
  await pushCards(services, userId);
}

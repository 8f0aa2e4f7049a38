import { formatMoscowDate, formatMoscowTime } from '../../../src/shared/domain/moscow-time';
import {
  addCard,
  CARD_MESSAGES,
  cardEmailProblem,
  getCardsList,
  getTinkoffPaymentLink,
  historyPayments,
  removeCard,
  TOP_UP_MAX_RUBLES,
} from '../../../src/shared/contract/finances';
import { fail } from '../../contract/errors';
import { currentDocument } from '../../documents/store';
import { implement } from '../../contract/implement';
import { balanceKopecks, roublesText } from '../../money/balance';
import { listCards, removeUserCard } from './cards';
import { CARD_BINDING_KOPECKS, createPaymentOrder } from './orders';
import { reconcilePendingTopUps } from './webhook';

/** Shell §5 top-up texts, verbatim. */
export const TOP_UP_MESSAGES = {
  empty: 'Вы не ввели сумму пополнения',
  tooMuch: `Сумма оплаты не должна превышать ${TOP_UP_MAX_RUBLES}`,
  invalid: 'Вы ввели недопустимое значение',
  inactive: 'У вас неактивный аккаунт. Для пополнения - приобретите тариф.',
} as const;

/** How many operations the history returns at most (newest first). */
const HISTORY_LIMIT = 500;

/** Whole roubles from the top-up field, or the spec's message for what is wrong with it. */
export function parseTopUpRubles(raw: string): number {
  const text = raw.trim();
  if (text === '') fail(TOP_UP_MESSAGES.empty);
  if (!/^\d+$/.test(text)) fail(TOP_UP_MESSAGES.invalid);
  // Leading zeros aside, more than 5 digits is already above the limit.
  const digits = text.replace(/^0+(?=\d)/, '');
  if (digits.length > 5 || Number(digits) > TOP_UP_MAX_RUBLES) fail(TOP_UP_MESSAGES.tooMuch);
  const rubles = Number(digits);
  if (rubles <= 0) fail(TOP_UP_MESSAGES.invalid);
  return rubles;
}

/** Top-up, history and saved cards (shell §2.9, §3.13, §3.15, §7.2, §7.3). */
export const paymentsHandlers = [
  implement(getTinkoffPaymentLink, async (ctx, { amount }) => {
    if (ctx.user.type === 'Неактивный') fail(TOP_UP_MESSAGES.inactive);
    const rubles = parseTopUpRubles(amount);
    // The popup's agreement box links to the offer in effect now: that is the version agreed to.
    const offer = await currentDocument(ctx.services.db, 'oferta', ctx.services.clock.now());
    const { paymentUrl } = await createPaymentOrder(ctx.services, {
      offerDocumentId: offer?.id ?? null,
      userId: ctx.user.id,
      kind: 'topup',
      amountKopecks: rubles * 100,
      description: `Пополнение баланса на ${rubles} ₽`,
      email: ctx.user.row.email,
    });
    return { paymentUrl };
  }),

  implement(historyPayments, async (ctx) => {
    const { db } = ctx.services;
    await reconcilePendingTopUps(ctx.services, ctx.user.id);
    const [balance, rows] = await Promise.all([
      balanceKopecks(db, ctx.user.id),
      db
        .selectFrom('ledger_entries')
        .select(['id', 'amount_kopecks', 'basis', 'comment', 'order_number', 'created_at'])
        .where('user_id', '=', ctx.user.id)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(HISTORY_LIMIT)
        .execute(),
    ]);
    return {
      balance: roublesText(balance),
      transactions: rows.map((row) => ({
        transactionNumber: String(row.id),
        transactionSum: roublesText(Number(row.amount_kopecks)),
        transactionDate: formatMoscowDate(row.created_at),
        transactionTime: formatMoscowTime(row.created_at),
        osnovanie: row.basis,
        transactionComment: row.comment,
        orderNumber: row.order_number ?? '',
      })),
    };
  }),

  implement(getCardsList, async (ctx) => ({ cards: await listCards(ctx.services.db, ctx.user.id) })),

  implement(addCard, async (ctx, { email }) => {
    const problem = cardEmailProblem(email);
    if (problem) fail(problem);
    const { paymentUrl } = await createPaymentOrder(ctx.services, {
      userId: ctx.user.id,
      kind: 'card_binding',
      amountKopecks: CARD_BINDING_KOPECKS,
      description: 'Привязка карты: 1 ₽ замораживается и сразу возвращается',
      email: email.trim(),
    });
    return { paymentUrl };
  }),

  implement(removeCard, async (ctx, { cardId }) => {
    if (cardId.trim() === '') fail(CARD_MESSAGES.noCard);
    await removeUserCard(ctx.services, ctx.user.id, cardId);
    return {};
  }),
];

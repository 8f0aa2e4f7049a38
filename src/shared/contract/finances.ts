import { z } from 'zod';
import { access } from './access';
import { http, live, push } from './core';
import { flag, intLike, noInput, safeString, int32 } from './fields';

/** Finances (shell §2.9, §3.13–3.15, §4.6, §5, §7.2, §7.3). Money on the wire is roubles as text. */

const finances = access.icon('finances');

/** Top-up limit of shell §5 and §9, in roubles. */
export const TOP_UP_MAX_RUBLES = 10000;

export const getTinkoffPaymentLink = http('/app/api/payments/get_tinkoff_payment_link.php', {
  input: z.object({
    // Digits only on the client; the server re-checks and answers with the spec's texts.
    amount: z.union([safeString().max(20), z.number()]).transform(String),
  }),
  output: z.object({ paymentUrl: z.string() }),
  access: finances,
});

/** Shell §3.13: one operation of the ledger, numbers and dates as the UI shows them. */
export const transactionSchema = z.object({
  transactionNumber: z.string(),
  /** Roubles with a sign: '500', '-3500', '1.5'. */
  transactionSum: z.string(),
  /** dd.mm.yyyy, Moscow. */
  transactionDate: z.string(),
  /** hh:mm, Moscow. */
  transactionTime: z.string(),
  osnovanie: z.string(),
  transactionComment: z.string(),
  orderNumber: z.string(),
});

export const historyPayments = http('/app/api/payments/history_payments.php', {
  input: noInput,
  output: z.object({ balance: z.string(), transactions: z.array(transactionSchema) }),
  access: finances,
});

/** Extra recorded lessons are for these types only (shell §6). */
const extraLessons = access.types('Куратор', 'Интенсив', 'Админ');

export const getIntensivRazdelsLessonsInfo = http('/app/api/payments/intensiv_razdels/get_intensiv_razdels_lessons_info.php', {
  input: noInput,
  output: z.object({
    razdelsInfo: z.array(
      z.object({ number: z.string(), name: z.string(), countLessons: z.string(), price: z.string(), isAccess: flag }),
    ),
  }),
  access: extraLessons,
});

export const buyIntensivRazdelLesson = http('/app/api/payments/intensiv_razdels/buy_intensiv_razdel_lesson.php', {
  input: z.object({ razdelNum: intLike }),
  output: z.object({}),
  access: extraLessons,
});

/** Shell §3.15: a bound card; cardNum is the masked number, the UI shows its last 6 characters. */
export const cardSchema = z.object({ cardId: z.string(), cardType: z.string(), cardNum: z.string(), isMain: flag });

export const getCardsList = live('/payments/get_cards_list', {
  input: noInput,
  output: z.object({ cards: z.array(cardSchema) }),
  access: finances,
});

/** Shell §5 card texts, verbatim; emptiness is the handler's business so the text reaches the user as is. */
export const CARD_MESSAGES = {
  noEmail: 'Необходимо указать почту',
  badEmail: 'Проверьте адрес почты',
  noCard: 'Необходимо выбрать карту',
} as const;

/** The first problem of an add-card e-mail, or null when it can be used. */
export function cardEmailProblem(email: string): string | null {
  const value = email.trim();
  if (value === '') return CARD_MESSAGES.noEmail;
  return z.email().safeParse(value).success ? null : CARD_MESSAGES.badEmail;
}

export const addCard = live('/payments/add_card', {
  input: z.object({ email: safeString().max(100, 'не длиннее 100 символов') }),
  output: z.object({ paymentUrl: z.string() }),
  access: finances,
});

export const removeCard = live('/payments/remove_card', {
  // Our own card row id (int32, as digits or a number); '' gets the handler's 'Необходимо выбрать карту'.
  input: z.object({ cardId: z.union([z.literal(''), intLike.pipe(int32().nonnegative())]).transform(String) }),
  output: z.object({}),
  access: finances,
});

/** Pushed whenever the user's cards change (bound, removed, main changed). */
export const updateCardsList = push('/payments/update_cards_list', { body: z.object({ cards: z.array(cardSchema) }) });

/**
 * Shell §3.15: cost (roubles), cancelled flag, next pay date (dd.mm.yyyy). Our additions: when a
 * renewal charge failed, `paymentFailed` is '1' and `statusText` says why and what happens next
 * (the retry time, or that it is paused); `isPaused` is '1' once every retry failed: it renews no
 * more until resume_subscribe, which tries the charge again at once. '0' / '' while all is well.
 */
export const subscriptionSchema = z.object({
  cost: z.string(),
  isCancelled: flag,
  paydate: z.string(),
  paymentFailed: flag,
  isPaused: flag,
  statusText: z.string(),
});

export const getActiveSubs = live('/payments/get_active_subs', {
  input: noInput,
  output: z.object({ activeSubs: z.array(subscriptionSchema) }),
  access: finances,
});

export const unsubscribe = live('/payments/unsubscribe', { input: noInput, output: z.object({}), access: finances });

export const resumeSubscribe = live('/payments/resume_subscribe', { input: noInput, output: z.object({}), access: finances });

import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { subscriptionSchema } from '../../../src/shared/contract/finances';
import { toFlag } from '../../../src/shared/contract/fields';
import { formatMoscowDate, formatMoscowTime } from '../../../src/shared/domain/moscow-time';
import { fail } from '../../contract/errors';
import type { Db } from '../../db';
import type { Database } from '../../db/schema';
import type { JobKind } from '../../jobs/job';
import { enqueueJob } from '../../jobs/queue';
import { roublesText } from '../../money/balance';

/**
 * Subscriptions (shell §3.15, §4.6). States:
 * - active: paid until `paydate`, renewed there by the renewal job;
 * - cancelled: still paid until `paydate`, then ends instead of renewing; can be resumed before;
 * - past_due: the renewal charge failed, retries are scheduled (RENEWAL_RETRY_DELAYS_MS);
 * - unpaid: every retry failed; paused until the user resumes it (a new charge attempt at once);
 * - ended: over; no longer listed.
 */
export type SubscriptionStatus = 'active' | 'cancelled' | 'past_due' | 'unpaid' | 'ended';

const HOUR = 3_600_000;

/** After a failed renewal charge: retry after 1 h, 6 h, then 24 h; one more failure pauses it. */
export const RENEWAL_RETRY_DELAYS_MS = [HOUR, 6 * HOUR, 24 * HOUR] as const;

export const SUBSCRIPTION_MESSAGES = {
  nothingToCancel: 'Нет активной подписки, которую можно отменить',
  alreadyCancelled: 'Подписка уже отменена',
  nothingToResume: 'Нет отменённой подписки, которую можно возобновить',
  alreadyActive: 'Подписка уже активна',
} as const;

/** Statuses shown by get_active_subs (a cancelled one only until its paydate). */
const LISTED: SubscriptionStatus[] = ['active', 'past_due', 'unpaid'];

type Row = Awaited<ReturnType<typeof loadSubscriptions>>[number];
type WireSubscription = z.infer<typeof subscriptionSchema>;

function loadSubscriptions(db: Db, userId: number) {
  return db.selectFrom('subscriptions').selectAll().where('user_id', '=', userId).orderBy('id').execute();
}

function isListed(row: Row, now: number): boolean {
  return LISTED.includes(row.status as SubscriptionStatus) || (row.status === 'cancelled' && row.paydate > now);
}

/** A bank's message inside our sentence: 'Банк отказал' → 'банк отказал' (an acronym stays). */
function midSentence(text: string): string {
  return /^\p{Lu}\p{Ll}/u.test(text) ? text[0]!.toLowerCase() + text.slice(1) : text;
}

/** What the student reads about a failed renewal; empty while all is well. */
function statusText(row: Row): string {
  if (row.status === 'past_due') {
    const next = row.next_attempt_at ?? row.paydate;
    const when = `${formatMoscowDate(next)} в ${formatMoscowTime(next)}`;
    return row.last_failure
      ? `Не удалось списать оплату: ${midSentence(row.last_failure)}. Следующая попытка — ${when}.`
      : `Списание оплаты запланировано на ${when}.`;
  }
  if (row.status === 'unpaid') {
    return `Оплата не прошла: ${midSentence(row.last_failure) || 'платёж отклонён'}. Подписка приостановлена: проверьте карту и возобновите подписку.`;
  }
  return '';
}

/**
 * get_active_subs: the user's current subscriptions. `paydate` is the next charge (or, cancelled,
 * the last paid day); `paymentFailed`, `isPaused` and `statusText` (our additions) say when a
 * renewal failed and whether it is paused until resumed.
 */
export async function listActiveSubscriptions(db: Db, userId: number, now: number): Promise<WireSubscription[]> {
  return (await loadSubscriptions(db, userId))
    .filter((row) => isListed(row, now))
    .map((row) => ({
      cost: roublesText(row.cost_kopecks),
      isCancelled: toFlag(row.status === 'cancelled'),
      paydate: formatMoscowDate(row.paydate),
      paymentFailed: toFlag(row.status === 'past_due' || row.status === 'unpaid'),
      isPaused: toFlag(row.status === 'unpaid'),
      statusText: statusText(row),
    }));
}

/**
 * unsubscribe: an active subscription becomes cancelled (paid time is kept, no renewal). One whose
 * renewal already failed has no paid time left, so it ends at once and its retries stop.
 */
export async function cancelSubscriptions(db: Db, userId: number, now: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const listed = (await loadSubscriptions(trx, userId)).filter((row) => isListed(row, now));
    const cancellable = listed.filter((row) => row.status !== 'cancelled');
    if (cancellable.length === 0) fail(listed.length > 0 ? SUBSCRIPTION_MESSAGES.alreadyCancelled : SUBSCRIPTION_MESSAGES.nothingToCancel);
    for (const row of cancellable) {
      const overdue = row.status === 'past_due' || row.status === 'unpaid';
      await trx
        .updateTable('subscriptions')
        .set({ status: overdue ? 'ended' : 'cancelled', next_attempt_at: null, updated_at: now })
        .where('id', '=', row.id)
        .where('status', '=', row.status)
        .execute();
    }
  });
}

/**
 * resume_subscribe: a cancelled subscription (before its paydate) is active again and renews as
 * planned; an unpaid one gets a new charge attempt right away, with the full retry schedule.
 */
export async function resumeSubscriptions(db: Db, userId: number, now: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const listed = (await loadSubscriptions(trx, userId)).filter((row) => isListed(row, now));
    const resumable = listed.filter((row) => row.status === 'cancelled' || row.status === 'unpaid');
    if (resumable.length === 0) fail(listed.length > 0 ? SUBSCRIPTION_MESSAGES.alreadyActive : SUBSCRIPTION_MESSAGES.nothingToResume);
    for (const row of resumable) {
      if (row.status === 'cancelled') {
        await trx.updateTable('subscriptions').set({ status: 'active', updated_at: now }).where('id', '=', row.id).where('status', '=', 'cancelled').execute();
        // The pending renewal job is still there; this only re-arms it if something had finished it.
        await scheduleRenewal(trx, row.id, row.period + 1, row.paydate, now);
      } else {
        await trx
          .updateTable('subscriptions')
          .set({ status: 'past_due', failed_attempts: 0, last_failure: '', next_attempt_at: now, updated_at: now })
          .where('id', '=', row.id)
          .where('status', '=', 'unpaid')
          .execute();
        await scheduleRenewal(trx, row.id, row.period + 1, now, now);
      }
    }
  });
}

/** The Moscow day of the month of an instant (1–31). */
export function moscowDay(ms: number): number {
  return new Date(ms + MOSCOW_OFFSET_MS).getUTCDate();
}

// Moscow has been UTC+3 all year since 2014.
const MOSCOW_OFFSET_MS = 3 * HOUR;

/**
 * The same Moscow wall-clock time one month later, on `anchorDay` or the month's last day when it
 * is shorter (31 January → 28 February → 31 March).
 */
export function nextPaydate(paydate: number, anchorDay: number): number {
  const local = new Date(paydate + MOSCOW_OFFSET_MS);
  const year = local.getUTCFullYear();
  const month = local.getUTCMonth() + 1;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const day = Math.min(anchorDay, lastDay);
  const timeOfDay = local.getTime() - Date.UTC(year, local.getUTCMonth(), local.getUTCDate());
  return Date.UTC(year, month, day) + timeOfDay - MOSCOW_OFFSET_MS;
}

export interface NewSubscription {
  userId: number;
  costKopecks: number;
  /** The end of the period already paid: the first renewal charges here. */
  paydate: number;
  description: string;
  /** Renewals already paid (demo history); 0 for a new subscription. */
  paidPeriods?: number;
}

/** Records a paid subscription and schedules its first renewal, in one transaction. */
export async function startSubscription(db: Kysely<Database>, subscription: NewSubscription, now: number): Promise<number> {
  const insert = async (trx: Kysely<Database>) => {
    const { id } = await trx
      .insertInto('subscriptions')
      .values({
        user_id: subscription.userId,
        cost_kopecks: subscription.costKopecks,
        description: subscription.description,
        status: 'active',
        paydate: subscription.paydate,
        anchor_day: moscowDay(subscription.paydate),
        period: subscription.paidPeriods ?? 0,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await scheduleRenewal(trx, id, (subscription.paidPeriods ?? 0) + 1, subscription.paydate, now);
    return id;
  };
  return db.isTransaction ? insert(db) : db.transaction().execute(insert);
}

/** The renewal of one period is one job: its key makes a second scheduling of it a no-op. */
export async function scheduleRenewal(db: Kysely<Database>, subscriptionId: number, period: number, runAt: number, now: number): Promise<void> {
  await enqueueJob(db, renewalKind, { subscriptionId, period }, { key: `subscription-renewal:${subscriptionId}:${period}`, runAt, now });
}

/** The renewal job kind: one job per (subscription, period). Its handler is in subscription-renewal.ts. */
export const renewalKind = {
  kind: 'subscription-renewal',
  payload: z.object({ subscriptionId: z.number().int().positive(), period: z.number().int().positive() }),
} satisfies JobKind<unknown>;

export type RenewalPayload = z.infer<typeof renewalKind.payload>;

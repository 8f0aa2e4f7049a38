import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { z } from 'zod';
import { freeAppMessage, MAILING_CHANNELS, NOT_CONFIGURED_REASON, type MailingChannel } from '../../../src/shared/contract/mailings';
import { oneOf } from '../../../src/shared/guards';
import type { Db } from '../../db';
import { defineJob } from '../../jobs/job';
import type { Services } from '../../services';
import { pushMailingLists } from './lists';
import { pacerFor } from '../../providers/messengers/pacer';
import { resolveRecipients } from './recipients';
import type { MessengerSender, SendOutcome } from '../../providers/messengers/senders';
import { createTelegramSender, mainBotSender } from '../../providers/messengers/telegram-sender';
import { createVkSender } from './vk-sender';

/** A claim holds this long without renewal: after a crash another instance resumes within it. */
export const MAILING_LEASE_MS = 20_000;
/** A 429 longer than this gives the recipient back and reschedules the whole job. */
const LONGEST_WAIT_MS = 60_000;
const PROGRESS_EVERY_MS = 1_000;
const PROCESS_ID = `${hostname()}:${process.pid}`;
export const INTERRUPTED = 'отправка прервалась: сообщение могло дойти, повторно не отправляется';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The channel's sender, or null when this server has no bot for it (the outbox then keeps it). */
export function senderFor(services: Services, channel: MailingChannel): { sender: MessengerSender; key: string } | null {
  const { config } = services;
  if (channel === 'MAIN') return mainBotSender(config);
  if (channel === 'TERMINS' && config.TELEGRAM_FREE_BOT_TOKEN) return { sender: createTelegramSender({ baseUrl: config.TELEGRAM_API_URL, token: config.TELEGRAM_FREE_BOT_TOKEN }), key: `tg:${config.TELEGRAM_FREE_BOT_TOKEN}` };
  if (channel === 'VK' && config.VK_GROUP_TOKEN) return { sender: createVkSender({ baseUrl: config.VK_API_URL, token: config.VK_GROUP_TOKEN }), key: `vk:${config.VK_GROUP_TOKEN}` };
  return null;
}

/** planned → running with one delivery row per recipient, in one transaction (or not at all). */
async function begin(db: Db, mailingId: number, now: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const started = await trx.updateTable('mailings').set({ status: 'running', updated_at: now }).where('id', '=', mailingId).where('status', '=', 'planned').executeTakeFirst();
    if (Number(started.numUpdatedRows) !== 1) return;
    const mailing = await trx.selectFrom('mailings').selectAll().where('id', '=', mailingId).executeTakeFirstOrThrow();
    const recipients = await resolveRecipients(trx, oneOf(MAILING_CHANNELS, mailing.channel, 'канал рассылки'), mailing.receiver_group, JSON.parse(mailing.nicknames) as string[], mailing.initiator_id);
    for (let from = 0; from < recipients.length; from += 500) {
      await trx
        .insertInto('mailing_deliveries')
        .values(recipients.slice(from, from + 500).map((recipient) => ({ mailing_id: mailingId, user_id: recipient.userId, address: recipient.address, status: 'pending', error: '' })))
        .onConflict((oc) => oc.columns(['mailing_id', 'user_id']).doNothing())
        .execute();
    }
  });
}

/** Takes one pending recipient for this run, only while the mailing still runs; false when someone else has it. */
async function claim(db: Db, mailingId: number, userId: number, runId: string, now: number): Promise<boolean> {
  const result = await db
    .updateTable('mailing_deliveries')
    .set({ status: 'sending', claimed_by: runId, claimed_at: now })
    .where('mailing_id', '=', mailingId)
    .where('user_id', '=', userId)
    .where('status', '=', 'pending')
    .where((eb) => eb.exists(eb.selectFrom('mailings').select('mailings.id').where('mailings.id', '=', mailingId).where('mailings.status', '=', 'running')))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Records the result of this run's claim (a row another run marked 'unknown' meanwhile is still ours to settle). */
async function settle(db: Db, mailingId: number, userId: number, runId: string, change: { status: string; error: string; sent_at: number | null }): Promise<void> {
  await db
    .updateTable('mailing_deliveries')
    .set(change)
    .where('mailing_id', '=', mailingId)
    .where('user_id', '=', userId)
    .where('claimed_by', '=', runId)
    .where('status', 'in', ['sending', 'unknown'])
    .execute();
}

async function finishIfDone(services: Services, mailingId: number): Promise<boolean> {
  const left = await services.db
    .selectFrom('mailing_deliveries')
    .select('user_id')
    .where('mailing_id', '=', mailingId)
    .where('status', 'in', ['pending', 'sending'])
    .limit(1)
    .executeTakeFirst();
  if (left) return false;
  const now = services.clock.now();
  await services.db.updateTable('mailings').set({ status: 'ended', end_at: now, updated_at: now }).where('id', '=', mailingId).where('status', '=', 'running').execute();
  return true;
}

/**
 * Sends one mailing. Every recipient's row is claimed ('sending', with this run's id) before the
 * message leaves and settled after; a row found 'sending' from another run belongs to a sender that
 * died or lost its lease and becomes 'unknown', never sent again. So nobody gets it twice, whichever
 * instances run the job and wherever one is killed.
 */
export const mailingSendJob = defineJob({
  kind: 'mailing-send',
  payload: z.object({ mailingId: z.number().int() }),
  leaseMs: MAILING_LEASE_MS,
  async run(services, { mailingId }, { job }) {
    const { db, clock, log } = services;
    const runId = `${PROCESS_ID}:${job.id}:${randomBytes(4).toString('hex')}`;
    const first = await db.selectFrom('mailings').selectAll().where('id', '=', mailingId).executeTakeFirst();
    if (!first || first.status === 'ended' || first.status === 'canceled') return;
    if (first.start_at > clock.now()) return { retryAt: first.start_at, error: '' };
    const channel = oneOf(MAILING_CHANNELS, first.channel, 'канал рассылки');
    await begin(db, mailingId, clock.now());
    const orphaned = await db
      .updateTable('mailing_deliveries')
      .set({ status: 'unknown', error: INTERRUPTED })
      .where('mailing_id', '=', mailingId)
      .where('status', '=', 'sending')
      .where('claimed_by', '!=', runId)
      .executeTakeFirst();
    if (Number(orphaned.numUpdatedRows) > 0) log.warn(`mailing ${mailingId}: ${orphaned.numUpdatedRows} interrupted deliveries are not resent`);
    await pushMailingLists(services, channel);

    if (channel === 'FREE_APP') return sendInApp(services, mailingId, runId);
    const configured = senderFor(services, channel);
    if (!configured) {
      await db.updateTable('mailing_deliveries').set({ status: 'outbox', error: NOT_CONFIGURED_REASON }).where('mailing_id', '=', mailingId).where('status', '=', 'pending').execute();
      await finishIfDone(services, mailingId);
      await pushMailingLists(services, channel);
      return;
    }
    const { sender, key } = configured;
    const pacer = pacerFor(key, sender.perSecond, sender.perChatMs);
    const image = first.image_key ? await services.storage.readBytes(first.image_key) : null;
    if (first.image_key && !image) log.warn(`mailing ${mailingId}: image ${first.image_key} is missing, sending text only`);
    let lastPush = clock.now();

    for (;;) {
      const status = await db.selectFrom('mailings').select('status').where('id', '=', mailingId).executeTakeFirst();
      if (status?.status !== 'running') break;
      const batch = await db
        .selectFrom('mailing_deliveries')
        .select(['user_id', 'address'])
        .where('mailing_id', '=', mailingId)
        .where('status', '=', 'pending')
        .orderBy('user_id')
        .limit(20)
        .execute();
      if (batch.length === 0) break;
      for (const recipient of batch) {
        if (!(await claim(db, mailingId, recipient.user_id, runId, clock.now()))) continue;
        let outcome: SendOutcome;
        for (;;) {
          await pacer.wait(recipient.address);
          outcome = await sender.send({
            address: recipient.address,
            text: first.message,
            image: image ? { bytes: image, name: first.image_key.split('/').pop()! } : undefined,
            dedupKey: (mailingId * 1_000_003 + recipient.user_id) % 2_147_483_647,
          });
          if (outcome.kind !== 'retry') break;
          pacer.pause(outcome.afterMs);
          if (outcome.afterMs > LONGEST_WAIT_MS) {
            // Not sent (the answer proves it): give the recipient back and come back later.
            await db.updateTable('mailing_deliveries').set({ status: 'pending', claimed_by: null, claimed_at: null }).where('mailing_id', '=', mailingId).where('user_id', '=', recipient.user_id).where('claimed_by', '=', runId).execute();
            await pushMailingLists(services, channel);
            return { retryAt: clock.now() + outcome.afterMs, error: outcome.error };
          }
          log.info(`mailing ${mailingId}: ${outcome.error}, waiting ${outcome.afterMs} ms`);
          await sleep(outcome.afterMs);
        }
        const now = clock.now();
        if (outcome.kind === 'sent') await settle(db, mailingId, recipient.user_id, runId, { status: 'sent', error: '', sent_at: now });
        else await settle(db, mailingId, recipient.user_id, runId, { status: outcome.kind === 'failed' ? 'failed' : 'unknown', error: outcome.error, sent_at: null });
        if (now - lastPush >= PROGRESS_EVERY_MS) {
          lastPush = now;
          await pushMailingLists(services, channel);
        }
      }
    }
    await finishIfDone(services, mailingId);
    await pushMailingLists(services, channel);
  },
});

/** Free-app mailing: delivered over the live socket to each recipient's open app, at most once each. */
async function sendInApp(services: Services, mailingId: number, runId: string): Promise<void> {
  const { db, clock } = services;
  const mailing = await db.selectFrom('mailings').selectAll().where('id', '=', mailingId).executeTakeFirstOrThrow();
  const pending = await db.selectFrom('mailing_deliveries').select('user_id').where('mailing_id', '=', mailingId).where('status', '=', 'pending').execute();
  const claimed: number[] = [];
  for (const row of pending) if (await claim(db, mailingId, row.user_id, runId, clock.now())) claimed.push(row.user_id);
  await services.live.push(claimed, freeAppMessage, { header: mailing.header, message: mailing.message, link: mailing.link });
  for (const userId of claimed) await settle(db, mailingId, userId, runId, { status: 'sent', error: '', sent_at: clock.now() });
  await finishIfDone(services, mailingId);
  await pushMailingLists(services, 'FREE_APP');
}

import { mailings } from '../../../src/shared/contract';
import { NICKNAME_GROUP, RECEIVER_GROUPS, type MailingChannel } from '../../../src/shared/contract/mailings';
import { fail } from '../../contract/errors';
import { implement, type SignedContext } from '../../contract/implement';
import { enqueueJob } from '../../jobs/queue';
import { mailingLists, pushMailingLists } from './lists';
import { resolveRecipients } from './recipients';
import { mailingSendJob } from './send-job';
import { isOneOf } from '../../../src/shared/guards';

/** §5: the start is a Moscow local date-time; '' or a past moment starts now. */
export function parseStartAt(value: string, now: number): number {
  if (value === '') return now;
  const [date, time] = value.replace('T', ' ').split(' ') as [string, string];
  const full = time.length === 5 ? `${time}:00` : time;
  const at = Date.parse(`${date}T${full}+03:00`);
  if (Number.isNaN(at)) fail('Некорректные дата и время начала рассылки.');
  return Math.max(at, now);
}

interface NewMailing {
  channel: MailingChannel;
  message: string;
  receiverGroup: string;
  startAt: string;
  imageLink?: string;
  nicknames?: string[];
  header?: string;
  link?: string;
}

/** Stores the mailing and its durable send job together; recipients are taken when it starts. */
async function createMailing(ctx: SignedContext, input: NewMailing): Promise<void> {
  const { db, clock, storage } = ctx.services;
  const now = clock.now();
  const startAt = parseStartAt(input.startAt, now);
  if (input.imageLink && (await storage.size(input.imageLink)) === null) fail('Изображение не найдено: загрузите его ещё раз.');
  const nicknames = input.receiverGroup === NICKNAME_GROUP ? [...new Set((input.nicknames ?? []).map((nick) => nick.replace(/^@/, '')))] : [];
  await db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('mailings')
      .values({
        channel: input.channel,
        status: 'planned',
        message: input.message,
        header: input.header ?? '',
        link: input.link ?? '',
        image_key: input.imageLink ?? '',
        receiver_group: input.receiverGroup,
        nicknames: JSON.stringify(nicknames),
        initiator_id: ctx.user.id,
        start_at: startAt,
        end_at: null,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await enqueueJob(trx, mailingSendJob, { mailingId: row.id }, { runAt: startAt, key: `mailing:${row.id}`, now });
  });
  ctx.services.log.info(`mailing ${input.channel} '${input.receiverGroup}' created by user ${ctx.user.id}, starts ${new Date(startAt).toISOString()}`);
  await pushMailingLists(ctx.services, input.channel);
}

async function cancelMailing(ctx: SignedContext, mailingId: number, channels: readonly MailingChannel[]): Promise<void> {
  const { db, clock } = ctx.services;
  const row = await db.selectFrom('mailings').select(['id', 'channel', 'status']).where('id', '=', mailingId).executeTakeFirst();
  if (!row || !isOneOf(channels, row.channel)) fail('Рассылка не найдена.');
  const now = clock.now();
  // §4: only planned and running mailings can be cancelled; the sender stops before its next recipient.
  const result = await db.updateTable('mailings').set({ status: 'canceled', end_at: now, updated_at: now }).where('id', '=', mailingId).where('status', 'in', ['planned', 'running']).executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) fail('Рассылка уже завершена или отменена.');
  await pushMailingLists(ctx.services, row.channel);
}

export const mailingsHandlers = [
  implement(mailings.createTgMailing, async (ctx, input) => {
    await createMailing(ctx, {
      channel: input.fromTgBot,
      message: input.message,
      receiverGroup: input.receiverGroup,
      startAt: input.startAt,
      imageLink: input.imageLink,
      nicknames: input.receiversTgNicknames,
    });
    return {};
  }),

  implement(mailings.createVkMailing, async (ctx, input) => {
    await createMailing(ctx, { channel: 'VK', message: input.message, receiverGroup: input.receiverGroup, startAt: input.startAt });
    return {};
  }),

  implement(mailings.createFreeAppMailing, async (ctx, input) => {
    await createMailing(ctx, { channel: 'FREE_APP', message: input.message, receiverGroup: input.receiverGroup, startAt: '', header: input.header, link: input.link });
    return {};
  }),

  implement(mailings.getGroupUsersCountTg, async (ctx, { fromBot, group, receiversTgNicknames }) => {
    if (!isOneOf(RECEIVER_GROUPS[fromBot], group)) fail('Нет такой группы получателей.');
    const recipients = await resolveRecipients(ctx.services.db, fromBot, group, receiversTgNicknames, ctx.user.id);
    return { count: recipients.length };
  }),

  implement(mailings.cancelTgMailing, async (ctx, { mailingId }) => {
    await cancelMailing(ctx, mailingId, ['MAIN', 'TERMINS', 'FREE_APP']);
    return {};
  }),

  implement(mailings.cancelVkMailing, async (ctx, { mailingId }) => {
    await cancelMailing(ctx, mailingId, ['VK']);
    return {};
  }),

  implement(mailings.triggerUpdateTgMailing, async (ctx) => mailingLists(ctx.services.db, 'MAIN')),
  implement(mailings.triggerUpdateBotTermins, async (ctx) => mailingLists(ctx.services.db, 'TERMINS')),
  implement(mailings.triggerUpdateVkMailingFreeBot, async (ctx, { channel }) => mailingLists(ctx.services.db, channel)),
];

import { MAILING_CHANNELS, MAILING_STATUSES, updateMailings, type MailingChannel, type MailingItem, type MailingLists } from '../../../src/shared/contract/mailings';
import { formatMoscowDateTime } from '../../../src/shared/domain/moscow-time';
import { oneOf } from '../../../src/shared/guards';
import type { Db } from '../../db';
import type { Services } from '../../services';
import { fullName } from '../../../src/shared/domain/user-names';

/** Finished mailings the list keeps showing. */
const CLOSED_SHOWN = 50;

const COUNTED_STATUSES = ['sent', 'pending', 'sending', 'failed', 'outbox', 'unknown'] as const;
type CountedStatus = (typeof COUNTED_STATUSES)[number];
type Counts = Record<CountedStatus, number> & { total: number; reason: string };
const isCounted = (status: string): status is CountedStatus => COUNTED_STATUSES.some((counted) => counted === status);

async function countsOf(db: Db, ids: number[]): Promise<Map<number, Counts>> {
  const result = new Map<number, Counts>();
  if (ids.length === 0) return result;
  const rows = await db
    .selectFrom('mailing_deliveries')
    .select(['mailing_id', 'status', (eb) => eb.fn.countAll<number>().as('count'), (eb) => eb.fn.max('error').as('error')])
    .where('mailing_id', 'in', ids)
    .groupBy(['mailing_id', 'status'])
    .execute();
  for (const row of rows) {
    const counts = result.get(row.mailing_id) ?? { sent: 0, pending: 0, sending: 0, failed: 0, outbox: 0, unknown: 0, total: 0, reason: '' };
    const count = Number(row.count);
    counts.total += count;
    if (isCounted(row.status)) counts[row.status] += count;
    if ((row.status === 'outbox' || row.status === 'failed') && row.error && !counts.reason) counts.reason = String(row.error);
    result.set(row.mailing_id, counts);
  }
  return result;
}

/** The open (planned, running) and latest closed mailings of one channel, newest first. */
export async function mailingLists(db: Db, channel: MailingChannel): Promise<MailingLists> {
  const [open, closed] = await Promise.all([
    db.selectFrom('mailings').selectAll().where('channel', '=', channel).where('status', 'in', ['planned', 'running']).orderBy('start_at').orderBy('id').execute(),
    db.selectFrom('mailings').selectAll().where('channel', '=', channel).where('status', 'in', ['ended', 'canceled']).orderBy('id', 'desc').limit(CLOSED_SHOWN).execute(),
  ]);
  const all = [...open, ...closed];
  const [counts, people] = await Promise.all([
    countsOf(db, all.map((row) => row.id)),
    all.length === 0
      ? Promise.resolve([])
      : db.selectFrom('users').select(['id', 'name', 'surname']).where('id', 'in', [...new Set(all.map((row) => row.initiator_id ?? -1))]).execute(),
  ]);
  const present = (row: (typeof all)[number]): MailingItem => {
    const count = counts.get(row.id) ?? { sent: 0, pending: 0, sending: 0, failed: 0, outbox: 0, unknown: 0, total: 0, reason: '' };
    const initiator = people.find((person) => person.id === row.initiator_id);
    return {
      id: String(row.id),
      channel: oneOf(MAILING_CHANNELS, row.channel, 'канал рассылки'),
      status: MAILING_STATUSES[row.status as keyof typeof MAILING_STATUSES] ?? 'Ожидание',
      totalSent: count.sent,
      totalReceivers: count.total,
      waiting: count.pending + count.sending,
      failed: count.failed,
      outbox: count.outbox,
      unconfirmed: count.unknown,
      reason: count.reason,
      startAt: formatMoscowDateTime(row.start_at),
      endAt: row.end_at === null ? '' : formatMoscowDateTime(row.end_at),
      createdAt: formatMoscowDateTime(row.created_at),
      initiatorUserId: row.initiator_id === null ? '' : String(row.initiator_id),
      initiatorName: initiator ? fullName(initiator) : '',
      receiverGroup: row.receiver_group,
      message: row.message,
      header: row.header,
      link: row.link,
      imageLink: row.image_key,
    };
  };
  return { openMailings: open.map(present), closedMailings: closed.map(present) };
}

/** Everyone who may open the mailings screen: admins and the senders' groups. */
export async function mailingStaffIds(db: Db): Promise<number[]> {
  const [admins, members] = await Promise.all([
    db.selectFrom('users').select('id').where('user_type', '=', 'Админ').where('blocked', '=', 0).execute(),
    db.selectFrom('permission_group_members').select('user_id').where('group_name', 'in', ['USERS_SENDERS_TG_BOT', 'USERS_SENDERS_VK_BOT', 'USERS_SENDERS_VK_BOT_BIG']).execute(),
  ]);
  return [...new Set([...admins.map((row) => row.id), ...members.map((row) => row.user_id)])];
}

/** Pushes a channel's fresh lists to every open mailings screen, on whatever instance. */
export async function pushMailingLists(services: Services, channel: MailingChannel): Promise<void> {
  const [lists, staff] = await Promise.all([mailingLists(services.db, channel), mailingStaffIds(services.db)]);
  await services.live.push(staff, updateMailings, { channel, ...lists });
}

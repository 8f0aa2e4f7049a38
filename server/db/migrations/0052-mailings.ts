import type { Kysely } from 'kysely';
import { dialectOf, instant, withIdColumn } from './helpers';

/**
 * Mailings (back-office §2.5, §3 'Mailing', §4 mailing statuses). A mailing is sent by a durable
 * job; each recipient has one delivery row, claimed (status 'sending') before the message leaves,
 * so no recipient gets a mailing twice whatever instance sends it and wherever a crash happens.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const dialect = await dialectOf(db);
  await withIdColumn(db.schema.createTable('mailings'), dialect)
    // MAIN | TERMINS | VK | FREE_APP.
    .addColumn('channel', 'text', (col) => col.notNull())
    // planned | running | ended | canceled.
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('message', 'text', (col) => col.notNull())
    .addColumn('header', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('link', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('image_key', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('receiver_group', 'text', (col) => col.notNull())
    // JSON array of Telegram nicknames for the 'Никнейм ТГ' group.
    .addColumn('nicknames', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('initiator_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('start_at', instant, (col) => col.notNull())
    .addColumn('end_at', instant)
    .addColumn('created_at', instant, (col) => col.notNull())
    .addColumn('updated_at', instant, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('mailings_channel_idx').on('mailings').columns(['channel', 'status']).execute();
  await db.schema
    .createTable('mailing_deliveries')
    .addColumn('mailing_id', 'integer', (col) => col.notNull().references('mailings.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    // Telegram chat id or VK user id; '' when the user has none (then the row is 'failed' at once).
    .addColumn('address', 'text', (col) => col.notNull())
    // pending | sending | sent | failed | outbox | unknown (claimed, then the sender died: never resent).
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('claimed_by', 'text')
    .addColumn('claimed_at', instant)
    .addColumn('sent_at', instant)
    .addColumn('error', 'text', (col) => col.notNull().defaultTo(''))
    .addPrimaryKeyConstraint('mailing_deliveries_pk', ['mailing_id', 'user_id'])
    .execute();
  await db.schema.createIndex('mailing_deliveries_status_idx').on('mailing_deliveries').columns(['mailing_id', 'status']).execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only.');
}

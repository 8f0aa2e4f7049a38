import type { Kysely } from 'kysely';
import { dialectOf, instant, withIdColumn } from './helpers';

/** Homework questions ('Вопросы по ДЗ', back-office §2.8, §3 'Question ticket', 'Ticket message'). */
export async function up(db: Kysely<unknown>): Promise<void> {
  const dialect = await dialectOf(db);
  await withIdColumn(db.schema.createTable('tickets_dz'), dialect)
    .addColumn('lesson_num', 'integer', (col) => col.notNull())
    // 0: the whole homework, otherwise the task number.
    .addColumn('task_num', 'integer', (col) => col.notNull())
    .addColumn('ticket_type', 'text', (col) => col.notNull())
    .addColumn('importance', 'integer', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('text', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('maker_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('responsible_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('created_at', instant, (col) => col.notNull())
    .addColumn('updated_at', instant, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('tickets_dz_lesson_idx').on('tickets_dz').columns(['lesson_num', 'task_num']).execute();
  await withIdColumn(db.schema.createTable('ticket_dz_messages'), dialect)
    .addColumn('ticket_id', 'integer', (col) => col.notNull().references('tickets_dz.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('comment', 'text', (col) => col.notNull())
    .addColumn('created_at', instant, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('ticket_dz_messages_ticket_idx').on('ticket_dz_messages').columns(['ticket_id', 'id']).execute();
  // The last message each reader has seen: flagWatched in the lists.
  await db.schema
    .createTable('ticket_dz_views')
    .addColumn('ticket_id', 'integer', (col) => col.notNull().references('tickets_dz.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('last_mess_id', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('ticket_dz_views_pk', ['ticket_id', 'user_id'])
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only.');
}

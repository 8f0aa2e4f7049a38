import { sql, type Kysely } from 'kysely';
import { dialectOf, instant, withIdColumn } from './helpers';

/**
 * The pet raccoon (shell §3.1, §3.2).
 *
 * `pets`: every raccoon a user ever had; dead ones stay as history. At most one living pet per
 * user (a partial unique index, so two parallel 'Завести енота' create one). `ticked_until` is the
 * moment up to which pet time was applied: the tick job moves it by whole ticks under a row lock,
 * so each tick is applied once whichever instance runs it, and downtime is caught up tick by tick.
 *
 * `pet_cookies`: the cookie ledger. The balance is the sum of `amount`; a reward's `reward_key`
 * names the piece of work it pays for, unique per user, so it is granted exactly once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const dialect = await dialectOf(db);
  await withIdColumn(db.schema.createTable('pets'), dialect)
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('health', 'integer', (col) => col.notNull())
    .addColumn('mood', 'integer', (col) => col.notNull())
    .addColumn('satiety', 'integer', (col) => col.notNull())
    .addColumn('train', 'integer', (col) => col.notNull())
    .addColumn('dead', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('born_at', instant, (col) => col.notNull())
    .addColumn('died_at', instant)
    .addColumn('ticked_until', instant, (col) => col.notNull())
    .addColumn('created_at', instant, (col) => col.notNull())
    .addColumn('updated_at', instant, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('pets_user').on('pets').columns(['user_id', 'id']).execute();
  await db.schema.createIndex('pets_one_alive').on('pets').column('user_id').unique().where(sql.ref('dead'), '=', 0).execute();
  // The tick job looks for living pets whose next tick is due.
  await db.schema.createIndex('pets_due').on('pets').columns(['dead', 'ticked_until']).execute();

  await withIdColumn(db.schema.createTable('pet_cookies'), dialect)
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('amount', 'integer', (col) => col.notNull())
    .addColumn('reason', 'text', (col) => col.notNull())
    .addColumn('reward_key', 'text', (col) => col.notNull())
    .addColumn('created_at', instant, (col) => col.notNull())
    .addUniqueConstraint('pet_cookies_once', ['user_id', 'reward_key'])
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only.');
}

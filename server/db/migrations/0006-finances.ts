import type { Kysely } from 'kysely';
import { dialectOf, instant, withIdColumn } from './helpers';

/** Tables of the finances area: payment orders, saved cards, subscriptions, extra lessons, jobs. */
export async function up(db: Kysely<unknown>): Promise<void> {
  const dialect = await dialectOf(db);

  // --- Payments (orders, cards, the built-in test acquirer) ---------------------------------
  // One row per attempt to pay through the acquirer. `status` only moves forward
  // (NEW → AUTHORIZED → CONFIRMED | REJECTED | REVERSED | REFUNDED), so a repeated or late
  // notification can never pay twice; the ledger entry it causes carries the same order number.
  await withIdColumn(db.schema.createTable('payment_orders'), dialect)
    .addColumn('order_number', 'text', (col) => col.notNull().unique())
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('restrict'))
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('amount_kopecks', 'bigint', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('email', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('provider', 'text', (col) => col.notNull())
    .addColumn('payment_id', 'text')
    .addColumn('payment_url', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('error_code', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('created_at', instant, (col) => col.notNull())
    .addColumn('updated_at', instant, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('payment_orders_user_idx').on('payment_orders').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('payment_orders_payment_idx').on('payment_orders').column('payment_id').execute();

  // A card saved at the acquirer for recurrent charges. Removed cards keep their row (removed_at)
  // so past orders stay explainable.
  await withIdColumn(db.schema.createTable('payment_cards'), dialect)
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('provider', 'text', (col) => col.notNull())
    .addColumn('provider_card_id', 'text', (col) => col.notNull())
    .addColumn('rebill_id', 'text', (col) => col.notNull())
    .addColumn('masked_pan', 'text', (col) => col.notNull())
    .addColumn('card_type', 'text', (col) => col.notNull())
    .addColumn('exp_date', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('is_main', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('order_number', 'text', (col) => col.notNull())
    .addColumn('created_at', instant, (col) => col.notNull())
    .addColumn('removed_at', instant)
    .execute();
  await db.schema.createIndex('payment_cards_user_idx').on('payment_cards').columns(['user_id', 'removed_at']).execute();
  // The same binding notification twice must not save the card twice.
  await db.schema.createIndex('payment_cards_order_idx').on('payment_cards').column('order_number').unique().execute();

  // The built-in test acquirer's own books (server/providers/test-acquirer.ts): what a real bank
  // would keep on its side, so getState, charge and removeCard work without one.
  await db.schema
    .createTable('test_acquirer_settings')
    .addColumn('name', 'text', (col) => col.primaryKey())
    .addColumn('value', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createTable('test_acquirer_payments')
    .addColumn('payment_id', 'text', (col) => col.primaryKey())
    .addColumn('order_id', 'text', (col) => col.notNull())
    .addColumn('amount_kopecks', 'bigint', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('customer_key', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('pay_type', 'text', (col) => col.notNull())
    .addColumn('recurrent', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('card_id', 'text')
    .addColumn('notification_url', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('success_url', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('fail_url', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('created_at', instant, (col) => col.notNull())
    .addColumn('updated_at', instant, (col) => col.notNull())
    .execute();
  await db.schema
    .createTable('test_acquirer_cards')
    .addColumn('card_id', 'text', (col) => col.primaryKey())
    .addColumn('customer_key', 'text', (col) => col.notNull())
    .addColumn('pan', 'text', (col) => col.notNull())
    .addColumn('exp_date', 'text', (col) => col.notNull())
    .addColumn('rebill_id', 'text', (col) => col.notNull().unique())
    .addColumn('created_at', instant, (col) => col.notNull())
    .addColumn('removed_at', instant)
    .execute();
  // --- end of payments -------------------------------------------------------------------------

  await createSubscriptionLessonAndJobTables(db);
}

/**
 * Subscriptions with their renewal state, extra recorded lesson sections and their purchases, and
 * the durable job queue (server/jobs) that renews subscriptions.
 */
async function createSubscriptionLessonAndJobTables(db: Kysely<unknown>): Promise<void> {
  const dialect = await dialectOf(db);

  await withIdColumn(db.schema.createTable('subscriptions'), dialect)
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('cost_kopecks', 'integer', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull().defaultTo(''))
    // active | cancelled | past_due | unpaid | ended (server/domains/finances/subscriptions.ts).
    .addColumn('status', 'text', (col) => col.notNull())
    // The next charge: the end of the paid period.
    .addColumn('paydate', instant, (col) => col.notNull())
    // Moscow day of the month renewals fall on, so 31 → 28 (February) → 31 does not drift.
    .addColumn('anchor_day', 'integer', (col) => col.notNull())
    // Renewals paid so far; the renewal at paydate pays period + 1 (its order id names it).
    .addColumn('period', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('failed_attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('last_failure', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('next_attempt_at', instant)
    // Set while a charge is in flight: a second runner never charges the same period meanwhile.
    .addColumn('charge_lock_until', instant, (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', instant, (col) => col.notNull())
    .addColumn('updated_at', instant, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('subscriptions_user_idx').on('subscriptions').columns(['user_id', 'status']).execute();

  await db.schema
    .createTable('extra_lesson_sections')
    .addColumn('number', 'integer', (col) => col.primaryKey())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('count_lessons', 'integer', (col) => col.notNull())
    .addColumn('price_kopecks', 'integer', (col) => col.notNull())
    .addColumn('created_at', instant, (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('extra_lesson_purchases')
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('section_number', 'integer', (col) => col.notNull().references('extra_lesson_sections.number').onDelete('restrict'))
    .addColumn('price_kopecks', 'integer', (col) => col.notNull())
    .addColumn('order_number', 'text', (col) => col.notNull().unique())
    .addColumn('created_at', instant, (col) => col.notNull())
    // One purchase per user and section: buying twice is refused by the database too.
    .addPrimaryKeyConstraint('extra_lesson_purchases_pk', ['user_id', 'section_number'])
    .execute();

  await withIdColumn(db.schema.createTable('jobs'), dialect)
    .addColumn('kind', 'text', (col) => col.notNull())
    // Unique when set: enqueueing the same logical job twice keeps one row.
    .addColumn('key', 'text', (col) => col.unique())
    .addColumn('payload', 'text', (col) => col.notNull().defaultTo('{}'))
    .addColumn('run_at', instant, (col) => col.notNull())
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    // pending | done | failed
    .addColumn('status', 'text', (col) => col.notNull().defaultTo('pending'))
    .addColumn('last_error', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('locked_until', instant, (col) => col.notNull().defaultTo(0))
    .addColumn('locked_by', 'text')
    .addColumn('created_at', instant, (col) => col.notNull())
    .addColumn('updated_at', instant, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('jobs_due_idx').on('jobs').columns(['status', 'run_at']).execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only.');
}

import type { Kysely } from 'kysely';
import { instant } from './helpers';

/** Tables of the account area: one referral promo code per user, generated once (shell §3.17). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('referral_codes')
    .addColumn('user_id', 'integer', (col) => col.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('code', 'text', (col) => col.notNull().unique())
    .addColumn('created_at', instant, (col) => col.notNull())
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only.');
}

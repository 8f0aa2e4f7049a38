import type { Kysely } from 'kysely';
import { instant } from './helpers';

/**
 * Short-lived keys without Redis (server/kv/database-store.ts): the signature replay cache and the
 * sign-in throttling counters. In the database, so a replay stays refused after a restart and a
 * flood of signed calls costs rows, not the process's memory. Expired rows are swept by a job.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('kv_entries')
    .addColumn('key', 'text', (col) => col.primaryKey())
    .addColumn('value', 'bigint', (col) => col.notNull())
    .addColumn('expires_at', instant, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('kv_entries_expires_idx').on('kv_entries').column('expires_at').execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only.');
}

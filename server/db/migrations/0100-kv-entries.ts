import { sql, type Kysely } from 'kysely';
import { dialectOf, instant } from './helpers';

/**
 * Short-lived keys without Redis (server/kv/database-store.ts): the signature replay cache and the
 * sign-in throttling counters. In the database, so a replay stays refused after a restart and a
 * flood of signed calls costs rows, not the process's memory. Expired rows are swept by a job.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const dialect = await dialectOf(db);
  const table = db.schema
    .createTable('kv_entries')
    .addColumn('key', 'text', (col) => col.primaryKey())
    .addColumn('value', 'bigint', (col) => col.notNull())
    .addColumn('expires_at', instant, (col) => col.notNull());
  // Every signed call writes a row. On SQLite (one writer, on the event loop) one b-tree per row
  // instead of three: the key is the row, and the minutely sweep scans instead of an expiry index.
  if (dialect === 'sqlite') {
    await table.modifyEnd(sql`without rowid`).execute();
    return;
  }
  await table.execute();
  await db.schema.createIndex('kv_entries_expires_idx').on('kv_entries').column('expires_at').execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only.');
}

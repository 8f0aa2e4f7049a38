import type { Kysely } from 'kysely';
import { dialectOf, instant, withIdColumn } from './helpers';

/** The back office's file library (back-office §2.9, §3 'File'); bytes live in the storage provider. */
export async function up(db: Kysely<unknown>): Promise<void> {
  const dialect = await dialectOf(db);
  await withIdColumn(db.schema.createTable('library_files'), dialect)
    // The sanitised name shown and downloaded; unique, so delete_file can name it.
    .addColumn('file_name', 'text', (col) => col.notNull().unique())
    .addColumn('storage_key', 'text', (col) => col.notNull())
    .addColumn('content_type', 'text', (col) => col.notNull())
    .addColumn('size', 'integer', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull())
    .addColumn('user_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('user_name', 'text', (col) => col.notNull())
    .addColumn('created_at', instant, (col) => col.notNull())
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only.');
}

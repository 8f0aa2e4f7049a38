import type { Kysely } from 'kysely';
import { dialectOf, instant, withIdColumn } from './helpers';

/**
 * The school's legal documents: the offer and the privacy policy, in markdown.
 * A save adds a version and never edits one, so what a buyer agreed to stays readable; the page
 * shows the newest version whose `effective_from` has come. A top-up order records the offer
 * version in effect when it was created.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const dialect = await dialectOf(db);
  await withIdColumn(db.schema.createTable('school_documents'), dialect)
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('body', 'text', (col) => col.notNull())
    .addColumn('effective_from', instant, (col) => col.notNull())
    .addColumn('created_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('created_at', instant, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('school_documents_kind_idx').on('school_documents').columns(['kind', 'effective_from']).execute();
  await db.schema
    .alterTable('payment_orders')
    .addColumn('offer_document_id', 'integer', (col) => col.references('school_documents.id').onDelete('set null'))
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only.');
}

import type { Kysely } from 'kysely';
import { instant } from './helpers';

/**
 * Digitising part 2 explanation images by OCR (back-office §4, §7.2 digitize_poyasn_p2 and
 * digitize_many_poyasn_p2): when a question's explanation was last run through OCR and why it
 * failed. A job's progress is read from these columns, not from one process's memory, so a run
 * resumed after a crash or taken over by another instance skips what is done.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('questions_p2').addColumn('explanation_digitized_at', instant).execute();
  await db.schema.alterTable('questions_p2').addColumn('explanation_digitize_error', 'text', (col) => col.notNull().defaultTo('')).execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only.');
}

import type { Kysely } from 'kysely';

/**
 * What the part 2 bank and training need beyond homework (back-office §2.13, learning-area
 * 'Training part 2'): the task's scoring criteria as text (self-check, peer checks and the AI check
 * score against them) and the 90+ marker (include90Plus in training). Old questions have no
 * criteria yet and are ordinary.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('questions_p2').addColumn('criteria', 'text', (col) => col.notNull().defaultTo('')).execute();
  await db.schema.alterTable('questions_p2').addColumn('is_90plus', 'integer', (col) => col.notNull().defaultTo(0)).execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only.');
}

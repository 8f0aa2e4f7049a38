import type { Kysely } from 'kysely';

/**
 * The 90+ marker of part 1 questions (hard tasks for students aiming at 90+ points) and the
 * training's 90+ choice (learning-area §2 'Training part 1': the result shows whether 90+ was
 * included and 'Take again' repeats it). Both default to 0: old questions are ordinary, old
 * trainings left 90+ questions out.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('questions_p1').addColumn('is_90plus', 'integer', (col) => col.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('train_p1_sessions').addColumn('include_90plus', 'integer', (col) => col.notNull().defaultTo(0)).execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only.');
}

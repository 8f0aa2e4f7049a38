import { sql, type Kysely } from 'kysely';

/**
 * The order of a lesson's videos on its card, as the course editor sets it. Until now
 * the card listed them by id; existing videos keep that order (position = id).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('videos').addColumn('lesson_position', 'integer', (col) => col.notNull().defaultTo(0)).execute();
  await sql`update videos set lesson_position = id`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only.');
}

import { sql, type Kysely } from 'kysely';

/**
 * The course editor: a lesson's place in its chapter (the lesson number stays its
 * identity, referenced everywhere), a draft/published switch (students see only published
 * lessons), a description and materials for the lesson card. Lessons that existed before were
 * authored by the seed and are published, in number order.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('lessons').addColumn('position', 'integer', (col) => col.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('lessons').addColumn('is_published', 'integer', (col) => col.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('lessons').addColumn('description', 'text', (col) => col.notNull().defaultTo('')).execute();
  // JSON array of { title, url } (contract course-editor materialSchema).
  await db.schema.alterTable('lessons').addColumn('materials_json', 'text', (col) => col.notNull().defaultTo('[]')).execute();
  await sql`update lessons set position = number, is_published = 1`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only.');
}

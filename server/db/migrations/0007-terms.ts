import type { Kysely } from 'kysely';
import { dialectOf, instant, withIdColumn } from './helpers';

/** Tables of the materials area: course terms and their definitions (term search). */
export async function up(db: Kysely<unknown>): Promise<void> {
  const dialect = await dialectOf(db);

  // Lesson number and chapter are plain columns until the course model lands and can reference them.
  await withIdColumn(db.schema.createTable('terms'), dialect)
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('name_normalized', 'text', (col) => col.notNull().unique())
    .addColumn('definition', 'text', (col) => col.notNull())
    .addColumn('lesson_num', 'integer', (col) => col.notNull())
    .addColumn('chapter', 'text', (col) => col.notNull())
    .addColumn('created_at', instant, (col) => col.notNull())
    .addColumn('updated_at', instant, (col) => col.notNull())
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only.');
}

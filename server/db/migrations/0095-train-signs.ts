import type { Kysely } from 'kysely';
import { dialectOf, instant, withIdColumn } from './helpers';

/**
 * Signs trainer (learning-area 'Signs trainer (train_priznaki)'): course terms with their signs —
 * true ones and plausible false ones, each explained — and per student the trainer's state (so a
 * reload continues the current term), every answer given, and the true signs a student has
 * recognised (picked in an answer that picked no false sign), for the chapter mastery.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const dialect = await dialectOf(db);

  await withIdColumn(db.schema.createTable('sign_terms'), dialect)
    .addColumn('name', 'text', (col) => col.notNull().unique())
    .addColumn('lesson_num', 'integer', (col) => col.notNull().references('lessons.number').onDelete('cascade'))
    // The definition of the same term in the term search, when it has one.
    .addColumn('term_id', 'integer', (col) => col.references('terms.id').onDelete('set null'))
    .addColumn('created_at', instant, (col) => col.notNull())
    .execute();

  await withIdColumn(db.schema.createTable('sign_term_variants'), dialect)
    .addColumn('sign_term_id', 'integer', (col) => col.notNull().references('sign_terms.id').onDelete('cascade'))
    .addColumn('position', 'integer', (col) => col.notNull())
    .addColumn('text', 'text', (col) => col.notNull())
    .addColumn('is_right', 'integer', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull())
    .addUniqueConstraint('sign_term_variants_text_unique', ['sign_term_id', 'text'])
    .addUniqueConstraint('sign_term_variants_position_unique', ['sign_term_id', 'position'])
    .execute();

  // One row per student: where they are in the trainer. variant_order is the shown order (JSON).
  await db.schema
    .createTable('sign_trainer_states')
    .addColumn('user_id', 'integer', (col) => col.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('set_type', 'text', (col) => col.notNull().defaultTo('random'))
    .addColumn('sign_term_id', 'integer', (col) => col.references('sign_terms.id').onDelete('set null'))
    .addColumn('variant_order', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('user_answer', 'text')
    .addColumn('updated_at', instant, (col) => col.notNull())
    .execute();

  await withIdColumn(db.schema.createTable('sign_trainer_answers'), dialect)
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('sign_term_id', 'integer', (col) => col.notNull().references('sign_terms.id').onDelete('cascade'))
    .addColumn('user_answer', 'text', (col) => col.notNull())
    .addColumn('is_right', 'integer', (col) => col.notNull())
    .addColumn('created_at', instant, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('sign_trainer_answers_user_idx').on('sign_trainer_answers').columns(['user_id', 'sign_term_id']).execute();

  await db.schema
    .createTable('sign_recognitions')
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('variant_id', 'integer', (col) => col.notNull().references('sign_term_variants.id').onDelete('cascade'))
    .addColumn('created_at', instant, (col) => col.notNull())
    .addPrimaryKeyConstraint('sign_recognitions_pk', ['user_id', 'variant_id'])
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only.');
}

import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { dialectOf, instant, withIdColumn } from './helpers';

/**
 * Training part 2 (learning-area §2 'Training part 2'): every training answer with its one check
 * (by the student, a classmate or the AI), the checks a classmate refused or let lapse (never
 * offered to them again), and checks of curator-checked homework answers done 'like a curator'.
 *
 * train_p2_answers.status: 'waiting' — a classmates answer in the pool (checker_id and assigned_at
 * set while someone checks it); 'checked'; 'ai_pending' — the AI job will check it; 'ai_failed' —
 * the model failed, check_comment says why (no score is ever made up).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const dialect = await dialectOf(db);
  await withIdColumn(db.schema.createTable('train_p2_answers'), dialect)
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('question_id', 'integer', (col) => col.notNull().references('questions_p2.id').onDelete('restrict'))
    .addColumn('mode', 'text', (col) => col.notNull())
    .addColumn('user_answer', 'text', (col) => col.notNull())
    .addColumn('max_points', 'integer', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('checker_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('assigned_at', instant)
    .addColumn('points', 'integer')
    .addColumn('check_comment', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('checked_at', instant)
    .addColumn('created_at', instant, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('train_p2_answers_user_idx').on('train_p2_answers').columns(['user_id', 'mode']).execute();
  await db.schema.createIndex('train_p2_answers_pool_idx').on('train_p2_answers').columns(['status', 'created_at']).execute();
  await db.schema.createIndex('train_p2_answers_checker_idx').on('train_p2_answers').columns(['checker_id', 'status']).execute();
  // One open classmate check per checker, however many requests race.
  await db.schema
    .createIndex('train_p2_answers_one_open_uq')
    .on('train_p2_answers')
    .column('checker_id')
    .unique()
    .where(sql.ref('status'), '=', sql.lit('waiting'))
    .execute();

  await db.schema
    .createTable('train_p2_refusals')
    .addColumn('answer_id', 'integer', (col) => col.notNull().references('train_p2_answers.id').onDelete('cascade'))
    .addColumn('checker_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', instant, (col) => col.notNull())
    .addPrimaryKeyConstraint('train_p2_refusals_pk', ['answer_id', 'checker_id'])
    .execute();

  await withIdColumn(db.schema.createTable('train_p2_curator_checks'), dialect)
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('source_user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('ht_num', 'integer', (col) => col.notNull())
    .addColumn('is_dop', 'integer', (col) => col.notNull())
    .addColumn('q_number', 'integer', (col) => col.notNull())
    .addColumn('question_id', 'integer', (col) => col.notNull().references('questions_p2.id').onDelete('restrict'))
    .addColumn('points', 'integer')
    .addColumn('check_comment', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('created_at', instant, (col) => col.notNull())
    .addColumn('finished_at', instant)
    .execute();
  await db.schema.createIndex('train_p2_curator_checks_user_idx').on('train_p2_curator_checks').columns(['user_id', 'created_at']).execute();
  // One unfinished check like a curator per student: it is offered again until finished.
  await db.schema
    .createIndex('train_p2_curator_checks_open_uq')
    .on('train_p2_curator_checks')
    .column('user_id')
    .unique()
    .where(sql.ref('finished_at'), 'is', null)
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only.');
}

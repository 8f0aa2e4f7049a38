import type { Kysely } from 'kysely';
import { dialectOf, instant, withIdColumn } from './helpers';

/**
 * Part 1 of homework on real questions: the question bank, the questions of each homework part,
 * every answer a student gave (saved on each step, so nothing acknowledged is lost), the
 * 'difficult' flags, and the solving position and timer start on the progress row.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const dialect = await dialectOf(db);

  // q_json holds the qJson object (src/shared/domain/questions/question-json.ts) without the
  // columns kept here for filtering (type, task number, lesson, chapter, flags, image).
  await withIdColumn(db.schema.createTable('questions_p1'), dialect)
    .addColumn('question_type', 'text', (col) => col.notNull())
    .addColumn('q_json', 'text', (col) => col.notNull())
    .addColumn('ege_num', 'integer', (col) => col.notNull())
    .addColumn('lesson_num', 'integer', (col) => col.notNull())
    .addColumn('chapter', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('is_published', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('is_selfmade', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('image_path', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('created_at', instant, (col) => col.notNull())
    .addColumn('updated_at', instant, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('questions_p1_lesson_idx').on('questions_p1').columns(['lesson_num', 'ege_num']).execute();

  await db.schema
    .createTable('homework_questions_p1')
    .addColumn('ht_num', 'integer', (col) => col.notNull().references('homeworks.num').onDelete('cascade'))
    .addColumn('is_dop', 'integer', (col) => col.notNull())
    .addColumn('q_number', 'integer', (col) => col.notNull())
    .addColumn('question_id', 'integer', (col) => col.notNull().references('questions_p1.id').onDelete('restrict'))
    .addPrimaryKeyConstraint('homework_questions_p1_pk', ['ht_num', 'is_dop', 'q_number'])
    .execute();

  // `points` and `max_points` are fixed when the answer is given (later edits to a question or to
  // the exam's points do not rewrite a finished homework). `draft` keeps a typed answer across a step back.
  await db.schema
    .createTable('homework_answers_p1')
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('ht_num', 'integer', (col) => col.notNull().references('homeworks.num').onDelete('cascade'))
    .addColumn('is_dop', 'integer', (col) => col.notNull())
    .addColumn('q_number', 'integer', (col) => col.notNull())
    .addColumn('question_id', 'integer', (col) => col.notNull().references('questions_p1.id').onDelete('restrict'))
    .addColumn('user_answer', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('draft', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('points', 'integer')
    .addColumn('max_points', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('answered_at', instant)
    .addPrimaryKeyConstraint('homework_answers_p1_pk', ['user_id', 'ht_num', 'is_dop', 'q_number'])
    .execute();

  await db.schema
    .createTable('difficult_questions')
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('question_id', 'integer', (col) => col.notNull().references('questions_p1.id').onDelete('cascade'))
    .addColumn('created_at', instant, (col) => col.notNull())
    .addPrimaryKeyConstraint('difficult_questions_pk', ['user_id', 'question_id'])
    .execute();

  // Solving position of part 1 and when its timer started; the limit is per homework (required part only).
  await db.schema.alterTable('user_homeworks').addColumn('p1_q_now', 'integer', (col) => col.notNull().defaultTo(1)).execute();
  await db.schema.alterTable('user_homeworks').addColumn('p1_q_last', 'integer', (col) => col.notNull().defaultTo(1)).execute();
  await db.schema.alterTable('user_homeworks').addColumn('p1_started_at', instant).execute();
  await db.schema.alterTable('user_homeworks').addColumn('p1_finished_at', instant).execute();
  await db.schema.alterTable('homeworks').addColumn('p1_time_limit_min', 'integer').execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only.');
}

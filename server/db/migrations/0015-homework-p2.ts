import type { Kysely } from 'kysely';
import { dialectOf, instant, withIdColumn } from './helpers';

/**
 * Part 2 of homework (written answers checked by a curator or by the student): the question bank,
 * the questions of each homework, every student's answers with their check (points, comment,
 * comment segments), and on the progress row the tab that opened the work last, the submission
 * time, the late flag and mistake-work mode.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const dialect = await dialectOf(db);

  await withIdColumn(db.schema.createTable('questions_p2'), dialect)
    .addColumn('question', 'text', (col) => col.notNull())
    .addColumn('question_image', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('explanation_image', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('explanation_markdown', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('task_number', 'integer', (col) => col.notNull())
    .addColumn('lesson_num', 'integer', (col) => col.notNull())
    .addColumn('chapter', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('max_points', 'integer', (col) => col.notNull())
    .addColumn('is_public', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('created_at', instant, (col) => col.notNull())
    .addColumn('updated_at', instant, (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('homework_questions_p2')
    .addColumn('ht_num', 'integer', (col) => col.notNull().references('homeworks.num').onDelete('cascade'))
    .addColumn('is_dop', 'integer', (col) => col.notNull())
    .addColumn('q_number', 'integer', (col) => col.notNull())
    .addColumn('question_id', 'integer', (col) => col.notNull().references('questions_p2.id').onDelete('restrict'))
    .addColumn('is_mandatory', 'integer', (col) => col.notNull().defaultTo(1))
    .addPrimaryKeyConstraint('homework_questions_p2_pk', ['ht_num', 'is_dop', 'q_number'])
    .execute();

  // `old_answer` keeps the checked answer in mistake work; `teacher_json` the comment segments.
  await db.schema
    .createTable('homework_answers_p2')
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('ht_num', 'integer', (col) => col.notNull().references('homeworks.num').onDelete('cascade'))
    .addColumn('is_dop', 'integer', (col) => col.notNull())
    .addColumn('q_number', 'integer', (col) => col.notNull())
    .addColumn('question_id', 'integer', (col) => col.notNull().references('questions_p2.id').onDelete('restrict'))
    .addColumn('user_answer', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('old_answer', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('is_checked', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('points', 'integer')
    .addColumn('teacher_comment', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('teacher_json', 'text', (col) => col.notNull().defaultTo('{}'))
    .addColumn('saved_at', instant)
    .addPrimaryKeyConstraint('homework_answers_p2_pk', ['user_id', 'ht_num', 'is_dop', 'q_number'])
    .execute();

  await db.schema.alterTable('user_homeworks').addColumn('p2_mark_save', 'text', (col) => col.notNull().defaultTo('')).execute();
  await db.schema.alterTable('user_homeworks').addColumn('p2_started_at', instant).execute();
  await db.schema.alterTable('user_homeworks').addColumn('p2_submitted_at', instant).execute();
  await db.schema.alterTable('user_homeworks').addColumn('p2_late', 'integer', (col) => col.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('user_homeworks').addColumn('p2_mistake_work', 'integer', (col) => col.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('user_homeworks').addColumn('p2_checker_id', 'integer').execute();
  await db.schema.alterTable('user_homeworks').addColumn('p2_checked_at', instant).execute();
  // 1: the student checks part 2 against the criteria ('Самопров') instead of a curator.
  await db.schema.alterTable('homeworks').addColumn('p2_self_check', 'integer', (col) => col.notNull().defaultTo(0)).execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only.');
}

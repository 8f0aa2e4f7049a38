import type { Kysely } from 'kysely';
import { dialectOf, instant, withIdColumn } from './helpers';

/**
 * The course itself: chapters, lessons, the videos, homework and credits attached to a lesson,
 * and each student's progress on them. A lesson's status (0–4) is never stored: it is derived
 * from these progress rows and the student's access (server/domains/course/lesson-status.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const dialect = await dialectOf(db);

  await withIdColumn(db.schema.createTable('chapters'), dialect)
    .addColumn('name', 'text', (col) => col.notNull().unique())
    .addColumn('position', 'integer', (col) => col.notNull())
    .addColumn('created_at', instant, (col) => col.notNull())
    .execute();

  // `opens_at` null = open from the start; `demo_access` 1 = open to Демо accounts too.
  await db.schema
    .createTable('lessons')
    .addColumn('number', 'integer', (col) => col.primaryKey())
    .addColumn('short_name', 'text', (col) => col.notNull())
    .addColumn('chapter_id', 'integer', (col) => col.notNull().references('chapters.id').onDelete('restrict'))
    .addColumn('image_path', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('opens_at', instant)
    .addColumn('demo_access', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', instant, (col) => col.notNull())
    .addColumn('updated_at', instant, (col) => col.notNull())
    .execute();

  // A video belongs to a lesson; media columns describe the HLS rendition made by the transcode job.
  await withIdColumn(db.schema.createTable('videos'), dialect)
    .addColumn('lesson_num', 'integer', (col) => col.references('lessons.number').onDelete('set null'))
    .addColumn('shown_name', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('filename', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('chapter', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('description', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('is_mandatory', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('is_published', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('preview_path', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('views', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('media_status', 'text', (col) => col.notNull().defaultTo('none'))
    .addColumn('media_error', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('media_key', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('duration_ms', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('transcript_json', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('transcript_srt', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('created_at', instant, (col) => col.notNull())
    .addColumn('updated_at', instant, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('videos_lesson_idx').on('videos').column('lesson_num').execute();

  // THEME (description), DETAILED_EXPLANATION (skipped in short mode), HASHTAG (tag search).
  await withIdColumn(db.schema.createTable('timecodes'), dialect)
    .addColumn('video_id', 'integer', (col) => col.notNull().references('videos.id').onDelete('cascade'))
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('time_start', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('time_end', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('description', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('tag', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('created_at', instant, (col) => col.notNull())
    .addColumn('updated_at', instant, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('timecodes_video_idx').on('timecodes').columns(['video_id', 'kind']).execute();

  await db.schema
    .createTable('user_videos')
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('video_id', 'integer', (col) => col.notNull().references('videos.id').onDelete('cascade'))
    .addColumn('watched', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('short_mode', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('started_at', instant)
    .addColumn('updated_at', instant, (col) => col.notNull())
    .addPrimaryKeyConstraint('user_videos_pk', ['user_id', 'video_id'])
    .execute();

  // A homework has a main part and an additional ('dop') part, each with part 1 (auto-checked)
  // and part 2 (curator-checked). Question lists arrive with the test engine; counts and maxima
  // here are what the road shows until then.
  await db.schema
    .createTable('homeworks')
    .addColumn('num', 'integer', (col) => col.primaryKey())
    .addColumn('lesson_num', 'integer', (col) => col.notNull().references('lessons.number').onDelete('restrict'))
    .addColumn('is_probnik', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('deadline_at', instant)
    .addColumn('p1_count', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('p2_count', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('dop_p1_count', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('dop_p2_count', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('p1_max', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('p2_max', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('dop_p1_max', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('dop_p2_max', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', instant, (col) => col.notNull())
    .addColumn('updated_at', instant, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('homeworks_lesson_idx').on('homeworks').column('lesson_num').execute();

  // One row per student, homework and part kind (is_dop). Status texts are the spec's (§4):
  // '' Не начато, 'Выполняется', 'Готово', 'Проверен', 'Самопров', 'Апелляция', 'Отклонен'.
  // Points are null until the part is scored.
  await db.schema
    .createTable('user_homeworks')
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('ht_num', 'integer', (col) => col.notNull().references('homeworks.num').onDelete('cascade'))
    .addColumn('is_dop', 'integer', (col) => col.notNull())
    .addColumn('status_p1', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('status_p2', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('points_p1', 'integer')
    .addColumn('points_p2', 'integer')
    .addColumn('updated_at', instant, (col) => col.notNull())
    .addPrimaryKeyConstraint('user_homeworks_pk', ['user_id', 'ht_num', 'is_dop'])
    .execute();

  // An automatic credit is shown on the card of `lesson_num` and covers `lesson_numbers` (comma list).
  await db.schema
    .createTable('credits_auto')
    .addColumn('num', 'integer', (col) => col.primaryKey())
    .addColumn('lesson_num', 'integer', (col) => col.notNull().references('lessons.number').onDelete('restrict'))
    .addColumn('lesson_numbers', 'text', (col) => col.notNull())
    .addColumn('starts_at', instant)
    .addColumn('deadline_at', instant)
    .addColumn('question_count', 'integer', (col) => col.notNull().defaultTo(10))
    .addColumn('max_minutes', 'integer', (col) => col.notNull().defaultTo(20))
    .addColumn('max_attempts', 'integer', (col) => col.notNull().defaultTo(3))
    .addColumn('max_errors', 'integer', (col) => col.notNull().defaultTo(2))
    .addColumn('created_at', instant, (col) => col.notNull())
    .execute();

  // Status texts: '' (Не начато), 'Проводится', 'Сдан', 'Несдан'.
  await db.schema
    .createTable('user_credits_auto')
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('credit_num', 'integer', (col) => col.notNull().references('credits_auto.num').onDelete('cascade'))
    .addColumn('status', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('updated_at', instant, (col) => col.notNull())
    .addPrimaryKeyConstraint('user_credits_auto_pk', ['user_id', 'credit_num'])
    .execute();

  await db.schema
    .createTable('credits_verbal')
    .addColumn('num', 'integer', (col) => col.primaryKey())
    .addColumn('lesson_num', 'integer', (col) => col.notNull().references('lessons.number').onDelete('restrict'))
    .addColumn('lesson_numbers', 'text', (col) => col.notNull())
    .addColumn('starts_on', 'text')
    .addColumn('ends_on', 'text')
    .addColumn('created_at', instant, (col) => col.notNull())
    .execute();

  // Status texts: '' (Не начат), 'Сдан', 'Несдан'.
  await db.schema
    .createTable('user_credits_verbal')
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('credit_num', 'integer', (col) => col.notNull().references('credits_verbal.num').onDelete('cascade'))
    .addColumn('status', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('updated_at', instant, (col) => col.notNull())
    .addPrimaryKeyConstraint('user_credits_verbal_pk', ['user_id', 'credit_num'])
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only.');
}

import { type Kysely, sql } from 'kysely';
import { dialectOf, instant, withIdColumn } from './helpers';

/**
 * Tables of the calendar area. `schedule_events` holds the school's lessons and test weeks
 * (shell §3.11), edited later in the back office. `audience` says who an event is for: 'all'
 * (every student) or one user type (say 'Интенсив' for the intensive course's extra sessions);
 * staff see every event.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const dialect = await dialectOf(db);

  await withIdColumn(db.schema.createTable('schedule_events'), dialect)
    .addColumn('type', 'text', (col) => col.notNull())
    // Moscow calendar days, 'YYYY-MM-DD'; a lesson starts and ends on the same day.
    .addColumn('date_start', 'text', (col) => col.notNull())
    .addColumn('date_end', 'text', (col) => col.notNull())
    // Moscow 'hh:mm'; null when the event has no set time (a test week).
    .addColumn('time_start', 'text')
    .addColumn('description', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('audience', 'text', (col) => col.notNull().defaultTo('all'))
    .addColumn('created_at', instant, (col) => col.notNull())
    .addColumn('updated_at', instant, (col) => col.notNull())
    .addCheckConstraint('schedule_events_type_check', sql`type in ('Lesson', 'Zach_week')`)
    .addCheckConstraint('schedule_events_dates_check', sql`date_end >= date_start`)
    .execute();
  await db.schema.createIndex('schedule_events_dates_idx').on('schedule_events').columns(['date_end', 'date_start']).execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only.');
}

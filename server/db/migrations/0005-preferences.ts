import type { Kysely } from 'kysely';
import { dialectOf, instant, withIdColumn } from './helpers';

/** Tables of the preferences area: feedback messages and users' shared locations (nearby people). */
export async function up(db: Kysely<unknown>): Promise<void> {
  const dialect = await dialectOf(db);

  // An anonymous message keeps no user id at all (only is_anonymous = 1), so nobody reading the
  // table can tell who wrote it; a signed one keeps the author for the back office to answer.
  await withIdColumn(db.schema.createTable('feedback_messages'), dialect)
    .addColumn('user_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('is_anonymous', 'integer', (col) => col.notNull())
    .addColumn('message', 'text', (col) => col.notNull())
    .addColumn('created_at', instant, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('feedback_messages_created_idx').on('feedback_messages').column('created_at').execute();
  await db.schema.createIndex('feedback_messages_user_idx').on('feedback_messages').column('user_id').execute();

  // One row per user who opened 'Люди рядом': the visibility switch and, while visible, the last
  // position. `expires_at` bounds how long a position counts as current.
  await db.schema
    .createTable('user_locations')
    .addColumn('user_id', 'integer', (col) => col.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('is_public', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('latitude', 'double precision')
    .addColumn('longitude', 'double precision')
    .addColumn('located_at', instant)
    .addColumn('expires_at', instant)
    .execute();
  // The nearest-users query narrows to a bounding box on these two before measuring distances.
  await db.schema.createIndex('user_locations_lat_lon_idx').on('user_locations').columns(['latitude', 'longitude']).execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only.');
}

import type { Kysely } from 'kysely';
import { snapToCell } from '../../../src/shared/domain/location-grid';

/**
 * 'Люди рядом' keeps positions only on the ~1 km grid (issue #25): positions stored before this
 * were exact, so each is replaced by the centre of its cell. Later writes are snapped by the server.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const locations = db.withTables<{ user_locations: { user_id: number; latitude: number | null; longitude: number | null } }>();
  const rows = await locations.selectFrom('user_locations').select(['user_id', 'latitude', 'longitude']).where('latitude', 'is not', null).where('longitude', 'is not', null).execute();
  for (const row of rows) {
    const cell = snapToCell({ latitude: row.latitude!, longitude: row.longitude! });
    await locations.updateTable('user_locations').set(cell).where('user_id', '=', row.user_id).execute();
  }
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only.');
}

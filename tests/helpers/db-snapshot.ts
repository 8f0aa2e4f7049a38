import { sql } from 'kysely';
import type { Services } from '../../server/services';

/** Every row of every table, as one comparable string: "the database did not change". */
export async function snapshotDatabase(services: Pick<Services, 'db' | 'dialect'>): Promise<string> {
  const { db, dialect } = services;
  const tables =
    dialect === 'sqlite'
      ? await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name`.execute(db)
      : await sql<{ name: string }>`select table_name as name from information_schema.tables where table_schema = current_schema() order by table_name`.execute(db);
  const parts: string[] = [];
  for (const { name } of tables.rows) {
    // Replay-cache and sign-in-counter rows (server/kv/database-store.ts) change with every signed call.
    if (name === 'kv_entries') continue;
    const rows = await sql<Record<string, unknown>>`select * from ${sql.table(name)}`.execute(db);
    // The key-value sweep's job row reschedules itself every minute, whatever the calls did.
    const kept = name === 'jobs' ? rows.rows.filter((row) => row.kind !== 'kv-sweep') : rows.rows;
    const lines = kept.map((row) => JSON.stringify(Object.entries(row).sort(([a], [b]) => a.localeCompare(b)))).sort();
    parts.push(`${name}:${lines.join('\n')}`);
  }
  return parts.join('\n\n');
}

import type { CreateTableBuilder, Kysely } from 'kysely';


/** Which SQL dialect a migration runs on; the few differences live in helpers like this one. */
export type Dialect = 'sqlite' | 'postgres';

export async function dialectOf(db: Kysely<unknown>): Promise<Dialect> {
  // The adapter class name is stable across Kysely versions for the two built-in dialects.
  const adapter = db.getExecutor().adapter.constructor.name;
  return adapter.startsWith('Postgres') ? 'postgres' : 'sqlite';
}

/** Auto-increment integer primary key `id` on both dialects. */
export function withIdColumn<T extends string>(table: CreateTableBuilder<T, never>, dialect: Dialect) {
  return dialect === 'postgres'
    ? table.addColumn('id', 'serial', (col) => col.primaryKey())
    : table.addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement());
}

/** Epoch-millisecond columns need 64 bits on PostgreSQL; SQLite integers already are. */
export const instant = 'bigint' as const;

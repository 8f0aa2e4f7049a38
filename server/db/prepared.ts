import { CompiledQuery, type Compilable } from 'kysely';
import { hotReaderOf, type Db } from './index';

interface Compiled {
  sql: string;
  positions: Array<{ index: number } | { constant: unknown }>;
}

/** The statement on the database's hot reader (SQLite file); undefined rows: not run there. */
type Hot = { all(...parameters: unknown[]): unknown[] | undefined };

/**
 * A query built and compiled once per database, then run with new parameter values: for the few
 * queries on every call's path, where Kysely's building and compiling cost more than SQLite's work.
 *
 * `build` receives sentinel values and must use each exactly where its argument goes; the
 * compiled parameter list is searched for them, so the order Kysely emits never matters.
 *
 * On a SQLite file the query runs synchronously through the database's hot reader (see `hotReaderOf`):
 * the last committed state. Pass a transaction to read inside it instead (compiled once all the
 * same: the compiled SQL is kept per dialect adapter, which a transaction shares). Only for reads.
 */
export function preparedQuery<Args extends readonly unknown[], Row>(
  sentinels: Args,
  build: (db: Db, ...args: Args) => Compilable<Row>,
): (db: Db, ...args: Args) => Promise<Row[]> {
  return prepared('read', sentinels, build);
}

/**
 * Like `preparedQuery`, for a write on a call's hot path (the replay cache, a part 2 save): given
 * the database on a SQLite file it runs synchronously on the main connection as an autocommit
 * unless a transaction is open there, else through Kysely's queue. Given a transaction it runs
 * inside it, compiled once all the same (building a Kysely upsert cost more than SQLite's work).
 */
export function preparedWrite<Args extends readonly unknown[], Row>(
  sentinels: Args,
  build: (db: Db, ...args: Args) => Compilable<Row>,
): (db: Db, ...args: Args) => Promise<Row[]> {
  return prepared('write', sentinels, build);
}

function prepared<Args extends readonly unknown[], Row>(
  mode: 'read' | 'write',
  sentinels: Args,
  build: (db: Db, ...args: Args) => Compilable<Row>,
): (db: Db, ...args: Args) => Promise<Row[]> {
  // The SQL depends only on the dialect: compiled once per adapter, which a transaction shares
  // with its database, so a statement inside a transaction is not built again either.
  const perAdapter = new WeakMap<object, Compiled>();
  // The synchronous statement, per database that has a hot reader (a SQLite file; never a transaction).
  const hotPerDb = new WeakMap<Db, Hot | null>();
  const compile = (db: Db): Compiled => {
    const query = build(db, ...sentinels).compile();
    const positions = query.parameters.map((value) => {
      const index = sentinels.indexOf(value);
      return index >= 0 ? { index } : { constant: value };
    });
    sentinels.forEach((_sentinel, index) => {
      if (!positions.some((position) => 'index' in position && position.index === index)) {
        throw new Error(`preparedQuery: sentinel #${index} is not a parameter of the query`);
      }
    });
    return { sql: query.sql, positions };
  };
  const hotOf = (db: Db, compiled: Compiled): Hot | null => {
    let hot = hotPerDb.get(db);
    if (hot === undefined) {
      const reader = hotReaderOf(db);
      hot = reader ? (mode === 'read' ? reader.prepare(compiled.sql) : reader.prepareWrite(compiled.sql)) : null;
      hotPerDb.set(db, hot);
    }
    return hot;
  };
  return async (db, ...args) => {
    const adapter = db.getExecutor().adapter;
    let compiled = perAdapter.get(adapter);
    if (!compiled) perAdapter.set(adapter, (compiled = compile(db)));
    const parameters = compiled.positions.map((position) => ('index' in position ? args[position.index] : position.constant));
    // Only a database with a hot reader can have a hot statement: a transaction never pays the lookup.
    const rows = hotReaderOf(db) ? hotOf(db, compiled)?.all(...parameters) : undefined;
    if (rows) return rows as Row[];
    const result = await db.executeQuery<Row>(CompiledQuery.raw(compiled.sql, parameters));
    return result.rows;
  };
}

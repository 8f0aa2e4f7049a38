import { CompiledQuery, type Compilable } from 'kysely';
import { hotReaderOf, type Db } from './index';

interface Compiled {
  sql: string;
  positions: Array<{ index: number } | { constant: unknown }>;
  /** The statement on the database's hot reader, when it has one (SQLite file); undefined rows: not run. */
  hot?: { all(...parameters: unknown[]): unknown[] | undefined };
}

/**
 * A query built and compiled once per database, then run with new parameter values: for the few
 * queries on every call's path, where Kysely's building and compiling cost more than SQLite's work.
 *
 * `build` receives sentinel values and must use each exactly where its argument goes; the
 * compiled parameter list is searched for them, so the order Kysely emits never matters.
 *
 * On a SQLite file the query runs synchronously through the database's hot reader (see `hotReaderOf`):
 * the last committed state. Pass a transaction to read inside it instead. Only for reads.
 */
export function preparedQuery<Args extends readonly unknown[], Row>(
  sentinels: Args,
  build: (db: Db, ...args: Args) => Compilable<Row>,
): (db: Db, ...args: Args) => Promise<Row[]> {
  return prepared('read', sentinels, build);
}

/**
 * Like `preparedQuery`, for a one-statement write on every call's path (the replay cache): on a
 * SQLite file it runs synchronously on the main connection unless a transaction is open there,
 * else through Kysely. Autocommit only: never pass a transaction.
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
  const perDb = new WeakMap<Db, Compiled>();
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
    const reader = hotReaderOf(db);
    const hot = mode === 'read' ? reader?.prepare(query.sql) : reader?.prepareWrite(query.sql);
    return { sql: query.sql, positions, ...(hot ? { hot } : {}) };
  };
  return async (db, ...args) => {
    let compiled = perDb.get(db);
    if (!compiled) perDb.set(db, (compiled = compile(db)));
    const parameters = compiled.positions.map((position) => ('index' in position ? args[position.index] : position.constant));
    const rows = compiled.hot?.all(...parameters);
    if (rows) return rows as Row[];
    const result = await db.executeQuery<Row>(CompiledQuery.raw(compiled.sql, parameters));
    return result.rows;
  };
}

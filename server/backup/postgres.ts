import { spawn } from 'node:child_process';
import { stat } from 'node:fs/promises';
import pg from 'pg';
import { BackupError } from './manifest';
import { migrationState } from './migration-state';

/**
 * PostgreSQL through its own tools: `pg_dump --format=custom` for the copy, `pg_restore` to read it
 * back. They run from PATH with the password in PGPASSWORD, never on the command line (`ps` shows that).
 */

/** libpq's arguments for DATABASE_URL: the URL without its password, and the password as env. */
function libpqTarget(databaseUrl: string): { url: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return { url: url.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

/** The address of the database for the manifest and messages: no password. */
export function describePostgres(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  url.password = '';
  url.search = '';
  return url.toString();
}

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs a PostgreSQL tool; a missing one is the operator's to install (Russian words, the package named). */
function runTool(tool: string, args: readonly string[], env: NodeJS.ProcessEnv, stdin?: NodeJS.ReadableStream): Promise<Run> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(tool, args, { env, stdio: [stdin ? 'pipe' : 'ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr = (stderr + chunk).slice(-20_000)));
    if (stdin && child.stdin) stdin.pipe(child.stdin);
    child.once('error', (error: NodeJS.ErrnoException) =>
      reject(error.code === 'ENOENT' ? new BackupError(`Программа ${tool} не найдена: установите клиент PostgreSQL той же версии, что сервер (Debian: apt install postgresql-client).`) : error),
    );
    child.once('close', (code) => resolvePromise({ code: code ?? 1, stdout, stderr }));
  });
}

/** The major version in `pg_dump (PostgreSQL) 15.20 (Debian …)`. */
export function majorOf(version: string): number {
  return Number(/(\d+)(?:\.\d+)?/.exec(version)?.[1] ?? NaN);
}

async function toolVersion(tool: string): Promise<string> {
  const run = await runTool(tool, ['--version'], process.env);
  const version = /\(PostgreSQL\)\s+(\S+)/.exec(run.stdout)?.[1];
  if (run.code !== 0 || !version) throw new BackupError(`Не удалось узнать версию ${tool}: ${run.stderr.trim() || run.stdout.trim()}`);
  return version;
}

async function withClient<T>(databaseUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 10_000 });
  try {
    await client.connect();
  } catch (error) {
    throw new BackupError(`Нет связи с базой ${describePostgres(databaseUrl)}: ${error instanceof Error ? error.message : String(error)}`);
  }
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function tableExists(client: pg.Client, name: string): Promise<boolean> {
  const { rows } = await client.query<{ found: string | null }>('select to_regclass($1) as found', [name]);
  return rows[0]?.found != null;
}

/**
 * `pg_dump -Fc` of the whole database into `target`. The figures (migrations, users) are read in
 * the very snapshot pg_dump copies (`pg_export_snapshot`), so the manifest describes the dump.
 */
export async function dumpPostgres(databaseUrl: string, target: string) {
  const tool = await toolVersion('pg_dump');
  return withClient(databaseUrl, async (client) => {
    const serverVersion = (await client.query<{ server_version: string }>('show server_version')).rows[0]!.server_version.split(' ')[0]!;
    if (majorOf(tool) < majorOf(serverVersion)) {
      throw new BackupError(`pg_dump версии ${tool} старше сервера PostgreSQL ${serverVersion}: поставьте клиент той же версии (Debian: apt install postgresql-client-${majorOf(serverVersion)}). Копия не сделана.`);
    }
    await client.query('begin isolation level repeatable read read only');
    try {
      const snapshot = (await client.query<{ snapshot: string }>('select pg_export_snapshot() as snapshot')).rows[0]!.snapshot;
      const applied = (await tableExists(client, 'kysely_migration')) ? (await client.query<{ name: string }>('select name from kysely_migration')).rows.map((row) => row.name) : [];
      const users = (await tableExists(client, 'users')) ? Number((await client.query<{ n: string }>('select count(*) as n from users')).rows[0]!.n) : 0;
      const { url, env } = libpqTarget(databaseUrl);
      const run = await runTool('pg_dump', ['--format=custom', `--file=${target}`, `--snapshot=${snapshot}`, '--no-password', `--dbname=${url}`], env);
      if (run.code !== 0) throw new BackupError(`pg_dump не сделал копию (код ${run.code}): ${run.stderr.trim()}`);
      return { source: describePostgres(databaseUrl), serverVersion, toolVersion: tool, users, ...migrationState(applied) };
    } finally {
      await client.query('commit');
    }
  });
}

/** Tables, views and sequences outside the system schemas: none in a fresh database. */
export async function postgresIsEmpty(databaseUrl: string): Promise<boolean> {
  return withClient(databaseUrl, async (client) => {
    const { rows } = await client.query<{ n: string }>(
      `select count(*) as n from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where c.relkind in ('r', 'p', 'v', 'm', 'S', 'f')
          and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_%'`,
    );
    return Number(rows[0]!.n) === 0;
  });
}

/**
 * With --force: everything the database holds, dropped in the restore's own transaction (so a
 * failed restore leaves the old data). Other schemas go whole (the dump creates them again);
 * `public` stays and loses its objects; extensions' own objects are left to their extension.
 */
const WIPE = `
do $wipe$
declare r record;
begin
  for r in select nspname from pg_namespace
            where nspname not in ('public', 'information_schema') and nspname not like 'pg\\_%'
              and not exists (select 1 from pg_depend d where d.objid = pg_namespace.oid and d.deptype = 'e') loop
    execute format('drop schema %I cascade', r.nspname);
  end loop;
  for r in select c.relname, c.relkind from pg_class c
            where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p', 'v', 'm', 'S', 'f')
              and not exists (select 1 from pg_depend d where d.objid = c.oid and d.deptype = 'e') loop
    execute format('drop %s if exists public.%I cascade',
      case r.relkind when 'v' then 'view' when 'm' then 'materialized view' when 'S' then 'sequence' when 'f' then 'foreign table' else 'table' end,
      r.relname);
  end loop;
  for r in select p.oid::regprocedure as routine from pg_proc p
            where p.pronamespace = 'public'::regnamespace
              and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e') loop
    execute format('drop routine if exists %s cascade', r.routine);
  end loop;
  for r in select t.oid::regtype as type from pg_type t
            where t.typnamespace = 'public'::regnamespace and t.typtype in ('e', 'd', 'r', 'm')
              and not exists (select 1 from pg_depend d where d.objid = t.oid and d.deptype = 'e') loop
    execute format('drop type if exists %s cascade', r.type);
  end loop;
end
$wipe$;
`;

/**
 * Restores a `pg_dump -Fc` file into DATABASE_URL in one transaction: pg_restore turns the archive
 * into SQL and psql runs it with --single-transaction and ON_ERROR_STOP, so any error rolls the
 * whole restore back (with --force, the wipe before it too). Ownership and grants of the source
 * are not restored: the objects belong to DATABASE_URL's user, who runs the server.
 */
export async function restorePostgres(dumpFile: string, databaseUrl: string, options: { force: boolean; dumpToolVersion?: string }): Promise<void> {
  const restoreVersion = await toolVersion('pg_restore');
  if (options.dumpToolVersion && majorOf(restoreVersion) < majorOf(options.dumpToolVersion)) {
    throw new BackupError(
      `Копию сделал pg_dump ${options.dumpToolVersion}, а pg_restore здесь версии ${restoreVersion}: поставьте клиент PostgreSQL ${majorOf(options.dumpToolVersion)} или новее. Ничего не изменено.`,
    );
  }
  await toolVersion('psql');
  await stat(dumpFile);
  const script = spawn('pg_restore', ['--no-owner', '--no-privileges', '--file=-', dumpFile], { stdio: ['ignore', 'pipe', 'pipe'] });
  let restoreErrors = '';
  script.stderr.setEncoding('utf8').on('data', (chunk: string) => (restoreErrors = (restoreErrors + chunk).slice(-20_000)));
  const scriptDone = new Promise<number>((resolvePromise) => script.once('close', (code) => resolvePromise(code ?? 1)));
  const { url, env } = libpqTarget(databaseUrl);
  const args = ['--no-psqlrc', '--quiet', '--no-password', '--single-transaction', '--set=ON_ERROR_STOP=1', `--dbname=${url}`];
  if (options.force) args.push(`--command=${WIPE}`);
  args.push('--file=-');
  const run = await runTool('psql', args, { ...env, PGOPTIONS: '--client-min-messages=warning' }, script.stdout);
  const scriptCode = await scriptDone;
  if (scriptCode !== 0) throw new BackupError(`pg_restore не прочитал копию (код ${scriptCode}): ${restoreErrors.trim()}. База не изменена.`);
  if (run.code !== 0) throw new BackupError(`Восстановление в PostgreSQL не удалось, база не изменена: ${run.stderr.trim()}`);
}

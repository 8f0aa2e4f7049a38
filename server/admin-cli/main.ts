import { text } from 'node:stream/consumers';
import { ConfigError, loadConfig } from '../config';
import { sql } from 'kysely';
import { migrateToLatest, openDatabase, type Db } from '../db';
import { domainMigrations } from '../domains';
import { AdminCommandError, createAdmin, oneTimePassword, resetPassword } from './accounts';

const USAGE = [
  'Использование:',
  '  npm run admin -- create <логин> [--password-stdin]   создать администратора',
  '  npm run admin -- reset <логин> [--password-stdin]    выдать аккаунту новый пароль',
  '  npm run admin -- migrate                             довести схему базы до этой версии (то же делает старт сервера)',
  'Пароль действует на один вход: при входе его нужно сменить. Без --password-stdin он создаётся случайно и печатается.',
].join('\n');

/** `npm run admin`: the first admin of a new installation, or a new password for a locked-out one. */
async function main(argv: string[]): Promise<number> {
  if (argv.length === 1 && argv[0] === 'migrate') return migrate();
  const [command, login, ...flags] = argv;
  const fromStdin = flags.includes('--password-stdin');
  if ((command !== 'create' && command !== 'reset') || !login || flags.some((flag) => flag !== '--password-stdin')) {
    process.stderr.write(USAGE + '\n');
    return 2;
  }
  const config = loadConfig();
  const password = fromStdin ? (await text(process.stdin)).replace(/\r?\n$/, '') : oneTimePassword();
  const opened = openDatabase(config.DATABASE_URL);
  try {
    // The server's full set (domains carry theirs since 0109): a database the server migrated
    // has run them, and the migrator refuses a set that misses one it has run.
    await migrateToLatest(opened.db, domainMigrations);
    if (command === 'create') await createAdmin(opened.db, login, password, Date.now());
    else await resetPassword(opened.db, login, password, Date.now());
  } finally {
    await opened.close();
  }
  const done = command === 'create' ? `Администратор ${login.trim().toLowerCase()} создан.` : `Пароль аккаунта ${login.trim().toLowerCase()} заменён, его сеансы завершены.`;
  process.stdout.write(`${done}\n`);
  if (!fromStdin) process.stdout.write(`Пароль на один вход: ${password}\n`);
  process.stdout.write('При первом входе сайт попросит задать свой пароль.\n');
  return 0;
}

/** The upgrade's separate step (README «Обновление»): a failing migration shows here, before any restart. */
async function migrate(): Promise<number> {
  const config = loadConfig();
  const opened = openDatabase(config.DATABASE_URL);
  try {
    const applied = await appliedMigrations(opened.db);
    await migrateToLatest(opened.db, domainMigrations);
    const now = await appliedMigrations(opened.db);
    process.stdout.write(`Схема базы обновлена: выполнено новых миграций — ${now.length - applied.length}, последняя — ${now.at(-1) ?? '—'}.\n`);
  } finally {
    await opened.close();
  }
  return 0;
}

async function appliedMigrations(db: Db): Promise<string[]> {
  try {
    const rows = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db);
    return rows.rows.map((row) => row.name);
  } catch {
    // A new database: no bookkeeping table yet.
    return [];
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    const known = error instanceof AdminCommandError || error instanceof ConfigError;
    process.stderr.write(`${known ? (error as Error).message : `Не удалось: ${error instanceof Error ? error.message : String(error)}`}\n`);
    process.exit(1);
  },
);

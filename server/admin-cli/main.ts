import { text } from 'node:stream/consumers';
import { ConfigError, loadConfig } from '../config';
import { migrateToLatest, openDatabase } from '../db';
import { AdminCommandError, createAdmin, oneTimePassword, resetPassword } from './accounts';

const USAGE = [
  'Использование:',
  '  npm run admin -- create <логин> [--password-stdin]   создать администратора',
  '  npm run admin -- reset <логин> [--password-stdin]    выдать аккаунту новый пароль',
  'Пароль действует на один вход: при входе его нужно сменить. Без --password-stdin он создаётся случайно и печатается.',
].join('\n');

/** `npm run admin`: the first admin of a new installation, or a new password for a locked-out one. */
async function main(argv: string[]): Promise<number> {
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
    await migrateToLatest(opened.db);
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

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    const known = error instanceof AdminCommandError || error instanceof ConfigError;
    process.stderr.write(`${known ? (error as Error).message : `Не удалось: ${error instanceof Error ? error.message : String(error)}`}\n`);
    process.exit(1);
  },
);

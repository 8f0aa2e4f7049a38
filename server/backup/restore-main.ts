import { ConfigError, loadConfig } from '../config';
import { BackupError } from './manifest';
import { restoreBackup } from './restore';

const USAGE = [
  'Использование: npm run restore -- <папка копии> [--force]',
  '  Восстанавливает копию npm run backup в базу DATABASE_URL и хранилище STORAGE_DIR (или STORAGE_URL).',
  '  Сервер должен быть остановлен. Без --force база и хранилище должны быть пусты.',
].join('\n');

/** `npm run restore`: a backup folder back into a fresh database and an empty storage (README «Резервные копии»). */
async function main(argv: string[]): Promise<number> {
  const force = argv.includes('--force');
  const rest = argv.filter((arg) => arg !== '--force');
  if (rest.length !== 1 || rest[0]!.startsWith('-')) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  const config = loadConfig();
  const report = await restoreBackup({ config, folder: rest[0]!, force, now: new Date() });
  const { database, storage } = report.manifest;
  process.stdout.write(`Копия базы ${database.kind === 'sqlite' ? 'SQLite' : 'PostgreSQL'} от ${report.manifest.createdAt} (Енот ${report.manifest.appVersion}) проверена по контрольным суммам.\n`);
  process.stdout.write(`База данных восстановлена: пользователей ${database.users}, миграция ${database.migration ?? '—'}.\n`);
  if (storage.objectsCopied) process.stdout.write(`Файлы восстановлены: ${report.files} шт.\n`);
  else if (report.missingObjects.length > 0) {
    process.stdout.write(`В копии только список файлов S3, и в корзине нет ${report.missingObjects.length} из них (например, ${report.missingObjects[0]}): верните их из копии провайдера.\n`);
  } else process.stdout.write('В копии только список файлов S3; все они есть в корзине.\n');
  for (const path of report.movedAside) process.stdout.write(`Прежние данные отложены (удалите, когда убедитесь, что всё на месте): ${path}\n`);
  if (report.migratesAtStart) process.stdout.write('Копия сделана более старой версией: при запуске сервер доведёт схему базы до текущей.\n');
  process.stdout.write('Готово: запустите сервер.\n');
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    const known = error instanceof BackupError || error instanceof ConfigError;
    process.stderr.write(`${known ? (error as Error).message : `Восстановление не удалось: ${error instanceof Error ? error.message : String(error)}`}\n`);
    process.exit(1);
  },
);

import { ConfigError, loadConfig } from '../config';
import { BackupError, backupSqlite, postgresBackupHint } from './backup';

/** `npm run backup -- <папка>`: a copy of the SQLite database and the storage folder (README «Резервные копии»). */
async function main(argv: string[]): Promise<number> {
  const [folder, ...rest] = argv;
  if (!folder || rest.length > 0) {
    process.stderr.write('Использование: npm run backup -- <новая папка для копии>\n');
    return 2;
  }
  const config = loadConfig();
  if (!config.DATABASE_URL.startsWith('sqlite:')) {
    process.stdout.write(postgresBackupHint(folder) + '\n');
    return 0;
  }
  const manifest = await backupSqlite({ databaseUrl: config.DATABASE_URL, storageDir: config.STORAGE_DIR, folder, now: new Date() });
  const megabytes = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
  process.stdout.write(`База данных скопирована: ${manifest.database.file} (${megabytes(manifest.database.bytes)} МБ)\n`);
  process.stdout.write(
    manifest.storage ? `Файлы скопированы: storage/ (${manifest.storage.files} файлов, ${megabytes(manifest.storage.bytes)} МБ)\n` : 'Папки с файлами ещё нет: копировать нечего.\n',
  );
  // S3-compatible storage (STORAGE_URL) keeps files in the provider's bucket, outside this folder.
  if (process.env.STORAGE_URL?.startsWith('s3:')) process.stdout.write('Файлы хранятся в S3: бакет копируйте средствами провайдера (версионирование или репликация бакета).\n');
  process.stdout.write(`Готово: ${folder} (manifest.json описывает копию)\n`);
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    const known = error instanceof BackupError || error instanceof ConfigError;
    process.stderr.write(`${known ? (error as Error).message : `Копия не сделана: ${error instanceof Error ? error.message : String(error)}`}\n`);
    process.exit(1);
  },
);

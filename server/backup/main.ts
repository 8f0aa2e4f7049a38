import { ConfigError, loadConfig } from '../config';
import { createBackup } from './backup';
import { BackupError } from './manifest';

const USAGE = [
  'Использование: npm run backup -- [папка копий] [--keep N] [--s3-listing-only]',
  '  папка копий        где создать папку копии enot-<время UTC> (по умолчанию BACKUP_DIR, ./data/backups)',
  '  --keep N           после копии оставить N самых новых копий в этой папке, старые удалить',
  '  --s3-listing-only  при STORAGE_URL=s3://…: записать список объектов корзины, сами файлы не скачивать',
].join('\n');

const megabytes = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

/** `npm run backup`: the database, the stored files, SHA256SUMS and manifest.json in one new folder (README «Резервные копии»). */
async function main(argv: string[]): Promise<number> {
  const positional: string[] = [];
  let keep: number | undefined;
  let s3ListingOnly = false;
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i]!;
    if (arg === '--keep') {
      keep = Number(argv[(i += 1)]);
      if (!Number.isInteger(keep) || keep < 1) {
        process.stderr.write(`--keep: ожидалось целое число от 1\n${USAGE}\n`);
        return 2;
      }
    } else if (arg === '--s3-listing-only') s3ListingOnly = true;
    else if (arg.startsWith('-') || positional.length > 0) {
      process.stderr.write(`${USAGE}\n`);
      return 2;
    } else positional.push(arg);
  }
  const config = loadConfig();
  const root = positional[0] ?? config.BACKUP_DIR;
  const { folder, manifest, removed } = await createBackup({ config, root, now: new Date(), keep, s3ListingOnly });
  const { database, storage } = manifest;
  process.stdout.write(
    `База данных (${database.kind === 'sqlite' ? 'SQLite' : `PostgreSQL ${database.serverVersion ?? ''}`.trim()}) скопирована: ${database.file}, ${megabytes(database.bytes)} МБ, ` +
      `пользователей ${database.users}, миграция ${database.migration ?? '—'}\n`,
  );
  if (storage.kind === 's3' && !storage.objectsCopied) {
    process.stdout.write(`Файлы в S3 (${storage.source}): записан только список, ${storage.files} объектов, ${megabytes(storage.bytes)} МБ — сами файлы копируйте средствами провайдера\n`);
  } else {
    process.stdout.write(`Файлы скопированы из ${storage.source}: ${storage.files} шт., ${megabytes(storage.bytes)} МБ\n`);
  }
  for (const old of removed) process.stdout.write(`Удалена старая копия: ${old}\n`);
  process.stdout.write(`Готово: ${folder}\n`);
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

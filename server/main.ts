import { ConfigError, loadConfig } from './config';
import { DEMO_PASSWORD } from './db/seed/demo';
import { demoOffLine } from './db/seed/policy';
import { startServer } from './server';

/** `npm start`: read config, open db, migrate, seed, listen, print where to go. */
async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(error.message + '\n');
      process.exit(1);
    }
    throw error;
  }
  const server = await startServer(config);
  // Checked now so a missing or broken ffmpeg is one warning at start, not a surprise at the first upload.
  const [video, ocr] = await Promise.all([server.services.videoTools.status(), server.services.ocr.status()]);
  const lines = [
    '',
    `Енот запущен: ${server.url}/study/`,
    `База данных: ${config.DATABASE_URL.startsWith('sqlite:') ? config.DATABASE_URL : 'PostgreSQL'}` +
      (config.REDIS_URL ? ', Redis: включён' : ''),
    server.services.videoTools.describe() + (video.problem ? ' — видео не обрабатываются (см. предупреждение выше)' : ''),
    server.services.ocr.describe() + (ocr.problem ? ' — страницы не распознаются (см. предупреждение выше)' : ''),
  ];
  if (server.seeded.length > 0) {
    lines.push(`Созданы демо-аккаунты (пароль у всех: ${DEMO_PASSWORD}):`);
    for (const account of server.seeded) lines.push(`  ${account.login.padEnd(13)} ${account.type.padEnd(11)} ${account.fullName}`);
  } else if (config.DEMO_SEED) {
    lines.push(`Демо-аккаунты: admin, curator, student, intensive, demo, inactive, partial, subscription, package (пароль ${DEMO_PASSWORD}), если база создана демо-наполнением.`);
  } else {
    lines.push(demoOffLine({ seed: config.DEMO_SEED, lockDemoPassword: config.DEMO_PASSWORD_LOCKED }));
  }
  // For the person at the terminal: on stderr, so stdout holds only the JSON log lines (jq reads them all).
  process.stderr.write(lines.join('\n') + '\n\n');

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    server.services.log.info(`${signal}: останавливаюсь…`);
    server.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((error: unknown) => {
  process.stderr.write(`Не удалось запустить сервер: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});

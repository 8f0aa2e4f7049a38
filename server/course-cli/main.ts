import { ConfigError, loadConfig } from '../config';
import { CourseCommandError, runCourseCommand } from './commands';

/** `npm run course -- export|import …` (README «Пакет курса»): reads the same environment as the server. */
async function main(argv: string[]): Promise<number> {
  const lines = await runCourseCommand(argv, loadConfig(), Date.now());
  process.stdout.write(lines.join('\n') + '\n');
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof CourseCommandError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(error.exitCode);
    }
    process.stderr.write(`${error instanceof ConfigError ? error.message : `Не удалось: ${error instanceof Error ? error.message : String(error)}`}\n`);
    process.exit(1);
  },
);

import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { openDatabase } from '../db';
import { DEMO_COURSE_DIR } from '../db/seed/demo-course';
import { DEMO_COURSE } from '../db/seed/demo-course-content';
import { CourseCommandError, runCourseCommand } from './commands';

/** `npm run course` against a SQLite file: the same entry the bundled CLI runs (main.ts only prints). */
/** Every question the demo package carries (parts 1 and 2, oral). */
const QUESTIONS = DEMO_COURSE.questionsP1.length + DEMO_COURSE.questionsP2.length + DEMO_COURSE.oralQuestions.length;

describe('npm run course', () => {
  const dir = mkdtempSync(join(tmpdir(), 'enot-course-cli-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const config = (name: string) => loadConfig({ DATABASE_URL: `sqlite:${join(dir, name)}`, STORAGE_DIR: join(dir, `${name}-storage`) });
  const run = (argv: string[], name: string) => runCourseCommand(argv, config(name), Date.parse('2026-12-06T10:00:00Z'));
  const failure = (promise: Promise<unknown>) =>
    promise.then(
      () => null,
      (error: unknown) => error,
    );

  it('imports the demo package folder into an empty database from a start day, exports it, and imports the zip elsewhere', async () => {
    const imported = await run(['import', DEMO_COURSE_DIR, '--start', '2027-09-01'], 'a.db');
    expect(imported).toEqual([`Курс загружен из ${DEMO_COURSE_DIR}: глав 6, уроков 10, вопросов ${QUESTIONS}.`]);
    const opened = openDatabase(`sqlite:${join(dir, 'a.db')}`);
    const first = await opened.db.selectFrom('lessons').select('opens_at').where('number', '=', 1).executeTakeFirstOrThrow();
    await opened.close();
    // 00:00 Moscow time of the start day.
    expect(first.opens_at).toBe(Date.parse('2027-08-31T21:00:00Z'));

    const zip = join(dir, 'курс.zip');
    const exported = await run(['export', zip], 'a.db');
    expect(exported[0]).toMatch(/^Курс выгружен в .*курс\.zip/);
    expect(exported[1]).toBe(`глав 6, уроков 10, домашних заданий 10, вопросов ${QUESTIONS}, видео 2.`);
    expect(statSync(zip).size).toBeGreaterThan(10_000);
    expect(await run(['import', zip], 'b.db')).toEqual([`Курс загружен из ${zip}: глав 6, уроков 10, вопросов ${QUESTIONS}.`]);

    // A second import over content needs --replace (nobody has answers here, so it is allowed).
    const refused = await failure(run(['import', zip], 'b.db'));
    expect(refused).toBeInstanceOf(CourseCommandError);
    expect((refused as CourseCommandError).message).toBe('В курсе уже есть содержимое. Чтобы заменить его пакетом, включите замену (--replace)');
    expect(await run(['import', zip, '--replace'], 'b.db')).toHaveLength(1);
  });

  it('refuses a wrong call or a missing file with a Russian message and a non-zero code', async () => {
    for (const [argv, code, message] of [
      [['unpack', 'x.zip'], 2, /^Использование:/],
      [['import', 'x.zip', '--start', '2027-02-30'], 2, /Дата начала курса «2027-02-30» неверна/],
      [['export', 'x.zip', '--replace'], 2, /Неизвестный параметр «--replace»/],
      [['import', join(dir, 'нет.zip')], 1, /Файл пакета не найден/],
    ] as const) {
      const error = await failure(run([...argv], 'c.db'));
      expect(error, argv.join(' ')).toBeInstanceOf(CourseCommandError);
      expect((error as CourseCommandError).exitCode).toBe(code);
      expect((error as CourseCommandError).message).toMatch(message);
    }
  });

  it('runs as a process: Russian output, exit code 0 on success and non-zero on a refused package', async () => {
    const root = fileURLToPath(new URL('../..', import.meta.url));
    const cli = (args: string[]) =>
      new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
        execFile(
          process.execPath,
          ['--import', 'tsx', 'server/course-cli/main.ts', ...args],
          { cwd: root, env: { ...process.env, DATABASE_URL: `sqlite:${join(dir, 'd.db')}`, STORAGE_DIR: join(dir, 'd-storage'), LOG_LEVEL: 'silent' }, encoding: 'utf8' },
          (error, stdout, stderr) => resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr }),
        );
      });
    const ok = await cli(['import', DEMO_COURSE_DIR]);
    expect(ok).toMatchObject({ code: 0, stderr: '' });
    expect(ok.stdout).toContain('Курс загружен из');
    const refused = await cli(['import', DEMO_COURSE_DIR]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toBe('В курсе уже есть содержимое. Чтобы заменить его пакетом, включите замену (--replace)\n');
    // Two processes that each compile and import the whole server through tsx: ~10 s apiece on a
    // quiet 2-core machine, past 15 s under a busy one, so the default 30 s was not enough.
  }, 120_000);
});

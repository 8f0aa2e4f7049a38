import { writeFile } from 'node:fs/promises';
import type { Config } from '../config';
import { migrateToLatest, openDatabase } from '../db';
import { domainMigrations } from '../domains';
import { buildCoursePackage, zipCoursePackage } from '../domains/course/package/export';
import { importCoursePackage } from '../domains/course/package/import';
import { moscowMidnight } from '../domains/course/package/dates';
import { storageImageSink } from '../domains/course/lesson-images';
import { CoursePackageError } from '../domains/course/package/manifest';
import { readArchive } from '../domains/course/package/read-archive';
import { storageVideoSources } from '../domains/video-media/package-sources';
import { createStorage } from '../providers/storage';

export const COURSE_USAGE = [
  'Использование:',
  '  npm run course -- export <файл.zip> [--with-video-files]        выгрузить курс пакетом',
  '  npm run course -- import <файл.zip|папка> [--replace] [--start ГГГГ-ММ-ДД]   загрузить курс из пакета',
  'Импорт в пустой курс создаёт его; курс с содержимым заменяется только с --replace и пока у учеников нет ответов.',
  '--start сдвигает все даты курса так, чтобы он начался в этот день (00:00 по Москве).',
].join('\n');

/** A refusal of the command line: printed as is, exit code 1 (2 for a wrong call). */
export class CourseCommandError extends Error {
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message);
  }
}

interface Parsed {
  command: 'export' | 'import';
  file: string;
  withVideoFiles: boolean;
  replace: boolean;
  start?: number;
}

function parseArguments(argv: readonly string[]): Parsed {
  const [command, file, ...rest] = argv;
  if ((command !== 'export' && command !== 'import') || !file || file.startsWith('--')) throw new CourseCommandError(COURSE_USAGE, 2);
  const parsed: Parsed = { command, file, withVideoFiles: false, replace: false };
  for (let index = 0; index < rest.length; index += 1) {
    const flag = rest[index];
    if (command === 'export' && flag === '--with-video-files') parsed.withVideoFiles = true;
    else if (command === 'import' && flag === '--replace') parsed.replace = true;
    else if (command === 'import' && flag === '--start') {
      const day = rest[index + 1] ?? '';
      const start = moscowMidnight(day);
      if (start === null) throw new CourseCommandError(`Дата начала курса «${day}» неверна: нужен день вида ГГГГ-ММ-ДД`, 2);
      parsed.start = start;
      index += 1;
    } else throw new CourseCommandError(`Неизвестный параметр «${flag}».\n${COURSE_USAGE}`, 2);
  }
  return parsed;
}

/** `npm run course`: export or import of the course package with the server's own configuration. Answers the lines to print. */
export async function runCourseCommand(argv: readonly string[], config: Config, now: number): Promise<string[]> {
  const args = parseArguments(argv);
  const storage = createStorage(config);
  const videoSources = storageVideoSources(storage);
  const opened = openDatabase(config.DATABASE_URL);
  try {
    await migrateToLatest(opened.db, domainMigrations);
    if (args.command === 'export') {
      const exported = await buildCoursePackage(opened.db, storage, { videoFiles: args.withVideoFiles ? videoSources : null, now });
      const zip = zipCoursePackage(exported);
      await writeFile(args.file, zip);
      const { manifest } = exported;
      return [
        `Курс выгружен в ${args.file} (${(zip.byteLength / 1024 / 1024).toFixed(1)} МБ):`,
        `глав ${manifest.chapters.length}, уроков ${manifest.lessons.length}, домашних заданий ${manifest.homeworks.length}, вопросов ${manifest.questionsP1.length + manifest.questionsP2.length + manifest.oralQuestions.length}, видео ${manifest.videos.length}.`,
      ];
    }
    const entries = await readArchive(args.file);
    const result = await importCoursePackage(opened.db, entries, { replace: args.replace, start: args.start, now, images: storageImageSink(storage), videoFiles: videoSources });
    return [`Курс загружен из ${args.file}: глав ${result.chapters}, уроков ${result.lessons}, вопросов ${result.questions}.`];
  } catch (error) {
    if (error instanceof CoursePackageError) throw new CourseCommandError(error.message);
    throw error;
  } finally {
    await opened.close();
  }
}

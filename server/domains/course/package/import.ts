import { countWords, markdownToClean } from '../../../../src/shared/domain/knowledge';
import type { Db } from '../../../db';
import { questionRowOf } from '../../../questions/question-bank';
import { normalizeTermName } from '../../../search/term-names';
import { dateShift } from './dates';
import { CoursePackageError, IMAGE_FILE, parseManifest, type CourseManifest } from './manifest';
import type { ArchiveEntries } from './read-archive';
import type { VideoSources } from './video-sources';

/**
 * Import of a course package (README «Пакет курса»): the whole archive is checked first (manifest,
 * every key a row refers to, every file it names), then written in one transaction, so a refused
 * package changes nothing. Into an empty course it creates it; a course with content is replaced
 * only when asked and while no student has answers or progress of any kind.
 */

/** Where lesson pictures of a package go; answers the lessons.image_path to store. */
export interface ImageSink {
  save(fileName: string, bytes: Uint8Array): Promise<string>;
}

export interface ImportOptions {
  replace: boolean;
  /** Move the course so that its courseStart becomes this instant. */
  start?: number;
  now: number;
  images: ImageSink;
  /** Where video files of the package go; without it they are left out (the videos keep their names). */
  videoFiles?: VideoSources;
}

export interface ImportResult {
  chapters: number;
  lessons: number;
  questions: number;
}

const MANIFEST_MAX_BYTES = 64 * 1024 * 1024;

/** The tables a course is made of, children first (the order a replace deletes them in). */
const CONTENT_TABLES = [
  'sign_term_variants',
  'sign_terms',
  'kb_published_questions',
  'kb_chunk_questions',
  'terms',
  'verbal_questions',
  'homework_questions_p2',
  'homework_questions_p1',
  'questions_p2',
  'questions_p1',
  'credits_verbal',
  'credits_auto',
  'homeworks',
  'timecodes',
  'videos',
  'lessons',
  'chapters',
] as const;

/** Rows a student leaves in the course: while any exists, the course is not replaced. */
const PROGRESS_TABLES = [
  'homework_answers_p1',
  'homework_answers_p2',
  'user_homeworks',
  'user_credits_auto',
  'credit_auto_answers',
  'user_credits_verbal',
  'user_videos',
  'train_p1_questions',
  'train_p2_answers',
  'train_p2_curator_checks',
  'kb_test_attempts',
  'difficult_questions',
  'difficult_questions_p2',
  'sign_trainer_states',
  'sign_trainer_answers',
  'sign_recognitions',
  'verbal_trainer_answers',
  'verbal_chat_sessions',
  'decide_first_rounds',
] as const;

const TEXTS = {
  noManifest: 'В пакете нет файла manifest.json: это не пакет курса',
  badManifest: 'Файл manifest.json пакета повреждён: это не JSON',
  hasContent: 'В курсе уже есть содержимое. Чтобы заменить его пакетом, включите замену (--replace)',
  hasProgress: (students: number) =>
    `Курс нельзя заменить: у ${students} ${students % 10 === 1 && students % 100 !== 11 ? 'ученика' : 'учеников'} уже есть ответы или прогресс по нему`,
};

/** manifest.json of the archive, parsed and checked, with every reference and file it names. */
export function readPackage(entries: ArchiveEntries): CourseManifest {
  const raw = entries.get('manifest.json');
  if (!raw) throw new CoursePackageError(TEXTS.noManifest);
  if (raw.byteLength > MANIFEST_MAX_BYTES) throw new CoursePackageError('Файл manifest.json пакета слишком большой');
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(raw));
  } catch {
    throw new CoursePackageError(TEXTS.badManifest);
  }
  const manifest = parseManifest(value);
  checkReferences(manifest, entries);
  return manifest;
}

function unique<T>(items: readonly T[], what: string, label: (item: T) => string): void {
  const seen = new Set<string>();
  for (const item of items) {
    const id = label(item);
    if (seen.has(id)) throw new CoursePackageError(`В пакете дважды ${what} «${id}»`);
    seen.add(id);
  }
}

function checkReferences(manifest: CourseManifest, entries: ArchiveEntries): void {
  unique(manifest.chapters, 'глава с ключом', (chapter) => chapter.key);
  unique(manifest.lessons, 'урок с номером', (lesson) => String(lesson.number));
  unique(manifest.homeworks, 'домашнее задание с номером', (homework) => String(homework.num));
  unique(manifest.creditsAuto, 'автоматический зачёт с номером', (credit) => String(credit.num));
  unique(manifest.creditsVerbal, 'устный зачёт с номером', (credit) => String(credit.num));
  unique([...manifest.questionsP1, ...manifest.questionsP2, ...manifest.oralQuestions], 'вопрос с ключом', (question) => question.key);
  unique(manifest.theory, 'фрагмент теории с ключом', (chunk) => chunk.key);
  unique(manifest.terms, 'термин с ключом', (term) => term.key);

  const chapters = new Set(manifest.chapters.map((chapter) => chapter.key));
  const lessons = new Set(manifest.lessons.map((lesson) => lesson.number));
  const p1 = new Set(manifest.questionsP1.map((question) => question.key));
  const p2 = new Set(manifest.questionsP2.map((question) => question.key));
  const terms = new Set(manifest.terms.map((term) => term.key));
  const need = (ok: boolean, message: string) => {
    if (!ok) throw new CoursePackageError(message);
  };
  for (const lesson of manifest.lessons) {
    need(chapters.has(lesson.chapter), `Урок ${lesson.number} ссылается на главу «${lesson.chapter}», которой нет в пакете`);
    if (lesson.image !== null) need(entries.has(`images/${lesson.image}`), `В пакете нет файла images/${lesson.image} (картинка урока ${lesson.number})`);
  }
  for (const video of manifest.videos) {
    if (video.file !== null) need(entries.has(`videos/${video.file}`), `В пакете нет файла videos/${video.file} (видео «${video.name}»)`);
  }
  for (const homework of manifest.homeworks) {
    need(lessons.has(homework.lesson), `Домашнее задание ${homework.num} ссылается на урок ${homework.lesson}, которого нет в пакете`);
    for (const key of [...homework.part1, ...homework.extraPart1]) need(p1.has(key), `Домашнее задание ${homework.num} ссылается на вопрос «${key}», которого нет в пакете`);
    for (const entry of [...homework.part2, ...homework.extraPart2]) need(p2.has(entry.question), `Домашнее задание ${homework.num} ссылается на вопрос «${entry.question}», которого нет в пакете`);
  }
  for (const credit of [...manifest.creditsAuto, ...manifest.creditsVerbal]) {
    need(lessons.has(credit.lesson), `Зачёт ${credit.num} ссылается на урок ${credit.lesson}, которого нет в пакете`);
  }
  for (const chunk of manifest.theory) {
    for (const key of chunk.questions) need(p1.has(key), `Фрагмент теории «${chunk.name}» ссылается на вопрос «${key}», которого нет в пакете`);
  }
  for (const sign of manifest.signTerms) {
    if (sign.term !== null) need(terms.has(sign.term), `Термин тренажёра «${sign.name}» ссылается на термин «${sign.term}», которого нет в пакете`);
  }
  for (const name of manifest.lessons.flatMap((lesson) => (lesson.image ? [lesson.image] : []))) need(IMAGE_FILE.test(name), `Недопустимое имя картинки «${name}»`);
}

async function countRows(db: Db, table: (typeof CONTENT_TABLES)[number] | (typeof PROGRESS_TABLES)[number]): Promise<number> {
  const row = await db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Students with answers or progress in the course (distinct accounts over the progress tables). */
async function studentsWithProgress(db: Db): Promise<number> {
  const users = new Set<number>();
  for (const table of PROGRESS_TABLES) {
    if (table === 'verbal_chat_sessions') {
      for (const row of await db.selectFrom(table).select('initiator_id').execute()) users.add(row.initiator_id);
    } else if (table === 'decide_first_rounds') {
      // A played game round has no single owner; the players are counted by decide_first_players.
      for (const row of await db.selectFrom('decide_first_players').select('user_id').distinct().execute()) users.add(row.user_id);
    } else {
      for (const row of await db.selectFrom(table).select('user_id').distinct().execute()) users.add(row.user_id);
    }
  }
  return users.size;
}

/** Whether the database has any course content (an empty course is created without --replace). */
export async function courseHasContent(db: Db): Promise<boolean> {
  for (const table of CONTENT_TABLES) if ((await countRows(db, table)) > 0) return true;
  const theory = await db.selectFrom('kb_chunks').select('id').where('kind', '=', 'theory').executeTakeFirst();
  return theory !== undefined;
}

async function clearCourse(db: Db): Promise<void> {
  // Theory belongs to the course; the school's organisational chunks stay.
  const theory = db.selectFrom('kb_chunks').select('id').where('kind', '=', 'theory');
  await db.deleteFrom('kb_published_questions').where('chunk_id', 'in', theory).execute();
  await db.deleteFrom('kb_published_chunks').where('kind', '=', 'theory').execute();
  for (const table of CONTENT_TABLES) {
    if (table === 'kb_published_questions') continue;
    await db.deleteFrom(table).execute();
  }
  await db.deleteFrom('kb_chunks').where('kind', '=', 'theory').execute();
}

/**
 * Writes a checked package inside the caller's transaction (the demo seed runs its own).
 * Throws CoursePackageError when the course may not be replaced.
 */
export async function importPackageInto(db: Db, manifest: CourseManifest, entries: ArchiveEntries, options: ImportOptions): Promise<ImportResult> {
  if (await courseHasContent(db)) {
    if (!options.replace) throw new CoursePackageError(TEXTS.hasContent);
    const students = await studentsWithProgress(db);
    if (students > 0) throw new CoursePackageError(TEXTS.hasProgress(students));
    await clearCourse(db);
  }
  const now = options.now;
  const shift = dateShift(manifest.courseStart, options.start);

  const chapterIds = new Map<string, number>();
  for (const [index, chapter] of manifest.chapters.entries()) {
    const row = await db.insertInto('chapters').values({ name: chapter.name, position: index + 1, created_at: now }).returning('id').executeTakeFirstOrThrow();
    chapterIds.set(chapter.key, row.id);
  }
  for (const lesson of manifest.lessons) {
    const imagePath = lesson.image === null ? '' : await options.images.save(lesson.image, entries.get(`images/${lesson.image}`)!);
    await db
      .insertInto('lessons')
      .values({
        number: lesson.number,
        short_name: lesson.name,
        chapter_id: chapterIds.get(lesson.chapter)!,
        image_path: imagePath,
        opens_at: shift.instant(lesson.opensAt),
        demo_access: lesson.demoAccess ? 1 : 0,
        position: lesson.position,
        is_published: lesson.published ? 1 : 0,
        description: lesson.description,
        materials_json: JSON.stringify(lesson.materials),
        created_at: now,
        updated_at: now,
      })
      .execute();
  }

  const termIds = new Map<string, number>();
  for (const term of manifest.terms) {
    const row = await db
      .insertInto('terms')
      .values({ name: term.name, name_normalized: normalizeTermName(term.name), definition: term.definition, lesson_num: term.lesson, chapter: term.chapter, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    termIds.set(term.key, row.id);
  }

  for (const video of manifest.videos) {
    const row = await db
      .insertInto('videos')
      .values({
        lesson_num: video.lesson,
        shown_name: video.name,
        filename: video.filename,
        chapter: video.chapter,
        description: video.description,
        is_mandatory: video.mandatory ? 1 : 0,
        is_published: video.published ? 1 : 0,
        views: 0,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (video.file !== null && options.videoFiles) await options.videoFiles.store(db, row.id, entries.get(`videos/${video.file}`)!, now);
    for (const timecode of video.timecodes) {
      await db
        .insertInto('timecodes')
        .values({ video_id: row.id, kind: timecode.kind, time_start: timecode.start, time_end: timecode.end, description: timecode.description, tag: timecode.tag, created_at: now, updated_at: now })
        .execute();
    }
  }

  for (const homework of manifest.homeworks) {
    await db
      .insertInto('homeworks')
      .values({
        num: homework.num,
        lesson_num: homework.lesson,
        is_probnik: homework.probnik ? 1 : 0,
        deadline_at: shift.instant(homework.deadlineAt),
        p1_count: homework.p1Count,
        p1_max: homework.p1Max,
        p2_count: homework.p2Count,
        p2_max: homework.p2Max,
        dop_p1_count: homework.extraP1Count,
        dop_p1_max: homework.extraP1Max,
        dop_p2_count: homework.extraP2Count,
        dop_p2_max: homework.extraP2Max,
        p1_time_limit_min: homework.p1TimeLimitMin,
        p2_time_limit_min: homework.p2TimeLimitMin,
        p2_self_check: homework.p2SelfCheck ? 1 : 0,
        created_at: now,
        updated_at: now,
      })
      .execute();
  }
  for (const credit of manifest.creditsAuto) {
    await db
      .insertInto('credits_auto')
      .values({
        num: credit.num,
        lesson_num: credit.lesson,
        lesson_numbers: credit.lessons,
        starts_at: shift.instant(credit.startsAt),
        deadline_at: shift.instant(credit.deadlineAt),
        question_count: credit.questionCount,
        max_minutes: credit.maxMinutes,
        max_attempts: credit.maxAttempts,
        max_errors: credit.maxErrors,
        created_at: now,
      })
      .execute();
  }
  for (const credit of manifest.creditsVerbal) {
    await db
      .insertInto('credits_verbal')
      .values({ num: credit.num, lesson_num: credit.lesson, lesson_numbers: credit.lessons, starts_on: shift.day(credit.startsOn), ends_on: shift.day(credit.endsOn), created_at: now })
      .execute();
  }

  const p1Ids = new Map<string, number>();
  for (const item of manifest.questionsP1) {
    const row = await db.insertInto('questions_p1').values({ ...questionRowOf(item.question), created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow();
    p1Ids.set(item.key, row.id);
  }
  const p2Ids = new Map<string, number>();
  for (const item of manifest.questionsP2) {
    const row = await db
      .insertInto('questions_p2')
      .values({
        question: item.question,
        question_image: item.questionImage,
        explanation_image: item.explanationImage,
        explanation_markdown: item.explanationMarkdown,
        criteria: item.criteria,
        task_number: item.taskNumber,
        lesson_num: item.lesson,
        chapter: item.chapter,
        max_points: item.maxPoints,
        is_public: item.public ? 1 : 0,
        is_90plus: item.plus90 ? 1 : 0,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    p2Ids.set(item.key, row.id);
  }
  for (const homework of manifest.homeworks) {
    for (const [isDop, keys] of [[0, homework.part1], [1, homework.extraPart1]] as const) {
      for (const [index, key] of keys.entries()) {
        await db.insertInto('homework_questions_p1').values({ ht_num: homework.num, is_dop: isDop, q_number: index + 1, question_id: p1Ids.get(key)! }).execute();
      }
    }
    for (const [isDop, list] of [[0, homework.part2], [1, homework.extraPart2]] as const) {
      for (const [index, entry] of list.entries()) {
        await db
          .insertInto('homework_questions_p2')
          .values({ ht_num: homework.num, is_dop: isDop, q_number: index + 1, question_id: p2Ids.get(entry.question)!, is_mandatory: entry.mandatory ? 1 : 0 })
          .execute();
      }
    }
  }
  for (const item of manifest.oralQuestions) {
    await db
      .insertInto('verbal_questions')
      .values({ question: item.question, answer: item.answer, zachet_num: item.credit, lesson_num: item.lesson, is_public: item.public ? 1 : 0, plus90: item.plus90 ? 1 : 0, created_at: now, updated_at: now })
      .execute();
  }

  const chunkIds = new Map<string, number>();
  for (const chunk of manifest.theory) {
    const clean = markdownToClean(chunk.text);
    const values = { name: chunk.name, lesson_num: chunk.lesson, is_90plus: chunk.plus90 ? 1 : 0, kind: 'theory', answer_text: chunk.text, answer_text_clean: clean, num_words: countWords(clean), created_at: now, updated_at: now };
    const row = await db.insertInto('kb_chunks').values(values).returning('id').executeTakeFirstOrThrow();
    chunkIds.set(chunk.key, row.id);
    // Imported theory is published at once, as the back office's «Актуализировать базу знаний» would.
    await db.insertInto('kb_published_chunks').values({ id: row.id, ...values }).execute();
    for (const [index, key] of chunk.questions.entries()) {
      const link = { chunk_id: row.id, question_id: p1Ids.get(key)!, position: index + 1 };
      await db.insertInto('kb_chunk_questions').values(link).execute();
      await db.insertInto('kb_published_questions').values(link).execute();
    }
  }

  await linkElements(db, manifest, p1Ids, p2Ids, chunkIds);

  for (const term of manifest.signTerms) {
    const { id } = await db
      .insertInto('sign_terms')
      .values({ name: term.name, lesson_num: term.lesson, term_id: term.term === null ? null : termIds.get(term.term)!, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('sign_term_variants')
      .values(term.signs.map((sign, position) => ({ sign_term_id: id, position, text: sign.text, is_right: sign.right ? 1 : 0, description: sign.description })))
      .execute();
  }

  return { chapters: manifest.chapters.length, lessons: manifest.lessons.length, questions: manifest.questionsP1.length + manifest.questionsP2.length + manifest.oralQuestions.length };
}

/** Checks the archive, then imports it in one transaction of its own. */
export async function importCoursePackage(db: Db, entries: ArchiveEntries, options: ImportOptions): Promise<ImportResult> {
  const manifest = readPackage(entries);
  return db.transaction().execute((trx) => importPackageInto(trx, manifest, entries, options));
}

/**
 * Links questions and theory to exam elements. The codifier belongs to the school
 * (table exam_elements), so a package naming an element the school does not have is refused.
 */
async function linkElements(db: Db, manifest: CourseManifest, p1Ids: Map<string, number>, p2Ids: Map<string, number>, chunkIds: Map<string, number>): Promise<void> {
  const known = new Set((await db.selectFrom('exam_elements').select('code').execute()).map((row) => row.code));
  const check = (codes: readonly string[] | undefined, what: string) => {
    for (const code of codes ?? []) if (!known.has(code)) throw new CoursePackageError(`${what} ссылается на элемент кодификатора ${code}, которого нет в школе`);
    return [...new Set(codes ?? [])];
  };
  for (const item of manifest.questionsP1) {
    const rows = check(item.elements, `Вопрос «${item.key}»`).map((code) => ({ question_id: p1Ids.get(item.key)!, element_code: code }));
    if (rows.length) await db.insertInto('question_p1_elements').values(rows).execute();
  }
  for (const item of manifest.questionsP2) {
    const rows = check(item.elements, `Вопрос «${item.key}»`).map((code) => ({ question_id: p2Ids.get(item.key)!, element_code: code }));
    if (rows.length) await db.insertInto('question_p2_elements').values(rows).execute();
  }
  for (const chunk of manifest.theory) {
    const rows = check(chunk.elements, `Фрагмент теории «${chunk.name}»`).map((code) => ({ chunk_id: chunkIds.get(chunk.key)!, element_code: code }));
    if (rows.length) await db.insertInto('kb_chunk_elements').values(rows).execute();
  }
}

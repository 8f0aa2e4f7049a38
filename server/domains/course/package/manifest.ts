import { z } from 'zod';
import { materialSchema } from '../../../../src/shared/contract/course-editor';
import { questionJsonSchema } from '../../../../src/shared/domain/questions';

/**
 * manifest.json of a course package (README «Пакет курса»): everything a course is made of —
 * chapters, lessons, their videos (by reference), homework and credit settings, the question bank
 * the course draws from (part 1, part 2, oral credit), theory of the knowledge base, terms and the
 * signs trainer. Rows refer to each other by package-local keys, never by database ids, so a
 * package imports into any database. Times are epoch ms (UTC); oral credit dates 'YYYY-MM-DD'.
 */
export const PACKAGE_SCHEMA_VERSION = 1;

/** Bounds of a package: checked before anything is written. */
export const PACKAGE_LIMITS = {
  chapters: 200,
  lessons: 2_000,
  videos: 5_000,
  timecodes: 500,
  homeworks: 2_000,
  credits: 2_000,
  questions: 50_000,
  chunks: 10_000,
  terms: 20_000,
  signs: 50,
  text: 200_000,
  shortText: 2_000,
} as const;

const key = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,79}$/, 'ключ из латинских букв, цифр, точки, дефиса и подчёркивания');
const int = z.number().int().min(0).max(2_000_000_000);
const positive = z.number().int().min(1).max(2_000_000_000);
const instant = z.number().int().min(0).max(8_640_000_000_000);
const minutes = z.number().int().min(1).max(24 * 60).nullable();
const text = z.string().max(PACKAGE_LIMITS.text);
const shortText = z.string().max(PACKAGE_LIMITS.shortText);
const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'дата в виде ГГГГ-ММ-ДД');
const lessonList = z.string().regex(/^(\d{1,6}(,\d{1,6}){0,99})?$/, 'список уроков через запятую');

/** A file of the archive's images/ folder (a lesson picture). */
export const IMAGE_FILE = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}\.(svg|png|jpe?g|webp)$/i;
/** A file of the archive's videos/ folder (a video's source, with --with-video-files). */
export const VIDEO_FILE = /^[A-Za-z0-9][A-Za-z0-9._-]{0,149}$/;

const chapterSchema = z.object({ key, name: shortText.min(1) });

const lessonSchema = z.object({
  number: positive,
  name: shortText,
  chapter: key,
  position: int,
  opensAt: instant.nullable(),
  demoAccess: z.boolean(),
  published: z.boolean(),
  description: text,
  materials: z.array(materialSchema).max(100),
  /** File name under images/, or null when the lesson has no picture. */
  image: z.string().regex(IMAGE_FILE, 'имя картинки: латиница, цифры, .svg/.png/.jpg/.webp').nullable(),
});

const timecodeSchema = z.object({
  kind: z.enum(['THEME', 'DETAILED_EXPLANATION', 'HASHTAG']),
  start: int,
  end: int,
  description: shortText,
  tag: shortText,
});

const videoSchema = z.object({
  lesson: positive.nullable(),
  name: shortText,
  /** The name of the uploaded source file (what the video admin shows); the media is not in the package. */
  filename: shortText,
  chapter: shortText,
  description: text,
  mandatory: z.boolean(),
  published: z.boolean(),
  timecodes: z.array(timecodeSchema).max(PACKAGE_LIMITS.timecodes),
  /** With --with-video-files: the source file under videos/. */
  file: z.string().regex(VIDEO_FILE).nullable(),
});

const p2Entry = z.object({ question: key, mandatory: z.boolean() });

const homeworkSchema = z.object({
  num: positive,
  lesson: positive,
  probnik: z.boolean(),
  deadlineAt: instant.nullable(),
  p1Count: int,
  p1Max: int,
  p2Count: int,
  p2Max: int,
  extraP1Count: int,
  extraP1Max: int,
  extraP2Count: int,
  extraP2Max: int,
  p1TimeLimitMin: minutes,
  p2TimeLimitMin: minutes,
  p2SelfCheck: z.boolean(),
  /** Question keys in the order of their numbers (1, 2, …). */
  part1: z.array(key).max(500),
  extraPart1: z.array(key).max(500),
  part2: z.array(p2Entry).max(500),
  extraPart2: z.array(p2Entry).max(500),
});

const creditAutoSchema = z.object({
  num: positive,
  lesson: positive,
  lessons: lessonList,
  startsAt: instant.nullable(),
  deadlineAt: instant.nullable(),
  questionCount: int,
  maxMinutes: int,
  maxAttempts: int,
  maxErrors: int,
});

const creditVerbalSchema = z.object({
  num: positive,
  lesson: positive,
  lessons: lessonList,
  startsOn: isoDay.nullable(),
  endsOn: isoDay.nullable(),
});

/**
 * Codes of the ФИПИ codifier elements a question or a theory chunk belongs to (table
 * exam_elements). Optional, so packages written before the learning model still read.
 */
const elementCodes = z.array(z.string().regex(/^\d{1,2}\.\d{1,3}$/, 'код элемента кодификатора вида 2.4')).max(20).optional();

/** A part 1 question: its full qJson (src/shared/domain/questions), lesson and task number included. */
const questionP1Schema = z.object({ key, question: questionJsonSchema, elements: elementCodes });

const questionP2Schema = z.object({
  key,
  question: text.min(1),
  questionImage: shortText,
  explanationImage: shortText,
  explanationMarkdown: text,
  criteria: text,
  taskNumber: z.number().int().min(1).max(100),
  lesson: int,
  chapter: shortText,
  maxPoints: z.number().int().min(0).max(100),
  public: z.boolean(),
  plus90: z.boolean(),
  elements: elementCodes,
});

const oralQuestionSchema = z.object({
  key,
  question: text.min(1),
  answer: text,
  credit: positive.nullable(),
  lesson: positive.nullable(),
  public: z.boolean(),
  plus90: z.boolean(),
});

const theoryChunkSchema = z.object({
  key,
  name: shortText,
  lesson: int,
  plus90: z.boolean(),
  /** Markdown of the chunk. */
  text,
  /** Part 1 question keys of the chunk's test, in order. */
  questions: z.array(key).max(50),
  elements: elementCodes,
});

const termSchema = z.object({ key, name: shortText.min(1), definition: text, lesson: int, chapter: shortText });

const signTermSchema = z.object({
  name: shortText.min(1),
  lesson: int,
  /** The term of the term search it explains, if any. */
  term: key.nullable(),
  signs: z.array(z.object({ text: shortText.min(1), right: z.boolean(), description: shortText })).min(1).max(PACKAGE_LIMITS.signs),
});

export const manifestSchema = z.object({
  schemaVersion: z.literal(PACKAGE_SCHEMA_VERSION),
  /** The instant the course starts at; an import may move it (and every date with it) to a new start. */
  courseStart: instant,
  chapters: z.array(chapterSchema).max(PACKAGE_LIMITS.chapters),
  lessons: z.array(lessonSchema).max(PACKAGE_LIMITS.lessons),
  videos: z.array(videoSchema).max(PACKAGE_LIMITS.videos),
  homeworks: z.array(homeworkSchema).max(PACKAGE_LIMITS.homeworks),
  creditsAuto: z.array(creditAutoSchema).max(PACKAGE_LIMITS.credits),
  creditsVerbal: z.array(creditVerbalSchema).max(PACKAGE_LIMITS.credits),
  questionsP1: z.array(questionP1Schema).max(PACKAGE_LIMITS.questions),
  questionsP2: z.array(questionP2Schema).max(PACKAGE_LIMITS.questions),
  oralQuestions: z.array(oralQuestionSchema).max(PACKAGE_LIMITS.questions),
  theory: z.array(theoryChunkSchema).max(PACKAGE_LIMITS.chunks),
  terms: z.array(termSchema).max(PACKAGE_LIMITS.terms),
  signTerms: z.array(signTermSchema).max(PACKAGE_LIMITS.terms),
});

export type CourseManifest = z.output<typeof manifestSchema>;
export type ManifestLesson = CourseManifest['lessons'][number];
export type ManifestVideo = CourseManifest['videos'][number];

/** A refused package: the message is Russian and says why; nothing was changed. */
export class CoursePackageError extends Error {}

const SECTION_NAMES: Record<string, string> = {
  chapters: 'главы',
  lessons: 'уроки',
  videos: 'видео',
  homeworks: 'домашние задания',
  creditsAuto: 'автоматические зачёты',
  creditsVerbal: 'устные зачёты',
  questionsP1: 'вопросы первой части',
  questionsP2: 'вопросы второй части',
  oralQuestions: 'вопросы устных зачётов',
  theory: 'теория',
  terms: 'термины',
  signTerms: 'тренажёр признаков',
  courseStart: 'начало курса',
};

/** Fields an author most often gets wrong, named as the editor names them. */
const FIELD_NAMES: Record<string, string> = {
  key: 'ключ',
  name: 'название',
  number: 'номер',
  num: 'номер',
  lesson: 'урок',
  chapter: 'глава',
  opensAt: 'открытие',
  deadlineAt: 'срок',
  startsAt: 'начало',
  startsOn: 'начало',
  endsOn: 'конец',
  image: 'картинка',
  question: 'вопрос',
  text: 'текст',
  materials: 'материалы',
  elements: 'элементы кодификатора',
};

/** zod's Russian messages still name JSON types in English. */
const TYPE_NAMES: Array<[RegExp, string]> = [
  [/\bstring\b/g, 'строка'],
  [/\bnumber\b/g, 'число'],
  [/\bboolean\b/g, 'true или false'],
  [/\barray\b/g, 'список'],
  [/\bobject\b/g, 'объект'],
];

/** The parsed manifest, or a CoursePackageError naming the version problem or the first bad entry. */
export function parseManifest(value: unknown): CourseManifest {
  if (typeof value === 'object' && value !== null && 'schemaVersion' in value && value.schemaVersion !== PACKAGE_SCHEMA_VERSION) {
    throw new CoursePackageError(`Пакет другой версии формата (${String(value.schemaVersion)}); эта версия Енота читает версию ${PACKAGE_SCHEMA_VERSION}`);
  }
  const parsed = manifestSchema.safeParse(value, { error: z.locales.ru().localeError });
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const [section, index] = issue.path;
  const where = typeof section === 'string' ? (SECTION_NAMES[section] ?? (section === 'schemaVersion' ? 'версия формата' : 'описание пакета')) : 'описание пакета';
  const item = typeof index === 'number' ? `, запись ${index + 1}` : '';
  const field = [...issue.path].reverse().find((part): part is string => typeof part === 'string' && part in FIELD_NAMES);
  const named = field && field !== section ? `, поле «${FIELD_NAMES[field]}»` : '';
  const message = TYPE_NAMES.reduce((text, [pattern, russian]) => text.replace(pattern, russian), issue.message);
  throw new CoursePackageError(`Описание курса в пакете неверно (${where}${item}${named}): ${message}`);
}

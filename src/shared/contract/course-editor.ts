import { z } from 'zod';
import { USER_TYPES } from '../domain/user-types';
import { access } from './access';
import { download, live, upload } from './core';
import { flag, int32, intLike, noInput, safeInteger, safeString, text } from './fields';
import { lessonCardSchema, roadLessonSchema } from './course';

/**
 * The course editor of the back office («Курс»): chapters, lessons and what hangs on a lesson
 * (videos, materials, homework, credits), publishing, a preview as a student, and a new intake.
 * Our extension: the spec's product had its course authored elsewhere. Served by the course
 * domain (server/domains/course/editor), shown by features/course-editor. Times are epoch ms
 * (UTC); the editor shows and takes them in Moscow time. Oral credit dates are 'YYYY-MM-DD'.
 *
 * Edits never rewrite what students have already answered: a change that would is refused with
 * a reason naming how many students have answers (COURSE_EDITOR_TEXTS), and a change that only
 * concerns future attempts says so in the editor's dialog.
 */
export const courseEditors = access.icon('course');

/** Limits every editor input is checked against. */
export const COURSE_LIMITS = {
  chapterName: 200,
  lessonName: 200,
  description: 20_000,
  materials: 30,
  materialTitle: 300,
  materialUrl: 2_000,
  lessonNumber: 100_000,
  lessonsPerChapter: 500,
  chapters: 200,
  /** Part 1 questions of one homework part (a mock exam has 16–20). */
  p1Questions: 60,
  p2Questions: 30,
  videosPerLesson: 30,
  minutes: 24 * 60,
  creditQuestions: 100,
  creditAttempts: 100,
} as const;

/** Russian refusals and notes the editor shows (the server's messages, verbatim). */
export const COURSE_EDITOR_TEXTS = {
  chapterNotFound: 'Раздел не найден',
  chapterExists: 'Раздел с таким названием уже есть',
  chapterNotEmpty: 'В разделе есть уроки — сначала перенесите или удалите их',
  lessonNotFound: 'Урок не найден',
  lessonNumberTaken: 'Урок с таким номером уже есть',
  homeworkNotFound: 'Домашнее задание не найдено',
  creditNotFound: 'Зачёт не найден',
  videoNotFound: 'Видеоурок не найден',
  /** {n} students; used with the name of what cannot change. */
  answered: (students: number, what: string) => `У ${students} ${studentsWord(students)} уже есть ответы — ${what}`,
  inProgress: (students: number, what: string) => `У ${students} ${studentsWord(students)} сейчас идёт попытка — ${what}`,
  notEnoughQuestions: (egeNum: number, wanted: number, found: number) =>
    `В банке для задания №${egeNum} нашлось ${found} опубликованных вопросов из ${wanted} нужных`,
  /** Said in the dialog of settings that only future attempts see. */
  newAttemptsOnly: 'Изменения действуют для новых попыток: уже данные ответы и баллы не меняются.',
  badDateRange: 'Дата окончания раньше даты начала',
  badDate: 'Такой даты нет в календаре',
  badLessonList: 'Укажите номера уроков курса через запятую',
  intakeNothing: 'В курсе нет ни одной даты — сдвигать нечего',
  intakeStale: 'Даты курса изменились после предпросмотра — посмотрите предпросмотр ещё раз',
  staleOrder: 'Список изменился, пока вы его меняли — обновите страницу и повторите',
  lessonHasQuestions: 'К уроку привязаны вопросы или термины банка — сначала перенесите их в другой урок',
  questionNotFound: 'Вопрос банка не найден',
  duplicateQuestion: 'Одно и то же задание указано дважды',
  tooManyQuestions: (limit: number) => `В одной части не больше ${limit} вопросов`,
  imageType: 'Картинка урока: только PNG, JPEG, WebP или SVG',
  svgUnsafe: 'В SVG есть скрипты, ссылки наружу или встроенные объекты — сохраните картинку без них',
} as const;

function studentsWord(count: number): string {
  const tens = count % 100;
  const units = count % 10;
  if (tens >= 11 && tens <= 14) return 'учеников';
  if (units === 1) return 'ученика';
  return 'учеников';
}

const chapterId = intLike.pipe(z.number().int().min(1, COURSE_EDITOR_TEXTS.chapterNotFound));
const lessonNum = intLike.pipe(z.number().int().min(1, 'номер урока от 1').max(COURSE_LIMITS.lessonNumber, 'слишком большой номер урока'));
const recordNum = intLike.pipe(z.number().int().min(1, 'номер от 1').max(2_000_000_000, 'слишком большой номер'));
const questionId = intLike.pipe(z.number().int().min(1, 'нет такого вопроса'));
/** An instant (ms) or null for «нет» (open at once / no deadline). */
const instantOrNull = safeInteger().min(0, 'неверная дата').max(8_640_000_000_000, 'неверная дата').nullable();
const minutesOrNull = int32().min(1, 'не меньше 1 минуты').max(COURSE_LIMITS.minutes, 'не больше суток').nullable();
const isoDay = safeString().regex(/^\d{4}-\d{2}-\d{2}$/, 'дата в виде ГГГГ-ММ-ДД');
/** '1,2,3': the lessons a credit covers, in the catalogue's own form. */
const lessonList = safeString().trim().regex(/^\d{1,6}(\s*,\s*\d{1,6}){0,99}$/, COURSE_EDITOR_TEXTS.badLessonList);

export const materialSchema = z.object({
  title: text(COURSE_LIMITS.materialTitle),
  /** An https/http address or a path of this site ('/study/…', '/app/…'). */
  url: safeString()
    .trim()
    .max(COURSE_LIMITS.materialUrl, `не длиннее ${COURSE_LIMITS.materialUrl} символов`)
    .regex(/^(https?:\/\/[^\s]+|\/[^\s]*)$/, 'ссылка должна начинаться с https:// или /'),
});
export type LessonMaterial = z.output<typeof materialSchema>;

/** How many students already have answers (0 = free to change) — the editor warns before a change. */
const answeredBy = z.number().int();

export const editorLessonSummary = z.object({
  number: z.number().int(),
  shortName: z.string(),
  chapterId: z.number().int(),
  position: z.number().int(),
  imagePath: z.string(),
  opensAt: z.number().nullable(),
  demoAccess: flag,
  isPublished: flag,
  homeworks: z.number().int(),
  creditsAuto: z.number().int(),
  creditsVerbal: z.number().int(),
  videos: z.number().int(),
  answeredBy,
});
export type EditorLessonSummary = z.output<typeof editorLessonSummary>;

export const editorChapter = z.object({
  id: z.number().int(),
  name: z.string(),
  position: z.number().int(),
  lessons: z.array(editorLessonSummary),
});
export type EditorChapter = z.output<typeof editorChapter>;

export const getCourse = live('/course_editor/get_course', {
  input: noInput,
  output: z.object({
    chapters: z.array(editorChapter),
    /** The next free lesson number, offered when a lesson is created. */
    nextLessonNumber: z.number().int(),
    /** '1' when the caller may export and import packages and start a new intake (admins). */
    canManagePackages: flag,
  }),
  access: courseEditors,
  extension: true,
});

// ——— Chapters ———

export const createChapter = live('/course_editor/create_chapter', {
  input: z.object({ name: text(COURSE_LIMITS.chapterName) }),
  output: z.object({ id: z.number().int() }),
  access: courseEditors,
  extension: true,
});

export const renameChapter = live('/course_editor/rename_chapter', {
  input: z.object({ id: chapterId, name: text(COURSE_LIMITS.chapterName) }),
  output: z.object({}),
  access: courseEditors,
  extension: true,
});

/** The whole new order (drag and keyboard both send it): every chapter id once. */
export const reorderChapters = live('/course_editor/reorder_chapters', {
  input: z.object({ ids: z.array(chapterId).min(1, 'нет разделов').max(COURSE_LIMITS.chapters) }),
  output: z.object({}),
  access: courseEditors,
  extension: true,
});

export const deleteChapter = live('/course_editor/delete_chapter', {
  input: z.object({ id: chapterId }),
  output: z.object({}),
  access: courseEditors,
  extension: true,
});

// ——— Lessons ———

export const lessonFields = z.object({
  shortName: text(COURSE_LIMITS.lessonName),
  chapterId,
  opensAt: instantOrNull,
  demoAccess: flag,
  description: safeString().max(COURSE_LIMITS.description, `не длиннее ${COURSE_LIMITS.description} символов`),
  materials: z.array(materialSchema).max(COURSE_LIMITS.materials, `не больше ${COURSE_LIMITS.materials} материалов`),
});
export type LessonFields = z.output<typeof lessonFields>;

/** A new lesson is a draft at the end of its chapter; `number` '' takes the next free one. */
export const createLesson = live('/course_editor/create_lesson', {
  input: lessonFields.extend({ number: z.union([z.literal(''), lessonNum]).default('') }),
  output: z.object({ number: z.number().int() }),
  access: courseEditors,
  extension: true,
});

export const updateLesson = live('/course_editor/update_lesson', {
  input: lessonFields.extend({ number: lessonNum }),
  output: z.object({}),
  access: courseEditors,
  extension: true,
});

/** The new order of one chapter's lessons (a lesson moved here from another chapter joins it). */
export const reorderLessons = live('/course_editor/reorder_lessons', {
  input: z.object({ chapterId, numbers: z.array(lessonNum).min(1, 'нет уроков').max(COURSE_LIMITS.lessonsPerChapter) }),
  output: z.object({}),
  access: courseEditors,
  extension: true,
});

/** Draft ↔ published: students see only published lessons. */
export const setLessonPublished = live('/course_editor/set_lesson_published', {
  input: z.object({ number: lessonNum, isPublished: flag }),
  output: z.object({}),
  access: courseEditors,
  extension: true,
});

/** Refused while any student has an answer in the lesson's homework or credits. */
export const deleteLesson = live('/course_editor/delete_lesson', {
  input: z.object({ number: lessonNum }),
  output: z.object({}),
  access: courseEditors,
  extension: true,
});

/** The videos of the lesson card, in order, picked from the video admin's list. */
export const setLessonVideos = live('/course_editor/set_lesson_videos', {
  input: z.object({ number: lessonNum, videoIds: z.array(recordNum).max(COURSE_LIMITS.videosPerLesson) }),
  output: z.object({}),
  access: courseEditors,
  extension: true,
});

// ——— One lesson in full ———

export const editorP1Question = z.object({
  qNumber: z.number().int(),
  questionId: z.number().int(),
  egeNum: z.number().int(),
  /** The start of the question's text, for the list. */
  preview: z.string(),
  maxPoints: z.number().int(),
});

export const editorP2Question = z.object({
  qNumber: z.number().int(),
  questionId: z.number().int(),
  taskNumber: z.number().int(),
  preview: z.string(),
  maxPoints: z.number().int(),
  isMandatory: flag,
});

export const editorHomeworkPart = z.object({
  p1: z.array(editorP1Question),
  p2: z.array(editorP2Question),
  /** Students with an answer in this part (its questions are then fixed). */
  answeredBy,
});

export const editorHomework = z.object({
  num: z.number().int(),
  isProbnik: flag,
  deadlineAt: z.number().nullable(),
  p1TimeLimitMin: z.number().int().nullable(),
  p2TimeLimitMin: z.number().int().nullable(),
  p2SelfCheck: flag,
  main: editorHomeworkPart,
  dop: editorHomeworkPart,
  /** Students with any answer in this homework. */
  answeredBy,
  /** Students in the middle of a timed part now (time limits cannot change then). */
  inProgress: z.number().int(),
});
export type EditorHomework = z.output<typeof editorHomework>;

export const creditAutoFields = z.object({
  lessonNum,
  lessonNumbers: lessonList,
  startsAt: instantOrNull,
  deadlineAt: instantOrNull,
  questionCount: int32().min(1, 'не меньше 1 вопроса').max(COURSE_LIMITS.creditQuestions, `не больше ${COURSE_LIMITS.creditQuestions} вопросов`),
  maxMinutes: int32().min(1, 'не меньше 1 минуты').max(COURSE_LIMITS.minutes, 'не больше суток'),
  maxAttempts: int32().min(1, 'не меньше 1 попытки').max(COURSE_LIMITS.creditAttempts, `не больше ${COURSE_LIMITS.creditAttempts} попыток`),
  maxErrors: int32().min(0, 'не меньше 0').max(COURSE_LIMITS.creditQuestions, `не больше ${COURSE_LIMITS.creditQuestions}`),
});
export type CreditAutoFields = z.output<typeof creditAutoFields>;

export const editorCreditAuto = creditAutoFields.extend({
  num: z.number().int(),
  lessonNum: z.number().int(),
  lessonNumbers: z.string(),
  startsAt: z.number().nullable(),
  deadlineAt: z.number().nullable(),
  questionCount: z.number().int(),
  maxMinutes: z.number().int(),
  maxAttempts: z.number().int(),
  maxErrors: z.number().int(),
  answeredBy,
  inProgress: z.number().int(),
});

export const creditVerbalFields = z.object({
  lessonNum,
  lessonNumbers: lessonList,
  startsOn: isoDay.nullable(),
  endsOn: isoDay.nullable(),
});
export type CreditVerbalFields = z.output<typeof creditVerbalFields>;

export const editorCreditVerbal = z.object({
  num: z.number().int(),
  lessonNum: z.number().int(),
  lessonNumbers: z.string(),
  startsOn: z.string().nullable(),
  endsOn: z.string().nullable(),
  answeredBy,
});

export const editorVideo = z.object({
  id: z.number().int(),
  shownName: z.string(),
  isMandatory: flag,
  isPublished: flag,
  /** 'none', 'queued', 'processing', 'ready', 'failed' (video admin). */
  mediaStatus: z.string(),
});

export const getEditorLesson = live('/course_editor/get_lesson', {
  input: z.object({ number: lessonNum }),
  output: z.object({
    lesson: editorLessonSummary.extend({ description: z.string(), materials: z.array(z.object({ title: z.string(), url: z.string() })) }),
    videos: z.array(editorVideo),
    homeworks: z.array(editorHomework),
    creditsAuto: z.array(editorCreditAuto),
    creditsVerbal: z.array(editorCreditVerbal),
  }),
  access: courseEditors,
  extension: true,
});

/** Videos of the video admin that a lesson may take (unattached or attached elsewhere). */
export const getVideoChoices = live('/course_editor/get_video_choices', {
  input: noInput,
  output: z.object({ videos: z.array(editorVideo.extend({ lessonNum: z.number().int().nullable() })) }),
  access: courseEditors,
  extension: true,
});

// ——— Homework ———

export const homeworkSettings = z.object({
  isProbnik: flag,
  deadlineAt: instantOrNull,
  p1TimeLimitMin: minutesOrNull,
  p2TimeLimitMin: minutesOrNull,
  p2SelfCheck: flag,
});
export type HomeworkSettings = z.output<typeof homeworkSettings>;

export const createHomework = live('/course_editor/create_homework', {
  input: homeworkSettings.extend({ lessonNum }),
  output: z.object({ num: z.number().int() }),
  access: courseEditors,
  extension: true,
});

/** Deadline changes apply at once; time limits and self-check are refused while they would change a running or submitted part. */
export const updateHomework = live('/course_editor/update_homework', {
  input: homeworkSettings.extend({ num: recordNum }),
  output: z.object({}),
  access: courseEditors,
  extension: true,
});

/** Part 1 as «how many questions of which ЕГЭ task»: the server draws published bank questions (the lesson's first). */
export const setHomeworkP1 = live('/course_editor/set_homework_p1', {
  input: z.object({
    num: recordNum,
    isDop: flag,
    tasks: z
      .array(
        z.object({
          egeNum: int32().min(1, 'номер задания от 1').max(30, 'номер задания до 30'),
          count: int32().min(1, 'не меньше 1 вопроса').max(COURSE_LIMITS.p1Questions, `не больше ${COURSE_LIMITS.p1Questions}`),
        }),
      )
      .max(30),
  }),
  output: z.object({ count: z.number().int(), maxPoints: z.number().int() }),
  access: courseEditors,
  extension: true,
});

/** Part 2 as a list of bank tasks, each mandatory or not. */
export const setHomeworkP2 = live('/course_editor/set_homework_p2', {
  input: z.object({
    num: recordNum,
    isDop: flag,
    tasks: z.array(z.object({ questionId, isMandatory: flag })).max(COURSE_LIMITS.p2Questions, `не больше ${COURSE_LIMITS.p2Questions} заданий`),
  }),
  output: z.object({ count: z.number().int(), maxPoints: z.number().int() }),
  access: courseEditors,
  extension: true,
});

export const deleteHomework = live('/course_editor/delete_homework', {
  input: z.object({ num: recordNum }),
  output: z.object({}),
  access: courseEditors,
  extension: true,
});

/** What the bank offers for a homework: published part 1 questions per ЕГЭ task, part 2 tasks. */
export const getBankChoices = live('/course_editor/get_bank_choices', {
  input: z.object({ lessonNum }),
  output: z.object({
    p1: z.array(z.object({ egeNum: z.number().int(), ofLesson: z.number().int(), total: z.number().int(), points: z.number().int() })),
    p2: z.array(z.object({ questionId: z.number().int(), taskNumber: z.number().int(), lessonNum: z.number().int(), preview: z.string(), maxPoints: z.number().int() })),
  }),
  access: courseEditors,
  extension: true,
});

// ——— Credits ———

export const saveCreditAuto = live('/course_editor/save_credit_auto', {
  input: creditAutoFields.extend({ num: z.union([z.literal(''), recordNum]).default('') }),
  output: z.object({ num: z.number().int() }),
  access: courseEditors,
  extension: true,
});

export const deleteCreditAuto = live('/course_editor/delete_credit_auto', {
  input: z.object({ num: recordNum }),
  output: z.object({}),
  access: courseEditors,
  extension: true,
});

export const saveCreditVerbal = live('/course_editor/save_credit_verbal', {
  input: creditVerbalFields.extend({ num: z.union([z.literal(''), recordNum]).default('') }),
  output: z.object({ num: z.number().int() }),
  access: courseEditors,
  extension: true,
});

export const deleteCreditVerbal = live('/course_editor/delete_credit_verbal', {
  input: z.object({ num: recordNum }),
  output: z.object({}),
  access: courseEditors,
  extension: true,
});

// ——— Preview as a student ———

export const previewUserType = z.enum(USER_TYPES);

/** The road as a new student of this type sees it now (published lessons, their opening dates). */
export const previewRoad = live('/course_editor/preview_road', {
  input: z.object({ userType: previewUserType }),
  output: z.object({ dataArrayArray: z.array(z.array(roadLessonSchema)) }),
  access: courseEditors,
  extension: true,
});

export const previewLessonCard = live('/course_editor/preview_lesson_card', {
  input: z.object({ userType: previewUserType, lessonNum }),
  output: lessonCardSchema,
  access: courseEditors,
  extension: true,
});

// ——— New intake ———

export const intakeChange = z.object({
  /** «Урок 3 «Экономика и рынок»: открытие», «ДЗ №3: дедлайн», … */
  what: z.string(),
  /** Moscow 'dd.mm.yyyy hh:mm' (or 'dd.mm.yyyy' for oral credit days). */
  before: z.string(),
  after: z.string(),
});

/** Shift every date of the course so that its earliest opening falls on `startDate` (Moscow). */
export const previewNewIntake = live('/course_editor/preview_new_intake', {
  input: z.object({ startDate: isoDay }),
  output: z.object({ shiftDays: z.number().int(), total: z.number().int(), first: z.array(intakeChange) }),
  access: access.types('Админ'),
  extension: true,
});

/** One transaction; `shiftDays` must match the preview the admin saw (the course may have changed since). */
export const applyNewIntake = live('/course_editor/apply_new_intake', {
  input: z.object({ startDate: isoDay, shiftDays: int32().min(-100_000).max(100_000) }),
  output: z.object({ changed: z.number().int() }),
  access: access.types('Админ'),
  extension: true,
});

// ——— Files: the lesson picture and course packages ———

/** Multipart: the picture (PNG, JPEG, WebP or SVG) plus `data` {number}; answers { imagePath }. */
export const uploadLessonImage = upload('/app/api/course_editor/upload_lesson_image', { access: courseEditors, extension: true });
/** The signed `data` part of uploadLessonImage. */
export const uploadLessonImageData = z.object({ number: lessonNum });
/** SVG pictures are text; a bigger one is not a lesson illustration. */
export const LESSON_SVG_MAX_BYTES = 1024 * 1024;

/**
 * The course as a package (README «Пакет курса»): signed POST with `data` {includeVideoFiles: '0'|'1'},
 * answers the zip. Admins only.
 */
export const exportCoursePackage = download('/app/api/course_editor/export_package', { access: access.types('Админ'), extension: true });

/**
 * Multipart: the package zip plus `data` {replace: '0'|'1'}; answers { chapters, lessons, questions }
 * counts. Into an empty course it creates it; into one with content only with replace '1' and
 * while no student has answers. One transaction: a refused package changes nothing.
 */
export const importCoursePackage = upload('/app/api/course_editor/import_package', { access: access.types('Админ'), extension: true });

import { z } from 'zod';
import { access } from './access';
import { http } from './core';
import { flag, intLike, noInput } from './fields';

/** The lesson road and the lesson card (learning-area §2 'Roadmap', 'Lesson popup', §3, §7). */

/** Lesson status (§4): 0 'Не доступен', 1 'Не начат', 2 'Выполняется', 3 'Сделаны базовые', 4 'Сделано всё'. */
export const lessonStatus = z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3), z.literal(4)]);
export type LessonStatus = z.infer<typeof lessonStatus>;

export const roadLessonSchema = z.object({
  lesson_number: z.number().int(),
  lesson_short_name: z.string(),
  lesson_chapter: z.string(),
  /** Address of the lesson picture, '' when it has none. */
  lesson_img_adr: z.string(),
  status: lessonStatus,
});
export type RoadLesson = z.infer<typeof roadLessonSchema>;

/** Lessons grouped by chapter, chapters and lessons in course order. */
export const getLessonsRoad = http('/app/api/lessons/get_lessons_road.php', {
  readOnly: true,
  input: noInput,
  output: z.object({ dataArrayArray: z.array(z.array(roadLessonSchema)) }),
  access: access.icon('roadmap'),
});

export const cardVideoSchema = z.object({
  video_id: z.number().int(),
  video_shown_name: z.string(),
  /** '0' additional, '1' required. */
  video_obyaz: flag,
  views: z.number().int(),
  watched: flag,
});

/** One part kind (main or additional) of a homework as the card shows it. */
export const cardHomeworkSchema = z.object({
  ht_num: z.number().int(),
  /** Status texts of §4; '' = not started. */
  ht_user_status_p1: z.string(),
  ht_user_status_p2: z.string(),
  /** Null until scored ('. . .' on the card). */
  ht_user_ballov_p1: z.number().nullable(),
  ht_user_ballov_p2: z.number().nullable(),
  ht_user_maxballov_p1: z.number(),
  ht_user_maxballov_p2: z.number(),
  /** Moscow 'dd.mm.yyyy' and 'hh:mm:ss'; both '' when the homework has no deadline. */
  ht_deadline: z.string(),
  ht_deadline_time: z.string(),
  /** Question counts of part 1 and part 2 (0 = the part does not exist). */
  ht_nums_P1: z.number().int(),
  ht_nums_P2: z.number().int(),
  is_probnik: flag,
  /** Our extension: minutes of part 2's time budget (null = untimed), told before the student opens it. */
  ht_p2_time_limit_min: z.number().int().nullable(),
  /** Secondary (100-point) score of a scored mock exam, else null. */
  dzSecondaryBall: z.number().int().nullable(),
});
export type CardHomework = z.infer<typeof cardHomeworkSchema>;

export const cardCreditAutoSchema = z.object({
  za_id: z.number().int(),
  za_date_start: z.string(),
  za_deadline: z.string(),
  za_lesson_numbers: z.string(),
  /** Our extension (named as in get_zachet_auto): minutes per attempt, told before it starts. */
  za_max_time: z.number().int(),
  /** '' Не начато, 'Проводится', 'Сдан', 'Несдан'. */
  zu_status: z.string(),
});

export const cardCreditVerbalSchema = z.object({
  zachet_id: z.number().int(),
  zachet_date_start: z.string(),
  zachet_date_end: z.string(),
  zachet_lesson_numbers: z.string(),
  /** '' Не начат, 'Сдан', 'Несдан'. */
  zachet_status: z.string(),
});

/** A link the course editor attached to the lesson (an https address or a path of this site). */
export const cardMaterialSchema = z.object({ title: z.string(), url: z.string() });
export type CardMaterial = z.infer<typeof cardMaterialSchema>;

/** The lesson card as a student sees it (the course editor's preview answers the same shape). */
export const lessonCardSchema = z.object({
  /** Our extension: the header of the popup without a second call. */
  lesson: roadLessonSchema,
  videos: z.array(cardVideoSchema),
  homeTasks: z.array(cardHomeworkSchema),
  homeTasksDop: z.array(cardHomeworkSchema),
  zachetsAuto: z.array(cardCreditAutoSchema),
  zachetsVerbal: z.array(cardCreditVerbalSchema),
  /** Our extension (course editor): the lesson's description (markdown) and its materials. */
  lesson_description: z.string(),
  lesson_materials: z.array(cardMaterialSchema),
});

export const getLessonCard = http('/app/api/lessons/get_lesson_card.php', {
  readOnly: true,
  input: z.object({ lessonNum: intLike.pipe(z.number().int().min(1, 'номер урока от 1').max(100000, 'слишком большой номер урока')) }),
  output: lessonCardSchema,
  access: access.icon('roadmap'),
});

/** Refusals of the lesson card (shown as 'Ошибка: {message}'). */
export const LESSON_NOT_FOUND = 'Урок не найден';
export const LESSON_CLOSED = 'Урок пока недоступен';

import type { CardHomework, RoadLesson } from '../../../src/shared/contract/course';
import { secondaryScore } from '../../../src/shared/domain/exam-scale';
import { formatMoscowDate, formatMoscowTimeWithSeconds, isoDateToRu } from '../../../src/shared/domain/moscow-time';
import type { CurrentUser } from '../../auth/current-user';
import type { Db } from '../../db';
import { examSecondaryScale } from '../../questions/exam-scale';
import { canOpenLesson, seesDrafts } from '../../access/lesson-access';
import { deriveLessonStatus, type LessonProgress } from './lesson-status';
import { parseMaterials } from './materials';

/** Whose road it is: a signed-in user, or the editor's synthetic new student (an id no row has). */
export type RoadViewer = Pick<CurrentUser, 'id' | 'type'>;

/**
 * Loads lessons with everything their status depends on, for one student, in a fixed number of
 * queries whatever the course size (the road shows every lesson at once). Drafts are left out
 * for everyone but staff; the order is the editor's: chapter, position in it, then number.
 */
export async function loadLessons(db: Db, user: RoadViewer, now: number, onlyLesson?: number) {
  let lessonQuery = db
    .selectFrom('lessons')
    .innerJoin('chapters', 'chapters.id', 'lessons.chapter_id')
    .select([
      'lessons.number',
      'lessons.short_name',
      'lessons.image_path',
      'lessons.opens_at',
      'lessons.demo_access',
      'lessons.is_published',
      'lessons.description',
      'lessons.materials_json',
      'chapters.name as chapter',
      'chapters.id as chapter_id',
    ])
    .orderBy('chapters.position')
    .orderBy('chapters.id')
    .orderBy('lessons.position')
    .orderBy('lessons.number');
  if (onlyLesson !== undefined) lessonQuery = lessonQuery.where('lessons.number', '=', onlyLesson);
  if (!seesDrafts(user.type)) lessonQuery = lessonQuery.where('lessons.is_published', '=', 1);
  const lessons = await lessonQuery.execute();
  if (lessons.length === 0) return [];
  const numbers = lessons.map((lesson) => lesson.number);

  const [videos, homeworks, userHomeworks, creditsAuto, creditsVerbal, scale] = await Promise.all([
    db
      .selectFrom('videos')
      .leftJoin('user_videos', (join) => join.onRef('user_videos.video_id', '=', 'videos.id').on('user_videos.user_id', '=', user.id))
      .select(['videos.id', 'videos.lesson_num', 'videos.shown_name', 'videos.is_mandatory', 'videos.views', 'user_videos.watched', 'user_videos.started_at'])
      .where('videos.lesson_num', 'in', numbers)
      .where('videos.is_published', '=', 1)
      .orderBy('videos.lesson_position')
      .orderBy('videos.id')
      .execute(),
    db.selectFrom('homeworks').selectAll().where('lesson_num', 'in', numbers).orderBy('num').execute(),
    db
      .selectFrom('user_homeworks')
      .innerJoin('homeworks', 'homeworks.num', 'user_homeworks.ht_num')
      .selectAll('user_homeworks')
      .where('user_homeworks.user_id', '=', user.id)
      .where('homeworks.lesson_num', 'in', numbers)
      .execute(),
    db
      .selectFrom('credits_auto')
      .leftJoin('user_credits_auto', (join) =>
        join.onRef('user_credits_auto.credit_num', '=', 'credits_auto.num').on('user_credits_auto.user_id', '=', user.id),
      )
      .select(['credits_auto.num', 'credits_auto.lesson_num', 'credits_auto.lesson_numbers', 'credits_auto.starts_at', 'credits_auto.deadline_at', 'credits_auto.max_minutes', 'user_credits_auto.status'])
      .where('credits_auto.lesson_num', 'in', numbers)
      .orderBy('credits_auto.num')
      .execute(),
    db
      .selectFrom('credits_verbal')
      .leftJoin('user_credits_verbal', (join) =>
        join.onRef('user_credits_verbal.credit_num', '=', 'credits_verbal.num').on('user_credits_verbal.user_id', '=', user.id),
      )
      .select(['credits_verbal.num', 'credits_verbal.lesson_num', 'credits_verbal.lesson_numbers', 'credits_verbal.starts_on', 'credits_verbal.ends_on', 'user_credits_verbal.status'])
      .where('credits_verbal.lesson_num', 'in', numbers)
      .orderBy('credits_verbal.num')
      .execute(),
    examSecondaryScale(db),
  ]);

  const progressOf = (htNum: number, isDop: boolean) => userHomeworks.find((row) => row.ht_num === htNum && row.is_dop === (isDop ? 1 : 0));

  return lessons.map((lesson) => {
    const lessonVideos = videos.filter((video) => video.lesson_num === lesson.number);
    const lessonHomeworks = homeworks.filter((homework) => homework.lesson_num === lesson.number);
    const cardHomework = (isDop: boolean): CardHomework[] =>
      lessonHomeworks
        .filter((homework) => (isDop ? homework.dop_p1_count + homework.dop_p2_count : homework.p1_count + homework.p2_count) > 0)
        .map((homework) => {
          const progress = progressOf(homework.num, isDop);
          const pointsP1 = progress?.points_p1 ?? null;
          const pointsP2 = progress?.points_p2 ?? null;
          const scored = homework.is_probnik === 1 && pointsP1 !== null && (pointsP2 !== null || homework.p2_count === 0);
          return {
            ht_num: homework.num,
            ht_user_status_p1: progress?.status_p1 ?? '',
            ht_user_status_p2: progress?.status_p2 ?? '',
            ht_user_ballov_p1: pointsP1,
            ht_user_ballov_p2: pointsP2,
            ht_user_maxballov_p1: isDop ? homework.dop_p1_max : homework.p1_max,
            ht_user_maxballov_p2: isDop ? homework.dop_p2_max : homework.p2_max,
            ht_deadline: homework.deadline_at === null ? '' : formatMoscowDate(homework.deadline_at),
            ht_deadline_time: homework.deadline_at === null ? '' : formatMoscowTimeWithSeconds(homework.deadline_at),
            ht_nums_P1: isDop ? homework.dop_p1_count : homework.p1_count,
            ht_nums_P2: isDop ? homework.dop_p2_count : homework.p2_count,
            is_probnik: homework.is_probnik === 1 ? '1' : '0',
            // Additional parts are never timed (p2-timer.ts).
            ht_p2_time_limit_min: isDop ? null : homework.p2_time_limit_min,
            dzSecondaryBall: scored && !isDop ? secondaryScore((pointsP1 ?? 0) + (pointsP2 ?? 0), scale) : null,
          };
        });
    const homeTasks = cardHomework(false);
    const homeTasksDop = cardHomework(true);
    const lessonCreditsAuto = creditsAuto.filter((credit) => credit.lesson_num === lesson.number);
    const lessonCreditsVerbal = creditsVerbal.filter((credit) => credit.lesson_num === lesson.number);

    const progress: LessonProgress = {
      accessible: canOpenLesson(user.type, lesson, now),
      videos: lessonVideos.map((video) => ({ mandatory: video.is_mandatory === 1, watched: video.watched === 1, started: video.started_at !== null })),
      homeworkParts: [
        ...homeTasks.flatMap((task) => [
          ...(task.ht_nums_P1 > 0 ? [{ additional: false, status: task.ht_user_status_p1 }] : []),
          ...(task.ht_nums_P2 > 0 ? [{ additional: false, status: task.ht_user_status_p2 }] : []),
        ]),
        // Part 2 of an additional homework is hidden from students, so it cannot block status 4.
        ...homeTasksDop.filter((task) => task.ht_nums_P1 > 0).map((task) => ({ additional: true, status: task.ht_user_status_p1 })),
      ],
      credits: [...lessonCreditsAuto, ...lessonCreditsVerbal].map((credit) => ({ status: credit.status ?? '' })),
    };

    const road: RoadLesson = {
      lesson_number: lesson.number,
      lesson_short_name: lesson.short_name,
      lesson_chapter: lesson.chapter,
      lesson_img_adr: lesson.image_path,
      status: deriveLessonStatus(progress),
    };
    return {
      road,
      chapterId: lesson.chapter_id,
      card: {
        videos: lessonVideos.map((video) => ({
          video_id: video.id,
          video_shown_name: video.shown_name,
          video_obyaz: video.is_mandatory === 1 ? ('1' as const) : ('0' as const),
          views: video.views,
          watched: video.watched === 1 ? ('1' as const) : ('0' as const),
        })),
        homeTasks,
        homeTasksDop,
        zachetsAuto: lessonCreditsAuto.map((credit) => ({
          za_id: credit.num,
          za_date_start: credit.starts_at === null ? '' : formatMoscowDate(credit.starts_at),
          za_deadline: credit.deadline_at === null ? '' : formatMoscowDate(credit.deadline_at),
          za_lesson_numbers: credit.lesson_numbers,
          za_max_time: credit.max_minutes,
          zu_status: credit.status ?? '',
        })),
        lesson_description: lesson.description,
        lesson_materials: parseMaterials(lesson.materials_json),
        zachetsVerbal: lessonCreditsVerbal.map((credit) => ({
          zachet_id: credit.num,
          zachet_date_start: credit.starts_on === null ? '' : isoDateToRu(credit.starts_on),
          zachet_date_end: credit.ends_on === null ? '' : isoDateToRu(credit.ends_on),
          zachet_lesson_numbers: credit.lesson_numbers,
          zachet_status: credit.status ?? '',
        })),
      },
    };
  });
}

/** Groups road lessons by chapter, keeping course order. */
export function groupByChapter(lessons: readonly { road: RoadLesson; chapterId: number }[]): RoadLesson[][] {
  const groups: RoadLesson[][] = [];
  let lastChapter: number | undefined;
  for (const lesson of lessons) {
    if (lesson.chapterId !== lastChapter) groups.push([]);
    groups[groups.length - 1]!.push(lesson.road);
    lastChapter = lesson.chapterId;
  }
  return groups;
}

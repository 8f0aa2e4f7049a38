import type { EditorChapter, EditorHomework, EditorLessonSummary } from '../../../../src/shared/contract/course-editor';
import { pointsOfTask } from '../../../../src/shared/domain/questions';
import type { Db } from '../../../db';
import { examPrimaryScores } from '../../../questions/question-bank';
import { parseMaterials } from '../materials';
import { creditAutoActivity, creditAutoInProgress, creditVerbalActivity, homeworkActivity, homeworkInProgress, lessonActivity, studentsOf } from './answers-count';
import { flagOf, nextLessonNumber, p1Text, previewText, requireLesson } from './records';

/** What the editor reads: the course tree, one lesson in full, and what the bank and video admin offer. */

type LessonRow = { number: number; short_name: string; chapter_id: number; position: number; image_path: string; opens_at: number | null; demo_access: number; is_published: number };

const countBy = (rows: readonly { lesson_num: number | null }[]) => {
  const counts = new Map<number, number>();
  for (const row of rows) if (row.lesson_num !== null) counts.set(row.lesson_num, (counts.get(row.lesson_num) ?? 0) + 1);
  return counts;
};

function summaryOf(lesson: LessonRow, counts: { homeworks: Map<number, number>; creditsAuto: Map<number, number>; creditsVerbal: Map<number, number>; videos: Map<number, number> }, answeredBy: number): EditorLessonSummary {
  return {
    number: lesson.number,
    shortName: lesson.short_name,
    chapterId: lesson.chapter_id,
    position: lesson.position,
    imagePath: lesson.image_path,
    opensAt: lesson.opens_at,
    demoAccess: flagOf(lesson.demo_access),
    isPublished: flagOf(lesson.is_published),
    homeworks: counts.homeworks.get(lesson.number) ?? 0,
    creditsAuto: counts.creditsAuto.get(lesson.number) ?? 0,
    creditsVerbal: counts.creditsVerbal.get(lesson.number) ?? 0,
    videos: counts.videos.get(lesson.number) ?? 0,
    answeredBy,
  };
}

const LESSON_COLUMNS = ['number', 'short_name', 'chapter_id', 'position', 'image_path', 'opens_at', 'demo_access', 'is_published'] as const;

/** How many homeworks, credits and videos each lesson has (a few small columns of the whole course). */
async function lessonCounts(db: Db) {
  const [homeworks, creditsAuto, creditsVerbal, videos] = await Promise.all([
    db.selectFrom('homeworks').select('lesson_num').execute(),
    db.selectFrom('credits_auto').select('lesson_num').execute(),
    db.selectFrom('credits_verbal').select('lesson_num').execute(),
    db.selectFrom('videos').select('lesson_num').where('lesson_num', 'is not', null).execute(),
  ]);
  return { homeworks: countBy(homeworks), creditsAuto: countBy(creditsAuto), creditsVerbal: countBy(creditsVerbal), videos: countBy(videos) };
}

/** The whole course: chapters in order, each with its lessons in order (drafts included). */
export async function courseTree(db: Db): Promise<{ chapters: EditorChapter[]; nextLessonNumber: number }> {
  const [chapters, lessons, counts] = await Promise.all([
    db.selectFrom('chapters').select(['id', 'name', 'position']).orderBy('position').orderBy('id').execute(),
    db.selectFrom('lessons').select(LESSON_COLUMNS).orderBy('position').orderBy('number').execute(),
    lessonCounts(db),
  ]);
  const activity = await lessonActivity(
    db,
    lessons.map((lesson) => lesson.number),
  );
  return {
    chapters: chapters.map((chapter) => ({
      id: chapter.id,
      name: chapter.name,
      position: chapter.position,
      lessons: lessons.filter((lesson) => lesson.chapter_id === chapter.id).map((lesson) => summaryOf(lesson, counts, activity.get(lesson.number)?.size ?? 0)),
    })),
    nextLessonNumber: await nextLessonNumber(db),
  };
}

/** The videos of the video admin as the editor lists them. */
function editorVideoOf(video: { id: number; shown_name: string; is_mandatory: number; is_published: number; media_status: string }) {
  return { id: video.id, shownName: video.shown_name, isMandatory: flagOf(video.is_mandatory), isPublished: flagOf(video.is_published), mediaStatus: video.media_status };
}

const VIDEO_COLUMNS = ['id', 'lesson_num', 'shown_name', 'is_mandatory', 'is_published', 'media_status'] as const;

export async function videoChoices(db: Db) {
  const videos = await db.selectFrom('videos').select(VIDEO_COLUMNS).orderBy('id').execute();
  return { videos: videos.map((video) => ({ ...editorVideoOf(video), lessonNum: video.lesson_num })) };
}

/** One lesson with its videos, homework (questions of every part), credits and who has worked on them. */
export async function lessonInFull(db: Db, number: number) {
  const lesson = await requireLesson(db, number);
  const [videos, homeworks, creditsAuto, creditsVerbal, counts, activity, scores] = await Promise.all([
    db.selectFrom('videos').select(VIDEO_COLUMNS).where('lesson_num', '=', number).orderBy('lesson_position').orderBy('id').execute(),
    db.selectFrom('homeworks').selectAll().where('lesson_num', '=', number).orderBy('num').execute(),
    db.selectFrom('credits_auto').selectAll().where('lesson_num', '=', number).orderBy('num').execute(),
    db.selectFrom('credits_verbal').selectAll().where('lesson_num', '=', number).orderBy('num').execute(),
    lessonCounts(db),
    lessonActivity(db, [number]),
    examPrimaryScores(db),
  ]);
  const htNums = homeworks.map((homework) => homework.num);
  const autoNums = creditsAuto.map((credit) => credit.num);
  const [p1, p2, hwActivity, hwRunning, autoActivity, autoRunning, verbalActivity] = await Promise.all([
    htNums.length === 0
      ? []
      : db
          .selectFrom('homework_questions_p1')
          .innerJoin('questions_p1', 'questions_p1.id', 'homework_questions_p1.question_id')
          .select(['homework_questions_p1.ht_num', 'homework_questions_p1.is_dop', 'homework_questions_p1.q_number', 'questions_p1.id', 'questions_p1.ege_num', 'questions_p1.q_json'])
          .where('homework_questions_p1.ht_num', 'in', htNums)
          .orderBy('homework_questions_p1.q_number')
          .execute(),
    htNums.length === 0
      ? []
      : db
          .selectFrom('homework_questions_p2')
          .innerJoin('questions_p2', 'questions_p2.id', 'homework_questions_p2.question_id')
          .select([
            'homework_questions_p2.ht_num',
            'homework_questions_p2.is_dop',
            'homework_questions_p2.q_number',
            'homework_questions_p2.is_mandatory',
            'questions_p2.id',
            'questions_p2.task_number',
            'questions_p2.question',
            'questions_p2.max_points',
          ])
          .where('homework_questions_p2.ht_num', 'in', htNums)
          .orderBy('homework_questions_p2.q_number')
          .execute(),
    homeworkActivity(db, htNums),
    homeworkInProgress(db, htNums),
    creditAutoActivity(db, autoNums),
    creditAutoInProgress(db, autoNums),
    creditVerbalActivity(
      db,
      creditsVerbal.map((credit) => credit.num),
    ),
  ]);
  const part = (htNum: number, isDop: number) => ({
    p1: p1
      .filter((row) => row.ht_num === htNum && row.is_dop === isDop)
      .map((row) => ({ qNumber: row.q_number, questionId: row.id, egeNum: row.ege_num, preview: previewText(p1Text(row.q_json)), maxPoints: pointsOfTask(scores, row.ege_num) })),
    p2: p2
      .filter((row) => row.ht_num === htNum && row.is_dop === isDop)
      .map((row) => ({ qNumber: row.q_number, questionId: row.id, taskNumber: row.task_number, preview: previewText(row.question), maxPoints: row.max_points, isMandatory: flagOf(row.is_mandatory) })),
    answeredBy: studentsOf(hwActivity, (row) => row.htNum === htNum && row.isDop === isDop),
  });
  return {
    lesson: { ...summaryOf(lesson, counts, activity.get(number)?.size ?? 0), description: lesson.description, materials: parseMaterials(lesson.materials_json) },
    videos: videos.map(editorVideoOf),
    homeworks: homeworks.map(
      (homework): EditorHomework => ({
        num: homework.num,
        isProbnik: flagOf(homework.is_probnik),
        deadlineAt: homework.deadline_at,
        p1TimeLimitMin: homework.p1_time_limit_min,
        p2TimeLimitMin: homework.p2_time_limit_min,
        p2SelfCheck: flagOf(homework.p2_self_check),
        main: part(homework.num, 0),
        dop: part(homework.num, 1),
        answeredBy: studentsOf(hwActivity, (row) => row.htNum === homework.num),
        inProgress: studentsOf(hwRunning, (row) => row.htNum === homework.num),
      }),
    ),
    creditsAuto: creditsAuto.map((credit) => ({
      num: credit.num,
      lessonNum: credit.lesson_num,
      lessonNumbers: credit.lesson_numbers,
      startsAt: credit.starts_at,
      deadlineAt: credit.deadline_at,
      questionCount: credit.question_count,
      maxMinutes: credit.max_minutes,
      maxAttempts: credit.max_attempts,
      maxErrors: credit.max_errors,
      answeredBy: studentsOf(autoActivity, (row) => row.creditNum === credit.num),
      inProgress: studentsOf(autoRunning, (row) => row.creditNum === credit.num),
    })),
    creditsVerbal: creditsVerbal.map((credit) => ({
      num: credit.num,
      lessonNum: credit.lesson_num,
      lessonNumbers: credit.lesson_numbers,
      startsOn: credit.starts_on,
      endsOn: credit.ends_on,
      answeredBy: studentsOf(verbalActivity, (row) => row.creditNum === credit.num),
    })),
  };
}

/** What the bank offers a homework of this lesson: published part 1 questions per ЕГЭ task, and part 2 tasks (the lesson's first). */
export async function bankChoices(db: Db, lessonNum: number) {
  await requireLesson(db, lessonNum);
  const [p1, p2, scores] = await Promise.all([
    db.selectFrom('questions_p1').select(['ege_num', 'lesson_num']).where('is_published', '=', 1).execute(),
    db.selectFrom('questions_p2').select(['id', 'task_number', 'lesson_num', 'question', 'max_points']).orderBy('task_number').orderBy('id').execute(),
    examPrimaryScores(db),
  ]);
  const tasks = new Map<number, { ofLesson: number; total: number }>();
  for (const row of p1) {
    const task = tasks.get(row.ege_num) ?? { ofLesson: 0, total: 0 };
    task.total += 1;
    if (row.lesson_num === lessonNum) task.ofLesson += 1;
    tasks.set(row.ege_num, task);
  }
  const p2Rows = [...p2.filter((row) => row.lesson_num === lessonNum), ...p2.filter((row) => row.lesson_num !== lessonNum)];
  return {
    p1: [...tasks.entries()].sort(([a], [b]) => a - b).map(([egeNum, task]) => ({ egeNum, ...task, points: pointsOfTask(scores, egeNum) })),
    p2: p2Rows.map((row) => ({ questionId: row.id, taskNumber: row.task_number, lessonNum: row.lesson_num, preview: previewText(row.question), maxPoints: row.max_points })),
  };
}

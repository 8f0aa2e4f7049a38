import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { course, courseEditor, homeworkP1, video as videoCalls } from '../../../../src/shared/contract';
import { VIDEO_CLOSED } from '../../../../src/shared/contract/video';
import { LESSON_CLOSED, LESSON_NOT_FOUND } from '../../../../src/shared/contract/course';
import { COURSE_EDITOR_TEXTS as T, type LessonFields } from '../../../../src/shared/contract/course-editor';
import type { CallContract, InputOf } from '../../../../src/shared/contract/core';
import { HOMEWORK_TEXTS } from '../../../../src/shared/contract/homework-p1';
import { moscowDateKey } from '../../../../src/shared/domain/moscow-time';
import { pointsOfTask } from '../../../../src/shared/domain/questions';
import type { LiveTestSocket, TestClient } from '../../../../tests/helpers/client';
import { makeStudent, setHomeworkProgress } from '../../../../tests/helpers/factories';
import { startTestServer, testDialects, type TestServer } from '../../../../tests/helpers/server';
import { examPrimaryScores } from '../../../questions/question-bank';

const DAY = 86_400_000;

describe.each(testDialects)('course editor on %s', (dialect) => {
  let server: TestServer;
  let admin: TestClient;
  let live: LiveTestSocket;
  let student: TestClient;
  beforeAll(async () => {
    server = await startTestServer({ dialect });
    admin = await server.signIn('admin');
    live = await admin.openLive();
    student = await server.signIn('student');
  }, 60_000);
  afterAll(async () => {
    live.close();
    await server.close();
  });

  const db = () => server.server.services.db;
  const call = <C extends CallContract>(contract: C, input: InputOf<C>) => live.request(contract, input);
  /** The refusal's message (the call must fail). */
  const refusal = async <C extends CallContract>(contract: C, input: InputOf<C>) => {
    const body = await live.requestRaw(contract.path, input);
    expect(body.success, JSON.stringify(body)).toBe('0');
    return body.message;
  };
  const lessonFields = (chapterId: number, shortName: string): LessonFields => ({ shortName, chapterId, opensAt: null, demoAccess: '0', description: '', materials: [] });
  const studentsWith = async (table: 'homework_answers_p1' | 'user_homeworks', htNum: number, isDop?: number) => {
    let query = db().selectFrom(table).select('user_id').distinct().where('ht_num', '=', htNum);
    if (isDop !== undefined) query = query.where('is_dop', '=', isDop);
    return (await query.execute()).length;
  };

  it('lists the course with counts and who has answered', async () => {
    const { chapters, nextLessonNumber, canManagePackages } = await call(courseEditor.getCourse, {});
    expect(canManagePackages).toBe('1');
    expect(chapters.length).toBe(6);
    const lesson1 = chapters[0]!.lessons[0]!;
    expect(lesson1).toMatchObject({ number: 1, isPublished: '1', homeworks: 1 });
    expect(lesson1.answeredBy).toBeGreaterThan(0);
    expect(nextLessonNumber).toBe(11);
  });

  it('creates, renames, reorders and deletes chapters, refusing duplicates, stale orders and non-empty chapters', async () => {
    const { id } = await call(courseEditor.createChapter, { name: 'Духовная культура' });
    expect(await refusal(courseEditor.createChapter, { name: 'Духовная культура' })).toBe(T.chapterExists);
    expect(await refusal(courseEditor.renameChapter, { id, name: 'Экономика' })).toBe(T.chapterExists);
    expect(await refusal(courseEditor.renameChapter, { id: 99_999, name: 'Нет' })).toBe(T.chapterNotFound);
    await call(courseEditor.renameChapter, { id, name: 'Духовная жизнь общества' });
    const ids = (await db().selectFrom('chapters').select('id').orderBy('position').execute()).map((row) => row.id);
    expect(await refusal(courseEditor.reorderChapters, { ids: ids.slice(1) })).toBe(T.staleOrder);
    expect(await refusal(courseEditor.reorderChapters, { ids: [...ids.slice(1), ids[1]!] })).toBe(T.staleOrder);
    expect(await refusal(courseEditor.reorderChapters, { ids: [...ids.slice(1), 99_999] })).toBe(T.chapterNotFound);
    const reordered = [id, ...ids.filter((other) => other !== id)];
    await call(courseEditor.reorderChapters, { ids: reordered });
    expect((await call(courseEditor.getCourse, {})).chapters.map((chapter) => chapter.id)).toEqual(reordered);
    expect(await refusal(courseEditor.deleteChapter, { id: ids[0]! })).toBe(T.chapterNotEmpty);
    await call(courseEditor.deleteChapter, { id });
    await call(courseEditor.reorderChapters, { ids: ids.filter((other) => other !== id) });
    expect(await db().selectFrom('chapters').select('id').where('id', '=', id).executeTakeFirst()).toBeUndefined();
  });

  it('creates a draft lesson that students never see until it is published', async () => {
    const chapterId = (await db().selectFrom('lessons').select('chapter_id').where('number', '=', 1).executeTakeFirstOrThrow()).chapter_id;
    const { number } = await call(courseEditor.createLesson, { ...lessonFields(chapterId, 'Мировоззрение'), number: '' });
    expect(number).toBe(11);
    expect(await refusal(courseEditor.createLesson, { ...lessonFields(chapterId, 'Дубль'), number: 11 })).toBe(T.lessonNumberTaken);
    expect(await refusal(courseEditor.createLesson, { ...lessonFields(99_999, 'Без раздела'), number: '' })).toBe(T.chapterNotFound);
    const row = await db().selectFrom('lessons').selectAll().where('number', '=', number).executeTakeFirstOrThrow();
    const lastInChapter = await db().selectFrom('lessons').select('position').where('chapter_id', '=', chapterId).where('number', '!=', number).orderBy('position', 'desc').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ is_published: 0, position: lastInChapter.position + 1, chapter_id: chapterId });

    const studentRoad = async () => (await student.call(course.getLessonsRoad, {})).dataArrayArray.flat().map((lesson) => lesson.lesson_number);
    expect(await studentRoad()).not.toContain(number);
    expect((await admin.call(course.getLessonsRoad, {})).dataArrayArray[0]!.map((lesson) => lesson.lesson_number)).toContain(number);
    expect((await student.callRaw(course.getLessonCard, { lessonNum: number })).body).toEqual({ success: '0', message: LESSON_NOT_FOUND });
    // The preview as a new student matches: the draft is missing for a student, there for staff.
    expect((await call(courseEditor.previewRoad, { userType: 'Ученик' })).dataArrayArray.flat().map((lesson) => lesson.lesson_number)).not.toContain(number);
    expect((await call(courseEditor.previewRoad, { userType: 'Админ' })).dataArrayArray.flat().map((lesson) => lesson.lesson_number)).toContain(number);

    await call(courseEditor.setLessonPublished, { number, isPublished: '1' });
    expect(await studentRoad()).toContain(number);
    // In chapter order: the new lesson closes its chapter on the road.
    const firstChapter = (await student.call(course.getLessonsRoad, {})).dataArrayArray[0]!;
    expect(firstChapter[firstChapter.length - 1]!.lesson_number).toBe(number);
  });

  it('keeps everything of a draft lesson closed to students: card, homework, videos, and the road', async () => {
    const video = await db().selectFrom('videos').select('id').where('lesson_num', '=', 1).where('is_published', '=', 1).executeTakeFirstOrThrow();
    expect((await student.call(videoCalls.getVideoLesson, { videoId: video.id })).dataArray).toBeDefined();
    await call(courseEditor.setLessonPublished, { number: 1, isPublished: '0' });
    try {
      expect((await student.callRaw(videoCalls.getVideoLesson, { videoId: video.id })).body).toEqual({ success: '0', message: VIDEO_CLOSED });
      expect((await admin.call(videoCalls.getVideoLesson, { videoId: video.id })).dataArray).toBeDefined();
      expect((await student.callRaw(course.getLessonCard, { lessonNum: 1 })).body).toEqual({ success: '0', message: LESSON_NOT_FOUND });
      expect((await student.callRaw(homeworkP1.getHomeTaskTimer, { htPart: 'p1', htNum: 1 })).body).toMatchObject({ success: '0', message: HOMEWORK_TEXTS.closed });
      expect((await admin.call(course.getLessonCard, { lessonNum: 1 })).lesson.lesson_number).toBe(1);
    } finally {
      await call(courseEditor.setLessonPublished, { number: 1, isPublished: '1' });
    }
    expect((await student.call(course.getLessonCard, { lessonNum: 1 })).lesson.lesson_number).toBe(1);
  });

  it('updates a lesson, moves it to another chapter and reorders a chapter', async () => {
    const chapters = await db().selectFrom('chapters').select('id').orderBy('position').execute();
    const [first, second] = [chapters[0]!.id, chapters[1]!.id];
    await call(courseEditor.updateLesson, {
      ...lessonFields(second, 'Мировоззрение и его виды'),
      number: 11,
      opensAt: Date.UTC(2030, 0, 1, 9),
      demoAccess: '1',
      description: 'Виды мировоззрения: обыденное, религиозное, научное.',
      materials: [{ title: 'Кодификатор ФИПИ', url: 'https://fipi.ru/ege' }],
    });
    const moved = await call(courseEditor.getEditorLesson, { number: 11 });
    expect(moved.lesson).toMatchObject({ chapterId: second, shortName: 'Мировоззрение и его виды', opensAt: Date.UTC(2030, 0, 1, 9), demoAccess: '1', materials: [{ title: 'Кодификатор ФИПИ', url: 'https://fipi.ru/ege' }] });
    expect(await refusal(courseEditor.updateLesson, { ...lessonFields(first, 'Нет'), number: 999 })).toBe(T.lessonNotFound);

    const inSecond = async () => (await db().selectFrom('lessons').select('number').where('chapter_id', '=', second).orderBy('position').execute()).map((row) => row.number);
    const before = await inSecond();
    expect(before[before.length - 1]).toBe(11);
    // A list without one of the chapter's lessons is stale; a lesson of the first chapter joins the second.
    expect(await refusal(courseEditor.reorderLessons, { chapterId: second, numbers: before.slice(1) })).toBe(T.staleOrder);
    expect(await refusal(courseEditor.reorderLessons, { chapterId: second, numbers: [...before, 999] })).toBe(T.lessonNotFound);
    const fromFirst = (await db().selectFrom('lessons').select('number').where('chapter_id', '=', first).orderBy('position', 'desc').executeTakeFirstOrThrow()).number;
    await call(courseEditor.reorderLessons, { chapterId: second, numbers: [11, fromFirst, ...before.filter((number) => number !== 11)] });
    expect(await inSecond()).toEqual([11, fromFirst, ...before.filter((number) => number !== 11)]);
    const adminRoad = (await admin.call(course.getLessonsRoad, {})).dataArrayArray;
    expect(adminRoad[1]!.slice(0, 2).map((lesson) => lesson.lesson_number)).toEqual([11, fromFirst]);
    // Put it back for the tests that follow.
    await call(courseEditor.reorderLessons, { chapterId: first, numbers: [...(await db().selectFrom('lessons').select('number').where('chapter_id', '=', first).orderBy('position').execute()).map((row) => row.number), fromFirst] });
  });

  it('sets the videos of a lesson in order and detaches the rest', async () => {
    const videos = (await db().selectFrom('videos').select(['id', 'lesson_num']).orderBy('id').execute()).slice(0, 2);
    expect(videos.length).toBe(2);
    const [a, b] = [videos[0]!.id, videos[1]!.id];
    await db().updateTable('videos').set({ is_published: 1 }).where('id', 'in', [a, b]).execute();
    await call(courseEditor.setLessonVideos, { number: 11, videoIds: [b, a] });
    expect((await call(courseEditor.getEditorLesson, { number: 11 })).videos.map((video) => video.id)).toEqual([b, a]);
    expect((await admin.call(course.getLessonCard, { lessonNum: 11 })).videos.map((video) => video.video_id)).toEqual([b, a]);
    expect(await refusal(courseEditor.setLessonVideos, { number: 11, videoIds: [a, 999_999] })).toBe(T.videoNotFound);
    await call(courseEditor.setLessonVideos, { number: 11, videoIds: [a] });
    expect((await db().selectFrom('videos').select('lesson_num').where('id', '=', b).executeTakeFirstOrThrow()).lesson_num).toBeNull();
    // Back where the seed had them.
    await call(courseEditor.setLessonVideos, { number: 11, videoIds: [] });
    for (const video of videos) await db().updateTable('videos').set({ lesson_num: video.lesson_num }).where('id', '=', video.id).execute();
    const choices = await call(courseEditor.getVideoChoices, {});
    expect(choices.videos.find((video) => video.id === a)?.lessonNum).toBe(videos[0]!.lesson_num);
  });

  it('draws part 1 from the published bank, the lesson’s own questions first, with points from the exam scores', async () => {
    const { num } = await call(courseEditor.createHomework, { lessonNum: 2, isProbnik: '0', deadlineAt: null, p1TimeLimitMin: null, p2TimeLimitMin: null, p2SelfCheck: '0' });
    const bank = await call(courseEditor.getBankChoices, { lessonNum: 2 });
    const task = bank.p1.find((choice) => choice.ofLesson > 0 && choice.total > choice.ofLesson)!;
    expect(task).toBeDefined();
    const wanted = task.ofLesson + 1;
    const result = await call(courseEditor.setHomeworkP1, { num, isDop: '0', tasks: [{ egeNum: task.egeNum, count: wanted }] });
    const scores = await examPrimaryScores(db());
    expect(result).toEqual({ count: wanted, maxPoints: wanted * pointsOfTask(scores, task.egeNum) });
    const drawn = await db()
      .selectFrom('homework_questions_p1')
      .innerJoin('questions_p1', 'questions_p1.id', 'homework_questions_p1.question_id')
      .select(['questions_p1.lesson_num', 'questions_p1.ege_num', 'questions_p1.is_published'])
      .where('ht_num', '=', num)
      .orderBy('q_number')
      .execute();
    expect(drawn.map((row) => row.lesson_num === 2)).toEqual([...Array<boolean>(task.ofLesson).fill(true), false]);
    expect(drawn.every((row) => row.ege_num === task.egeNum && row.is_published === 1)).toBe(true);
    expect(await db().selectFrom('homeworks').select(['p1_count', 'p1_max']).where('num', '=', num).executeTakeFirstOrThrow()).toEqual({ p1_count: wanted, p1_max: result.maxPoints });
    expect(await refusal(courseEditor.setHomeworkP1, { num, isDop: '1', tasks: [{ egeNum: task.egeNum, count: task.total + 1 }] })).toBe(T.notEnoughQuestions(task.egeNum, task.total + 1, task.total));
    expect(await refusal(courseEditor.setHomeworkP1, { num: 99_999, isDop: '0', tasks: [] })).toBe(T.homeworkNotFound);

    const p2 = bank.p2.slice(0, 2);
    expect(await call(courseEditor.setHomeworkP2, { num, isDop: '0', tasks: p2.map((question, index) => ({ questionId: question.questionId, isMandatory: index === 0 ? ('1' as const) : ('0' as const) })) })).toEqual({
      count: 2,
      maxPoints: p2[0]!.maxPoints + p2[1]!.maxPoints,
    });
    expect(await refusal(courseEditor.setHomeworkP2, { num, isDop: '0', tasks: [{ questionId: 999_999, isMandatory: '1' }] })).toBe(T.questionNotFound);
    expect(await refusal(courseEditor.setHomeworkP2, { num, isDop: '0', tasks: [p2[0]!, p2[0]!].map((question) => ({ questionId: question.questionId, isMandatory: '1' as const })) })).toBe(T.duplicateQuestion);
    const full = (await call(courseEditor.getEditorLesson, { number: 2 })).homeworks.find((homework) => homework.num === num)!;
    expect(full.main.p1.length).toBe(wanted);
    expect(full.main.p2.map((question) => question.isMandatory)).toEqual(['1', '0']);
    await call(courseEditor.deleteHomework, { num });
    expect(await db().selectFrom('homework_questions_p1').select('q_number').where('ht_num', '=', num).execute()).toEqual([]);
  });

  it('refuses to change the questions of a part students have answered, and leaves their answers as they were', async () => {
    const answersBefore = await db().selectFrom('homework_answers_p1').selectAll().where('ht_num', '=', 1).orderBy('user_id').orderBy('q_number').execute();
    const students = await studentsWith('user_homeworks', 1, 0);
    expect(students).toBeGreaterThan(0);
    expect(await refusal(courseEditor.setHomeworkP1, { num: 1, isDop: '0', tasks: [{ egeNum: 1, count: 1 }] })).toBe(T.answered(students, 'вопросы этой части менять нельзя'));
    expect(await refusal(courseEditor.setHomeworkP2, { num: 1, isDop: '0', tasks: [] })).toBe(T.answered(students, 'вопросы этой части менять нельзя'));
    expect(await refusal(courseEditor.deleteHomework, { num: 1 })).toMatch(/^У \d+ учени(ка|ков) уже есть ответы — домашнее задание удалить нельзя$/);
    const lesson = await call(courseEditor.getEditorLesson, { number: 1 });
    expect(lesson.homeworks[0]!.main.answeredBy).toBe(students);
    // Settings that only concern new attempts apply; stored answers and their maxima stay.
    await call(courseEditor.updateHomework, { num: 1, isProbnik: '0', deadlineAt: Date.UTC(2031, 4, 1, 20, 59), p1TimeLimitMin: null, p2TimeLimitMin: null, p2SelfCheck: '0' });
    expect(await db().selectFrom('homework_answers_p1').selectAll().where('ht_num', '=', 1).orderBy('user_id').orderBy('q_number').execute()).toEqual(answersBefore);
  });

  it('refuses time limits while a part is running and self-check once a part 2 was handed in', async () => {
    // Homework 3: the demo student is solving part 1, others have handed in part 2.
    const running = (await db().selectFrom('user_homeworks').select('user_id').distinct().where('ht_num', '=', 3).where('is_dop', '=', 0).where((eb) => eb.or([eb('status_p1', '=', 'Выполняется'), eb('status_p2', '=', 'Выполняется')])).execute()).length;
    expect(running).toBeGreaterThan(0);
    const settings = await db().selectFrom('homeworks').selectAll().where('num', '=', 3).executeTakeFirstOrThrow();
    const same = { num: 3, isProbnik: '0', deadlineAt: settings.deadline_at, p1TimeLimitMin: settings.p1_time_limit_min, p2TimeLimitMin: settings.p2_time_limit_min, p2SelfCheck: settings.p2_self_check === 1 ? '1' : '0' } as const;
    expect(await refusal(courseEditor.updateHomework, { ...same, p1TimeLimitMin: 45 })).toBe(T.inProgress(running, 'время на выполнение менять нельзя'));
    const submitted = (await db().selectFrom('user_homeworks').select('user_id').distinct().where('ht_num', '=', 3).where('p2_submitted_at', 'is not', null).execute()).length;
    expect(submitted).toBeGreaterThan(0);
    expect(await refusal(courseEditor.updateHomework, { ...same, p2SelfCheck: same.p2SelfCheck === '1' ? '0' : '1' })).toBe(T.answered(submitted, 'способ проверки второй части менять нельзя'));
    // The deadline alone is fine.
    await call(courseEditor.updateHomework, { ...same, deadlineAt: (settings.deadline_at ?? 0) + DAY });
    expect((await db().selectFrom('homeworks').select('deadline_at').where('num', '=', 3).executeTakeFirstOrThrow()).deadline_at).toBe((settings.deadline_at ?? 0) + DAY);
    await call(courseEditor.updateHomework, same);
  });

  it('saves automatic credits and refuses rule changes during an attempt and deleting a taken credit', async () => {
    const fields = { lessonNum: 11, lessonNumbers: '1, 2,11', startsAt: Date.UTC(2031, 0, 10, 6), deadlineAt: Date.UTC(2031, 0, 20, 20), questionCount: 10, maxMinutes: 20, maxAttempts: 3, maxErrors: 2 };
    const { num } = await call(courseEditor.saveCreditAuto, { ...fields, num: '' });
    expect(await db().selectFrom('credits_auto').select(['lesson_numbers', 'question_count']).where('num', '=', num).executeTakeFirstOrThrow()).toEqual({ lesson_numbers: '1,2,11', question_count: 10 });
    expect(await refusal(courseEditor.saveCreditAuto, { ...fields, lessonNumbers: '1,500', num: '' })).toBe(T.badLessonList);
    expect(await refusal(courseEditor.saveCreditAuto, { ...fields, deadlineAt: fields.startsAt - 1, num: '' })).toBe(T.badDateRange);
    expect(await refusal(courseEditor.saveCreditAuto, { ...fields, lessonNum: 999, num: '' })).toBe(T.lessonNotFound);
    expect(await refusal(courseEditor.saveCreditAuto, { ...fields, num: 99_999 })).toBe(T.creditNotFound);

    const taker = await makeStudent(server);
    await db().insertInto('user_credits_auto').values({ user_id: taker.id, credit_num: num, status: 'Проводится', attempts: 1, started_at: Date.now(), updated_at: Date.now() }).execute();
    expect(await refusal(courseEditor.saveCreditAuto, { ...fields, num, questionCount: 12 })).toBe(T.inProgress(1, 'число вопросов, время, ошибки и попытки менять нельзя'));
    expect(await refusal(courseEditor.saveCreditAuto, { ...fields, num, maxMinutes: 30 })).toBe(T.inProgress(1, 'число вопросов, время, ошибки и попытки менять нельзя'));
    await call(courseEditor.saveCreditAuto, { ...fields, num, deadlineAt: fields.deadlineAt + DAY });
    expect(await refusal(courseEditor.deleteCreditAuto, { num })).toBe(T.answered(1, 'зачёт удалить нельзя'));
    const credit = (await call(courseEditor.getEditorLesson, { number: 11 })).creditsAuto.find((item) => item.num === num)!;
    expect(credit).toMatchObject({ answeredBy: 1, inProgress: 1, deadlineAt: fields.deadlineAt + DAY });
    await db().deleteFrom('user_credits_auto').where('credit_num', '=', num).execute();
    await call(courseEditor.deleteCreditAuto, { num });
    expect(await refusal(courseEditor.deleteCreditAuto, { num })).toBe(T.creditNotFound);
  });

  it('saves oral credits and keeps one with a result', async () => {
    const fields = { lessonNum: 11, lessonNumbers: '11', startsOn: '2031-02-01', endsOn: '2031-02-10' };
    const { num } = await call(courseEditor.saveCreditVerbal, { ...fields, num: '' });
    expect(await refusal(courseEditor.saveCreditVerbal, { ...fields, endsOn: '2031-01-31', num })).toBe(T.badDateRange);
    expect(await refusal(courseEditor.saveCreditVerbal, { ...fields, startsOn: '2031-02-30', num })).toBe(T.badDate);
    await call(courseEditor.saveCreditVerbal, { ...fields, endsOn: '2031-02-12', num });
    const taker = await makeStudent(server);
    await db().insertInto('user_credits_verbal').values({ user_id: taker.id, credit_num: num, status: 'Сдан', updated_at: Date.now() }).execute();
    expect(await refusal(courseEditor.deleteCreditVerbal, { num })).toBe(T.answered(1, 'зачёт удалить нельзя'));
    expect((await call(courseEditor.getEditorLesson, { number: 11 })).creditsVerbal.find((item) => item.num === num)).toMatchObject({ endsOn: '2031-02-12', answeredBy: 1 });
    await db().deleteFrom('user_credits_verbal').where('credit_num', '=', num).execute();
    await call(courseEditor.deleteCreditVerbal, { num });
  });

  it('deletes a lesson nobody worked on, refusing one with answers or bank questions', async () => {
    expect(await refusal(courseEditor.deleteLesson, { number: 1 })).toMatch(/^У \d+ учени(ка|ков) уже есть ответы — урок удалить нельзя$/);
    expect(await refusal(courseEditor.deleteLesson, { number: 999 })).toBe(T.lessonNotFound);
    const chapterId = (await db().selectFrom('chapters').select('id').orderBy('position').executeTakeFirstOrThrow()).id;
    const { number } = await call(courseEditor.createLesson, { ...lessonFields(chapterId, 'Урок на удаление'), number: 500 });
    await call(courseEditor.createHomework, { lessonNum: number, isProbnik: '0', deadlineAt: null, p1TimeLimitMin: null, p2TimeLimitMin: null, p2SelfCheck: '0' });
    await call(courseEditor.saveCreditAuto, { lessonNum: number, lessonNumbers: String(number), startsAt: null, deadlineAt: null, questionCount: 5, maxMinutes: 10, maxAttempts: 1, maxErrors: 1, num: '' });
    const question = await db().selectFrom('questions_p2').select(['id', 'lesson_num']).orderBy('id').executeTakeFirstOrThrow();
    await db().updateTable('questions_p2').set({ lesson_num: number }).where('id', '=', question.id).execute();
    expect(await refusal(courseEditor.deleteLesson, { number })).toBe(T.lessonHasQuestions);
    await db().updateTable('questions_p2').set({ lesson_num: question.lesson_num }).where('id', '=', question.id).execute();
    await call(courseEditor.deleteLesson, { number });
    expect(await db().selectFrom('homeworks').select('num').where('lesson_num', '=', number).execute()).toEqual([]);
    expect(await db().selectFrom('credits_auto').select('num').where('lesson_num', '=', number).execute()).toEqual([]);
  });

  it('previews the road and the card as a new student of a type sees them', async () => {
    const fresh = await (await makeStudent(server, { type: 'Демо' })).signIn();
    const own = (await fresh.call(course.getLessonsRoad, {})).dataArrayArray;
    const preview = (await call(courseEditor.previewRoad, { userType: 'Демо' })).dataArrayArray;
    expect(preview).toEqual(own);
    const closed = preview.flat().find((lesson) => lesson.status === 0)!;
    expect(await refusal(courseEditor.previewLessonCard, { userType: 'Демо', lessonNum: closed.lesson_number })).toBe(LESSON_CLOSED);
    const open = preview.flat().find((lesson) => lesson.status > 0)!;
    const card = await call(courseEditor.previewLessonCard, { userType: 'Демо', lessonNum: open.lesson_number });
    expect(card).toEqual(await fresh.call(course.getLessonCard, { lessonNum: open.lesson_number }));
    // No progress of anyone leaks in: every homework of the card is untouched.
    expect(card.homeTasks.every((task) => task.ht_user_status_p1 === '' && task.ht_user_ballov_p1 === null)).toBe(true);
  });

  it('moves every course date by whole days for a new intake, in one go, and nothing else', async () => {
    await setHomeworkProgress(server, 'student', 4, { p1: { status: 'Готово', points: 3 } });
    const untouched = async () => {
      const tables = ['users', 'videos', 'user_videos', 'homework_answers_p1', 'homework_answers_p2', 'user_homeworks', 'user_credits_auto', 'homework_questions_p1', 'questions_p1', 'chapters'] as const;
      const rows = await Promise.all(tables.map((table) => db().selectFrom(table).selectAll().execute()));
      const content = await Promise.all([
        db().selectFrom('lessons').select(['number', 'short_name', 'chapter_id', 'position', 'is_published', 'demo_access', 'description']).orderBy('number').execute(),
        db().selectFrom('homeworks').select(['num', 'lesson_num', 'p1_count', 'p1_max', 'p2_count', 'p2_max', 'p1_time_limit_min']).orderBy('num').execute(),
        db().selectFrom('credits_auto').select(['num', 'lesson_num', 'question_count', 'max_minutes']).orderBy('num').execute(),
      ]);
      return JSON.stringify([rows.map((list) => list.map((row) => JSON.stringify(row)).sort()), content]);
    };
    const dates = async () => ({
      lessons: await db().selectFrom('lessons').select(['number', 'opens_at']).orderBy('number').execute(),
      homeworks: await db().selectFrom('homeworks').select(['num', 'deadline_at']).orderBy('num').execute(),
      credits: await db().selectFrom('credits_auto').select(['num', 'starts_at', 'deadline_at']).orderBy('num').execute(),
      verbal: await db().selectFrom('credits_verbal').select(['num', 'starts_on', 'ends_on']).orderBy('num').execute(),
    });
    const before = await dates();
    const earliest = Math.min(...before.lessons.flatMap((lesson) => (lesson.opens_at === null ? [] : [lesson.opens_at])));
    const start = '2031-09-01';
    const preview = await call(courseEditor.previewNewIntake, { startDate: start });
    expect(preview.first.length).toBe(5);
    expect(preview.first[0]!.what).toMatch(/^Урок \d+ «.+»: открытие$/);
    expect(preview.first[0]!.before).toMatch(/^\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}$/);
    expect(await refusal(courseEditor.applyNewIntake, { startDate: start, shiftDays: preview.shiftDays + 1 })).toBe(T.intakeStale);
    expect(await refusal(courseEditor.previewNewIntake, { startDate: '2031-02-29' })).toBe(T.badDate);
    const snapshot = await untouched();
    const { changed } = await call(courseEditor.applyNewIntake, { startDate: start, shiftDays: preview.shiftDays });
    expect(changed).toBe(preview.total);
    const after = await dates();
    const by = preview.shiftDays * DAY;
    const shifted = (at: number | null) => (at === null ? null : at + by);
    const shiftDay = (day: string | null) => (day === null ? null : new Date(Date.parse(`${day}T00:00:00Z`) + by).toISOString().slice(0, 10));
    expect(after).toEqual({
      lessons: before.lessons.map((lesson) => ({ ...lesson, opens_at: shifted(lesson.opens_at) })),
      homeworks: before.homeworks.map((homework) => ({ ...homework, deadline_at: shifted(homework.deadline_at) })),
      credits: before.credits.map((credit) => ({ ...credit, starts_at: shifted(credit.starts_at), deadline_at: shifted(credit.deadline_at) })),
      verbal: before.verbal.map((credit) => ({ ...credit, starts_on: shiftDay(credit.starts_on), ends_on: shiftDay(credit.ends_on) })),
    });
    expect(moscowDateKey(earliest + by)).toBe(start);
    expect(await untouched()).toBe(snapshot);
    // Applying the same start again moves nothing: the course already starts then.
    expect(await call(courseEditor.previewNewIntake, { startDate: start })).toEqual({ shiftDays: 0, total: 0, first: [] });
  });

  it('refuses every editor call to a student', async () => {
    const body = (await student.callRaw(courseEditor.getCourse, {})).body;
    expect(body.success).toBe('0');
    const socket = await student.openLive();
    expect((await socket.requestRaw(courseEditor.deleteChapter.path, { id: 1 })).success).toBe('0');
    socket.close();
    expect(await db().selectFrom('chapters').select('id').where('id', '=', 1).executeTakeFirst()).toBeDefined();
  });
});

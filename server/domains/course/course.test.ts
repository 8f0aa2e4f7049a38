import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { course } from '../../../src/shared/contract';
import { LESSON_CLOSED, LESSON_NOT_FOUND } from '../../../src/shared/contract/course';
import { secondaryScore } from '../../../src/shared/domain/exam-scale';
import { setHomeworkProgress } from '../../../tests/helpers/factories';
import { startTestServer, testDialects, type TestServer } from '../../../tests/helpers/server';

describe.each(testDialects)('lesson road on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ dialect });
  });
  afterAll(() => server.close());

  const db = () => server.server.services.db;

  it("groups the student's lessons by chapter with statuses derived from progress", async () => {
    const student = await server.signIn('student');
    const { dataArrayArray } = await student.call(course.getLessonsRoad, {});
    expect(dataArrayArray.map((chapter) => chapter[0]!.lesson_chapter)).toEqual([
      'Человек и общество',
      'Экономика',
      'Социальные отношения',
      'Политика',
      'Право',
      'Итоговая подготовка',
    ]);
    const statuses = Object.fromEntries(dataArrayArray.flat().map((lesson) => [lesson.lesson_number, lesson.status]));
    // Seeded progress: lesson 1 all done, lesson 2 the required part, lesson 3 started, 4–6 open, 7+ not yet open.
    expect(statuses).toEqual({ 1: 4, 2: 3, 3: 2, 4: 1, 5: 1, 6: 1, 7: 0, 8: 0, 9: 0, 10: 0 });
    expect(dataArrayArray[0]![0]).toMatchObject({ lesson_short_name: 'Общество и человек', lesson_img_adr: '/app/images/lessons/lesson-1.svg' });
  });

  it('moves a status as progress rows change', async () => {
    const sofia = await server.signIn('sofia');
    const status = async (lessonNum: number) =>
      (await sofia.call(course.getLessonsRoad, {})).dataArrayArray.flat().find((lesson) => lesson.lesson_number === lessonNum)!.status;
    expect(await status(4)).toBe(1);
    await setHomeworkProgress(server, 'sofia', 4, { p1: { status: 'Выполняется' } });
    expect(await status(4)).toBe(2);
    await setHomeworkProgress(server, 'sofia', 4, { p1: { status: 'Готово', points: 10 }, p2: { status: 'Проверен', points: 5 } });
    // The lesson has no video; a credit on it is not passed yet, so 'required done' = 3.
    expect(await status(4)).toBe(3);
  });

  it('shows demo users only the demo lessons and inactive users none', async () => {
    const demo = await server.signIn('demo');
    const demoStatuses = (await demo.call(course.getLessonsRoad, {})).dataArrayArray.flat().map((lesson) => lesson.status);
    expect(demoStatuses.slice(0, 2).every((status) => status > 0)).toBe(true);
    expect(demoStatuses.slice(2).every((status) => status === 0)).toBe(true);
    const inactive = await server.signIn('inactive');
    const reply = await inactive.callRaw(course.getLessonsRoad, {});
    if (reply.body.success === '1') {
      const lessons = (reply.body as unknown as { dataArrayArray: { status: number }[][] }).dataArrayArray.flat();
      expect(lessons.every((lesson) => lesson.status === 0)).toBe(true);
    } else {
      expect(reply.status).toBe(403);
    }
  });

  it('returns the lesson card with videos, homework parts, credits and deadlines', async () => {
    const student = await server.signIn('student');
    const card = await student.call(course.getLessonCard, { lessonNum: 1 });
    expect(card.lesson).toMatchObject({ lesson_number: 1, status: 4 });
    expect(card.videos).toEqual([expect.objectContaining({ video_shown_name: 'Общество как система', video_obyaz: '1', watched: '1' })]);
    // Part 1 points are the sum of the seeded answers' points, the maximum the sum of the task points.
    const answers = await db()
      .selectFrom('homework_answers_p1')
      .innerJoin('users', 'users.id', 'homework_answers_p1.user_id')
      .select(['homework_answers_p1.points', 'homework_answers_p1.max_points', 'homework_answers_p1.is_dop'])
      .where('users.login', '=', 'student')
      .where('homework_answers_p1.ht_num', '=', 1)
      .execute();
    const main = answers.filter((answer) => answer.is_dop === 0);
    const sum = (list: typeof answers, pick: (answer: (typeof answers)[number]) => number) => list.reduce((total, answer) => total + pick(answer), 0);
    expect(main.length).toBe(5);
    expect(sum(main, (answer) => answer.points!)).toBeLessThan(sum(main, (answer) => answer.max_points));
    expect(card.homeTasks).toEqual([
      expect.objectContaining({
        ht_num: 1,
        ht_user_status_p1: 'Готово',
        ht_user_ballov_p1: sum(main, (answer) => answer.points!),
        ht_user_maxballov_p1: sum(main, (answer) => answer.max_points),
        ht_user_status_p2: 'Проверен',
        ht_nums_P1: 5,
        ht_nums_P2: 2,
        is_probnik: '0',
        dzSecondaryBall: null,
      }),
    ]);
    expect(card.homeTasks[0]!.ht_deadline).toMatch(/^\d{2}\.\d{2}\.\d{4}$/);
    expect(card.homeTasks[0]!.ht_deadline_time).toBe('23:59:00');
    const dop = answers.filter((answer) => answer.is_dop === 1);
    expect(card.homeTasksDop).toEqual([expect.objectContaining({ ht_num: 1, ht_user_status_p1: 'Готово', ht_user_ballov_p1: sum(dop, (answer) => answer.points!), ht_nums_P1: dop.length })]);

    const lesson2 = await student.call(course.getLessonCard, { lessonNum: '2' as unknown as number });
    expect(lesson2.zachetsAuto).toEqual([expect.objectContaining({ za_id: 1, za_lesson_numbers: '1,2', zu_status: 'Сдан' })]);
    const lesson4 = await student.call(course.getLessonCard, { lessonNum: 4 });
    expect(lesson4.zachetsVerbal).toEqual([expect.objectContaining({ zachet_id: 1, zachet_lesson_numbers: '1,2,3,4', zachet_status: '' })]);
    expect(lesson4.zachetsVerbal[0]!.zachet_date_start).toMatch(/^\d{2}\.\d{2}\.\d{4}$/);
  });

  it('shows the secondary score of a scored mock exam', async () => {
    const admin = await server.signIn('admin');
    await setHomeworkProgress(server, 'admin', 10, { p1: { status: 'Готово', points: 20 }, p2: { status: 'Проверен', points: 17 } });
    const card = await admin.call(course.getLessonCard, { lessonNum: 10 });
    expect(card.homeTasks[0]).toMatchObject({ is_probnik: '1', dzSecondaryBall: secondaryScore(37) });
    expect(secondaryScore(37)).toBe(64);
    expect(card.homeTasksDop).toEqual([]);
  });

  it("refuses closed and unknown lessons with '0' and the reason", async () => {
    const student = await server.signIn('student');
    expect((await student.callRaw(course.getLessonCard, { lessonNum: 8 })).body).toEqual({ success: '0', message: LESSON_CLOSED });
    expect((await student.callRaw(course.getLessonCard, { lessonNum: 999 })).body).toEqual({ success: '0', message: LESSON_NOT_FOUND });
    const bad = await student.callRaw(course.getLessonCard, { lessonNum: 'x' as unknown as number });
    expect(bad.body.success).toBe('0');
  });

  it('serves lesson pictures and nothing outside their folder', async () => {
    const ok = await fetch(`${server.url}/app/images/lessons/lesson-3.svg`);
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-type')).toBe('image/svg+xml');
    expect(await ok.text()).toContain('<svg');
    expect((await fetch(`${server.url}/app/images/lessons/..%2F..%2Fpackage.json`)).status).toBe(404);
    expect((await fetch(`${server.url}/app/images/lessons/lesson-99.svg`)).status).toBe(404);
  });
});

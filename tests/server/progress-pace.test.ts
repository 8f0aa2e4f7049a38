import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { knowledge, rating } from '../../src/shared/contract';
import { formatMoscowDate, moscowDateKey, moscowDayStart } from '../../src/shared/domain/moscow-time';
import { catchUpExpectedAt, LESSON_STUDY_DAYS, paceOf, type Pace } from '../../src/shared/domain/pace';
import type { LiveTestSocket } from '../helpers/client';
import { makeStudent, setHomeworkRules, type MadeUser } from '../helpers/factories';
import { startTestServer, testDialects, type TestServer } from '../helpers/server';

/**
 * «Colour that tells the truth»: the knowledge map and the chapter bars judge a
 * student against what was due by now. Lessons not yet due are «впереди», never «отстаёт»; a due
 * lesson left undone is «отстаёт»; the state moves with the server's clock as lessons open and
 * deadlines pass.
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const STUDY = LESSON_STUDY_DAYS * DAY;

describe.each(testDialects)('progress judged against what is due, on %s', (dialect) => {
  // The server's clock: the seed runs at the real time, then the test moves it.
  let now = Date.now();
  const clock = { now: () => now };
  let server: TestServer;
  /** Lesson number → its opening time, as the demo course was seeded. */
  const opensAt = new Map<number, number>();
  /** Lesson number → the ids of its ordinary (90-) map cells. */
  const cellsOf = new Map<number, number[]>();
  let onTime: MadeUser;
  let onTimeLive: LiveTestSocket;
  let lateLive: LiveTestSocket;
  let demoLive: LiveTestSocket;
  let starter: MadeUser;
  let starterLive: LiveTestSocket;

  const db = () => server.server.services.db;
  const pacesOf = async (socket: LiveTestSocket) => {
    const { knowledgeGrid } = await socket.request(knowledge.getKnowledgeGrid, { mapType: '90-' });
    return new Map(knowledgeGrid.map((cell) => [cell.id, cell.pace]));
  };
  const lessonPaces = (paces: Map<number, Pace>, lesson: number) => new Set((cellsOf.get(lesson) ?? []).map((id) => paces.get(id)));
  /** Every cell of the lesson answered fully right in a finished knowledge test, at the clock's time. */
  const answerLessonRight = async (user: MadeUser, lesson: number) => {
    for (const chunkId of cellsOf.get(lesson) ?? []) {
      const questions = await db().selectFrom('kb_published_questions').select('question_id').where('chunk_id', '=', chunkId).execute();
      const attempt = await db()
        .insertInto('kb_test_attempts')
        .values({ user_id: user.id, chunk_id: chunkId, status: 'Готово', started_at: now, finished_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db()
        .insertInto('kb_test_answers')
        .values(questions.map((row, index) => ({ attempt_id: attempt.id, q_order: index + 1, user_id: user.id, question_id: row.question_id, user_answer: 'верно', points: 1, max_points: 1, answered_at: now })))
        .execute();
    }
  };

  beforeAll(async () => {
    server = await startTestServer({ dialect, clock });
    for (const row of await db().selectFrom('lessons').select(['number', 'opens_at']).execute()) opensAt.set(row.number, Number(row.opens_at));
    const cells = await db().selectFrom('kb_published_chunks').select(['id', 'lesson_num']).where('kind', '=', 'theory').where('is_90plus', '=', 0).execute();
    for (const cell of cells) cellsOf.set(cell.lesson_num, [...(cellsOf.get(cell.lesson_num) ?? []), cell.id]);
    // Signed in and connected while the clock is real (sign-in checks the request's time).
    onTime = await makeStudent(server);
    onTimeLive = await (await onTime.signIn()).openLive();
    const late = await makeStudent(server);
    lateLive = await (await late.signIn()).openLive();
    const demo = await makeStudent(server, { type: 'Демо' });
    demoLive = await (await demo.signIn()).openLive();
    // These three were there from the course's start (the demo's lessons opened weeks before the
    // test made them); the late starter starts after the third lesson opened (her own test).
    const courseStart = Math.min(...opensAt.values()) - DAY;
    await db().updateTable('users').set({ created_at: courseStart, course_start_date: null }).where('id', 'in', [onTime.id, late.id, demo.id]).execute();
    starter = await makeStudent(server);
    starterLive = await (await starter.signIn()).openLive();
  });
  afterAll(async () => {
    for (const socket of [onTimeLive, lateLive, demoLive, starterLive]) socket?.close();
    await server.close();
  });

  it('the demo course has cells in its first lessons, opening a week apart', () => {
    expect(cellsOf.get(1)?.length).toBeGreaterThan(0);
    expect(cellsOf.get(2)?.length).toBeGreaterThan(0);
    expect(opensAt.get(2)! - opensAt.get(1)!).toBe(STUDY);
  });

  it('an hour after the first lesson opens nothing is due: no cell and no chapter is behind', async () => {
    now = opensAt.get(1)! + HOUR;
    const paces = await pacesOf(lateLive);
    expect([...paces.values()].filter((pace) => pace === 'behind' || pace === 'weak')).toEqual([]);
    expect(lessonPaces(paces, 1)).toEqual(new Set(['ahead']));
    const chapters = await lateLive.request(rating.getChaptersStatistics, { userId: '' });
    expect(chapters).toMatchObject({ expectedPercent: 0, expectedSolvedPercent: 0, pace: 'ahead' });
    expect(new Set(chapters.chaptersStatistics.map((chapter) => chapter.pace))).toEqual(new Set(['ahead']));
    // The popup says when the cell becomes due: a week after its lesson opened.
    const cell = await lateLive.request(knowledge.getKnowledgeChunk, { chunkId: cellsOf.get(1)![0]! });
    expect(cell).toMatchObject({ pace: 'ahead', expectedOn: formatMoscowDate(opensAt.get(1)! + STUDY) });
  });

  it('a week later the first lesson is due: undone it is «behind», done it is «ok»; the just-opened lesson stays ahead', async () => {
    now = opensAt.get(1)! + STUDY + HOUR;
    await answerLessonRight(onTime, 1);
    const late = await pacesOf(lateLive);
    expect(lessonPaces(late, 1)).toEqual(new Set(['behind']));
    expect(lessonPaces(late, 2)).toEqual(new Set(['ahead']));
    const onSchedule = await pacesOf(onTimeLive);
    expect(lessonPaces(onSchedule, 1)).toEqual(new Set(['ok']));
    expect([...onSchedule.values()].filter((pace) => pace === 'behind' || pace === 'weak')).toEqual([]);
    const cell = await lateLive.request(knowledge.getKnowledgeChunk, { chunkId: cellsOf.get(1)![0]! });
    expect(cell).toMatchObject({ knowLevel: 0, pace: 'behind', expectedOn: '' });

    // Chapter bars: the first chapter (lessons 1 and 2) has something due and nothing solved.
    const chapters = await lateLive.request(rating.getChaptersStatistics, { userId: '' });
    const [first, ...rest] = chapters.chaptersStatistics;
    expect(first).toMatchObject({ expectedSolvedPercent: 0, pace: 'behind' });
    expect(first!.expectedPercent).toBeGreaterThan(0);
    expect(first!.expectedPercent).toBeLessThan(100);
    expect(new Set(rest.map((chapter) => chapter.pace))).toEqual(new Set(['ahead']));
    expect(chapters.pace).toBe('behind');
  });

  it('the chapter bar counts what the due lesson asked (its homework’s main parts, its terms), not its whole bank', async () => {
    const homework = await db()
      .selectFrom('homework_questions_p1')
      .innerJoin('homeworks', 'homeworks.num', 'homework_questions_p1.ht_num')
      .select(['homework_questions_p1.ht_num', 'homework_questions_p1.q_number', 'homework_questions_p1.question_id'])
      .where('homeworks.lesson_num', '=', 1)
      .where('homework_questions_p1.is_dop', '=', 0)
      .execute();
    const count = (row: { count: number | string }) => Number(row.count);
    const homeworkP2 = count(
      await db()
        .selectFrom('homework_questions_p2')
        .innerJoin('homeworks', 'homeworks.num', 'homework_questions_p2.ht_num')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('homeworks.lesson_num', '=', 1)
        .where('homework_questions_p2.is_dop', '=', 0)
        .executeTakeFirstOrThrow(),
    );
    const terms = count(await db().selectFrom('sign_terms').select((eb) => eb.fn.countAll<number>().as('count')).where('lesson_num', '=', 1).executeTakeFirstOrThrow());
    const bank = count(await db().selectFrom('questions_p1').select((eb) => eb.fn.countAll<number>().as('count')).where('lesson_num', '=', 1).where('is_published', '=', 1).executeTakeFirstOrThrow());
    // The case the rule is for: the lesson's bank is larger than what its homework asks.
    expect(homework.length).toBeGreaterThan(0);
    expect(bank).toBeGreaterThan(homework.length);
    await db()
      .insertInto('homework_answers_p1')
      .values(homework.map((row) => ({ user_id: onTime.id, ht_num: row.ht_num, is_dop: 0, q_number: row.q_number, question_id: row.question_id, user_answer: 'верно', points: 1, max_points: 1, answered_at: now })))
      .execute();
    const chapters = await onTimeLive.request(rating.getChaptersStatistics, { userId: '' });
    const share = Math.floor((homework.length / (homework.length + homeworkP2 + terms)) * 100);
    expect(chapters.chaptersStatistics[0]).toMatchObject({ expectedSolvedPercent: share, pace: paceOf(share, true) });
    // The same answers against the lesson's whole bank would read lower.
    expect(share).toBeGreaterThan(Math.floor((homework.length / (bank + homeworkP2 + terms)) * 100));
    const late = await lateLive.request(rating.getChaptersStatistics, { userId: '' });
    expect(late.chaptersStatistics[0]).toMatchObject({ expectedSolvedPercent: 0, pace: 'behind' });
  });

  it('a homework deadline before the week is out makes its lesson due at the deadline', async () => {
    const deadline = opensAt.get(2)! + 2 * DAY;
    await setHomeworkRules(server, 2, { deadlineAt: deadline });
    now = deadline - HOUR;
    expect(lessonPaces(await pacesOf(lateLive), 2)).toEqual(new Set(['ahead']));
    const before = await lateLive.request(knowledge.getKnowledgeChunk, { chunkId: cellsOf.get(2)![0]! });
    expect(before.expectedOn).toBe(formatMoscowDate(deadline));
    now = deadline + 1;
    expect(lessonPaces(await pacesOf(lateLive), 2)).toEqual(new Set(['behind']));
    // The student who did lesson 1 is behind on lesson 2 only.
    const onSchedule = await pacesOf(onTimeLive);
    expect(lessonPaces(onSchedule, 1)).toEqual(new Set(['ok']));
    expect(lessonPaces(onSchedule, 2)).toEqual(new Set(['behind']));
  });

  it('a lesson closed for the student’s type is never due for her: a demo is not behind on lessons she cannot open', async () => {
    now = opensAt.get(6)! + STUDY + HOUR;
    const demoAccess = await db().selectFrom('lessons').select(['number', 'demo_access']).execute();
    const closedForDemo = demoAccess.filter((lesson) => lesson.demo_access !== 1 && (cellsOf.get(lesson.number)?.length ?? 0) > 0).map((lesson) => lesson.number);
    expect(closedForDemo.length).toBeGreaterThan(0);
    const demo = await pacesOf(demoLive);
    const late = await pacesOf(lateLive);
    for (const lesson of closedForDemo) {
      expect(lessonPaces(demo, lesson), `lesson ${lesson}`).toEqual(new Set(['ahead']));
      // The same lesson, open to a paying student since more than a week, is behind for her.
      if (opensAt.get(lesson)! + STUDY <= now) expect(lessonPaces(late, lesson), `lesson ${lesson}`).toEqual(new Set(['behind']));
    }
    expect(lessonPaces(demo, 1)).toEqual(new Set(['behind']));
  });

  it('a student who starts after lessons opened is not behind on them at once: she catches them up two a week, in order', async () => {
    // She starts on the Moscow day after lesson 3 opened: lessons 1–3 opened before her start.
    const startDay = moscowDateKey(opensAt.get(3)! + DAY);
    const start = moscowDayStart(startDay);
    await db().updateTable('users').set({ course_start_date: startDay }).where('id', '=', starter.id).execute();
    now = start + HOUR;
    const firstDay = await pacesOf(starterLive);
    const lateOnHerFirstDay = await pacesOf(lateLive);
    for (const lesson of [1, 2]) {
      expect(lessonPaces(lateOnHerFirstDay, lesson), `lesson ${lesson}`).toEqual(new Set(['behind']));
      expect(lessonPaces(firstDay, lesson), `lesson ${lesson}`).toEqual(new Set(['ahead']));
    }
    const cell = await starterLive.request(knowledge.getKnowledgeChunk, { chunkId: cellsOf.get(1)![0]! });
    expect(cell.expectedOn).toBe(formatMoscowDate(catchUpExpectedAt(start, 0)));
    // Half a week on, the first missed lesson is due, the second not yet.
    now = catchUpExpectedAt(start, 0) + HOUR;
    const later = await pacesOf(starterLive);
    expect(lessonPaces(later, 1)).toEqual(new Set(['behind']));
    expect(lessonPaces(later, 2)).toEqual(new Set(['ahead']));
  });
});

import { KNOWLEDGE_TEXTS as T, type MapType } from '../../../src/shared/contract/knowledge';
import type { HomeworkQuestionP1 } from '../../../src/shared/contract/homework-p1';
import { knowledgeLevel } from '../../../src/shared/domain/knowledge';
import { pointsOfTask, scoreAnswer } from '../../../src/shared/domain/questions';
import { TRAIN_P1_TEXTS } from '../../../src/shared/contract/train-p1';
import { fail } from '../../contract/errors';
import { recordScoredAnswers } from '../../learning/mastery';
import type { Db } from '../../db';
import { examPrimaryScores, questionJsonOf, type QuestionP1Row } from '../../questions/question-bank';
import { presentQuestion, typedAnswerProblem } from '../../questions/present-question';
import { paceOf } from '../../../src/shared/domain/pace';
import { formatMoscowDate } from '../../../src/shared/domain/moscow-time';
import type { UserType } from '../../../src/shared/domain/user-types';
import { lessonExpectations, NOT_SCHEDULED } from '../../pace/expected-lessons';

/**
 * The student's knowledge map (learning-area 'Knowledge map'): published theory chunks as cells,
 * each coloured by the student's own latest answers to the chunk's questions — in knowledge
 * tests, trainings and homework alike — and the chunk's test ('Клетка знаний №id'), scored by
 * the same engine as homework part 1. A cell's `pace` compares its level with what was expected
 * by now: a cell of a lesson not yet due is «впереди», never red.
 */

/** Whose map it is: the student's id and the type that decides which lessons are hers. */
export interface MapViewer {
  id: number;
  type: UserType;
}

const RUNNING = 'Выполняется';
const DONE = 'Готово';
const NOT_STARTED = 'Нет';
const NO_LESSON_CHAPTER = 'Без урока';

/** Published questions of published chunks, ready for students (drafts never reach a test). */
async function publishedQuestions(db: Db, chunkIds: number[]): Promise<Map<number, QuestionP1Row[]>> {
  const byChunk = new Map<number, QuestionP1Row[]>();
  if (chunkIds.length === 0) return byChunk;
  const rows = await db
    .selectFrom('kb_published_questions')
    .innerJoin('questions_p1', 'questions_p1.id', 'kb_published_questions.question_id')
    .selectAll('questions_p1')
    .select('kb_published_questions.chunk_id')
    .where('kb_published_questions.chunk_id', 'in', chunkIds)
    .where('questions_p1.is_published', '=', 1)
    .orderBy('kb_published_questions.chunk_id')
    .orderBy('kb_published_questions.position')
    .orderBy('questions_p1.id')
    .execute();
  for (const { chunk_id, ...row } of rows) byChunk.set(chunk_id, [...(byChunk.get(chunk_id) ?? []), row]);
  return byChunk;
}

/** Whether the user's latest scored answer to each question was fully right. */
export async function latestRightness(db: Db, userId: number, questionIds: number[]): Promise<Map<number, boolean>> {
  const latest = new Map<number, { at: number; right: boolean }>();
  if (questionIds.length === 0) return new Map();
  const consider = (rows: { question_id: number; points: number | null; max_points: number; answered_at: number | null }[]) => {
    for (const row of rows) {
      if (row.points === null || row.answered_at === null) continue;
      const at = Number(row.answered_at);
      const known = latest.get(row.question_id);
      if (!known || known.at <= at) latest.set(row.question_id, { at, right: row.max_points > 0 && row.points >= row.max_points });
    }
  };
  const columns = ['question_id', 'points', 'max_points', 'answered_at'] as const;
  const [tests, trainings, homework] = await Promise.all([
    db
      .selectFrom('kb_test_answers')
      .innerJoin('kb_test_attempts', 'kb_test_attempts.id', 'kb_test_answers.attempt_id')
      .select(['kb_test_answers.question_id', 'kb_test_answers.points', 'kb_test_answers.max_points', 'kb_test_answers.answered_at'])
      .where('kb_test_answers.user_id', '=', userId)
      .where('kb_test_attempts.status', '=', DONE)
      .where('kb_test_answers.question_id', 'in', questionIds)
      .execute(),
    db.selectFrom('train_p1_questions').select(columns).where('user_id', '=', userId).where('question_id', 'in', questionIds).execute(),
    db.selectFrom('homework_answers_p1').select(columns).where('user_id', '=', userId).where('question_id', 'in', questionIds).execute(),
  ]);
  consider(tests);
  consider(trainings);
  consider(homework);
  return new Map([...latest].map(([id, value]) => [id, value.right]));
}

function levelOf(questions: QuestionP1Row[] | undefined, rightness: Map<number, boolean>): number {
  const list = questions ?? [];
  return knowledgeLevel(list.filter((question) => rightness.get(question.id) === true).length, list.length);
}

/** Cells of one map ('90-' ordinary chunks, '90+' hard ones), in course order. */
export async function knowledgeGrid(db: Db, viewer: MapViewer, mapType: MapType, now: number) {
  const chunks = await db
    .selectFrom('kb_published_chunks as c')
    .leftJoin('lessons as l', 'l.number', 'c.lesson_num')
    .leftJoin('chapters as ch', 'ch.id', 'l.chapter_id')
    .select(['c.id', 'c.lesson_num', 'ch.name as chapter', 'ch.position as chapter_position'])
    .where('c.kind', '=', 'theory')
    .where('c.is_90plus', '=', mapType === '90+' ? 1 : 0)
    .orderBy('ch.position')
    .orderBy('c.lesson_num')
    .orderBy('c.id')
    .execute();
  const questions = await publishedQuestions(db, chunks.map((chunk) => chunk.id));
  const [rightness, expectations] = await Promise.all([
    latestRightness(db, viewer.id, [...questions.values()].flat().map((question) => question.id)),
    lessonExpectations(db, viewer, now),
  ]);
  return chunks.map((chunk) => {
    const knowLevel = levelOf(questions.get(chunk.id), rightness);
    const { expected } = expectations.get(chunk.lesson_num) ?? NOT_SCHEDULED;
    // A cell with no questions has no test to pass: nobody can be behind on it.
    const judged = expected && (questions.get(chunk.id)?.length ?? 0) > 0;
    return { id: chunk.id, chapter: chunk.chapter ?? NO_LESSON_CHAPTER, knowLevel, pace: paceOf(knowLevel, judged) };
  });
}

async function publishedChunk(db: Db, chunkId: number) {
  const chunk = await db
    .selectFrom('kb_published_chunks as c')
    .leftJoin('lessons as l', 'l.number', 'c.lesson_num')
    .leftJoin('chapters as ch', 'ch.id', 'l.chapter_id')
    .select(['c.id', 'c.name', 'c.kind', 'c.lesson_num', 'c.answer_text', 'l.short_name as lesson_name', 'ch.name as chapter'])
    .where('c.id', '=', chunkId)
    .executeTakeFirst();
  if (!chunk) fail(T.noChunk);
  return chunk;
}

export async function knowledgeChunk(db: Db, viewer: MapViewer, chunkId: number, now: number) {
  const chunk = await publishedChunk(db, chunkId);
  const questions = (await publishedQuestions(db, [chunkId])).get(chunkId) ?? [];
  const [rightness, expectations] = await Promise.all([latestRightness(db, viewer.id, questions.map((question) => question.id)), lessonExpectations(db, viewer, now)]);
  const knowLevel = levelOf(questions, rightness);
  const { expected, expectedAt } = expectations.get(chunk.lesson_num) ?? NOT_SCHEDULED;
  return {
    name: chunk.name,
    chapter: chunk.chapter ?? NO_LESSON_CHAPTER,
    lessonNum: chunk.lesson_num,
    lessonName: chunk.lesson_name ?? '',
    knowLevel,
    qCount: questions.length,
    pace: paceOf(knowLevel, expected && questions.length > 0),
    expectedOn: !expected && expectedAt !== null ? formatMoscowDate(expectedAt) : '',
  };
}

export async function theoryChunk(db: Db, chunkId: number) {
  const chunk = await publishedChunk(db, chunkId);
  return { theory: { markdownText: chunk.answer_text, name: chunk.name } };
}

// ——— The chunk's test ———

type TestStatus = typeof RUNNING | typeof DONE | typeof NOT_STARTED;

async function latestAttempt(db: Db, userId: number, chunkId: number) {
  return db
    .selectFrom('kb_test_attempts')
    .select(['id', 'status'])
    .where('user_id', '=', userId)
    .where('chunk_id', '=', chunkId)
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

async function attemptQuestions(db: Db, attemptId: number) {
  return db
    .selectFrom('kb_test_answers')
    .innerJoin('questions_p1', 'questions_p1.id', 'kb_test_answers.question_id')
    .selectAll('questions_p1')
    .select(['kb_test_answers.q_order', 'kb_test_answers.user_answer', 'kb_test_answers.points', 'kb_test_answers.max_points'])
    .where('kb_test_answers.attempt_id', '=', attemptId)
    .orderBy('kb_test_answers.q_order')
    .execute();
}

/** The test as the student sees it: answers hidden while it runs, right answers in the result. */
export async function knowledgeTest(db: Db, userId: number, chunkId: number, start: boolean, now: number) {
  await publishedChunk(db, chunkId);
  let attempt = await latestAttempt(db, userId, chunkId);
  if (start) {
    const questions = (await publishedQuestions(db, [chunkId])).get(chunkId) ?? [];
    if (questions.length === 0) fail(T.noQuestions);
    const scores = await examPrimaryScores(db);
    attempt = await db.transaction().execute(async (trx) => {
      // A new start closes an unfinished attempt: it never counts on the map.
      await trx.deleteFrom('kb_test_attempts').where('user_id', '=', userId).where('chunk_id', '=', chunkId).where('status', '=', RUNNING).execute();
      const created = await trx.insertInto('kb_test_attempts').values({ user_id: userId, chunk_id: chunkId, status: RUNNING, started_at: now }).returning(['id', 'status']).executeTakeFirstOrThrow();
      await trx
        .insertInto('kb_test_answers')
        .values(questions.map((question, index) => ({ attempt_id: created.id, q_order: index + 1, user_id: userId, question_id: question.id, max_points: Math.max(1, pointsOfTask(scores, question.ege_num)) })))
        .execute();
      return created;
    });
  }
  if (!attempt) {
    const count = (await publishedQuestions(db, [chunkId])).get(chunkId)?.length ?? 0;
    const testStatus: TestStatus = NOT_STARTED;
    return { testStatus, qNums: count, questions: [] };
  }
  const reveal = attempt.status === DONE;
  const rows = await attemptQuestions(db, attempt.id);
  const testStatus: TestStatus = reveal ? DONE : RUNNING;
  return {
    testStatus,
    qNums: rows.length,
    questions: rows.map((row) => {
      const question: HomeworkQuestionP1 = presentQuestion(row, { qNumber: row.q_order, userAnswer: row.user_answer, points: row.points, maxPoints: row.max_points, difficult: false, reveal });
      const isRightAnswer: '0' | '1' | '' = reveal ? (row.points !== null && row.points >= row.max_points ? '1' : '0') : '';
      return { qId: row.id, isRightAnswer, userAnswer: row.user_answer, question };
    }),
  };
}

/** Keeps the answer to one question of the running test (changeable until the end); finishing scores the rest as unanswered. */
export async function answerKnowledgeQuestion(db: Db, userId: number, input: { chunkId: number; qId: number; userAnswer: string; finishTest: boolean }, now: number): Promise<void> {
  const attempt = await latestAttempt(db, userId, input.chunkId);
  if (attempt?.status !== RUNNING) fail(T.notRunning);
  const rows = await attemptQuestions(db, attempt.id);
  const current = rows.find((row) => row.id === input.qId);
  if (!current) fail(T.notInTest);
  const answer = input.userAnswer.trim();
  let points = 0;
  if (answer !== '') {
    const question = questionJsonOf(current);
    if (typedAnswerProblem(question, answer)) fail(TRAIN_P1_TEXTS.badAnswer);
    points = scoreAnswer(question, answer, current.max_points);
  }
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('kb_test_answers')
      .set({ user_answer: answer, points: answer === '' ? null : points, answered_at: answer === '' ? null : now })
      .where('attempt_id', '=', attempt.id)
      .where('q_order', '=', current.q_order)
      .execute();
    if (!input.finishTest) return;
    // Unanswered questions count as wrong in the result and on the map.
    await trx.updateTable('kb_test_answers').set({ points: 0, answered_at: now }).where('attempt_id', '=', attempt.id).where('points', 'is', null).execute();
    const done = await trx.updateTable('kb_test_attempts').set({ status: DONE, finished_at: now }).where('id', '=', attempt.id).where('status', '=', RUNNING).executeTakeFirst();
    if (Number(done.numUpdatedRows) !== 1) return;
    // The test's answers are final only now (they may change while it runs).
    const answers = await trx.selectFrom('kb_test_answers').select(['question_id', 'points', 'max_points']).where('attempt_id', '=', attempt.id).execute();
    await recordScoredAnswers(
      trx,
      answers.map((row) => ({ userId, source: 'knowledge-test' as const, part: 1 as const, questionId: row.question_id, points: row.points ?? 0, maxPoints: row.max_points, at: now })),
    );
  });
}

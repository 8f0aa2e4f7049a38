import type { z } from 'zod';
import { questionBankAdmin } from '../../../src/shared/contract';
import type { editableQuestion } from '../../../src/shared/contract/question-bank-admin';
import type { TestServer } from '../server';
import { adminOf } from './staff';
import { userIdOf, type Someone } from './users';

/** A part 1 question as the bank editor sends it. */
export type PartOneQuestion = z.input<typeof editableQuestion>;

/** The rules of a homework that tests change: unset fields stay as they are. */
export interface HomeworkRules {
  deadlineAt?: number | null;
  p1TimeLimitMin?: number | null;
  p2TimeLimitMin?: number | null;
  /** Part 2 is self-checked ('Самопров') instead of checked by a curator. */
  p2SelfCheck?: boolean;
}

/**
 * Changes the rules of homeworks. The course content (homeworks, their deadlines and budgets)
 * comes with the seed and no call edits it, so this is the one place a test writes them.
 */
export async function setHomeworkRules(server: TestServer, num: number | readonly number[], rules: HomeworkRules): Promise<void> {
  const set = {
    ...(rules.deadlineAt !== undefined && { deadline_at: rules.deadlineAt }),
    ...(rules.p1TimeLimitMin !== undefined && { p1_time_limit_min: rules.p1TimeLimitMin }),
    ...(rules.p2TimeLimitMin !== undefined && { p2_time_limit_min: rules.p2TimeLimitMin }),
    ...(rules.p2SelfCheck !== undefined && { p2_self_check: rules.p2SelfCheck ? 1 : 0 }),
  };
  if (Object.keys(set).length === 0) return;
  await server.server.services.db
    .updateTable('homeworks')
    .set(set)
    .where('num', 'in', typeof num === 'number' ? [num] : [...num])
    .execute();
}

export interface HomeworkOptions {
  num: number;
  /** Its required part 1, in order; with `part1Dop` they replace every question the seed attached. */
  part1: readonly PartOneQuestion[];
  /** Its additional part 1; none unless told. */
  part1Dop?: readonly PartOneQuestion[];
  /** The required part's maximum points as the lesson card shows them; unchanged when left out. */
  p1Max?: number;
  rules?: HomeworkRules;
}

/**
 * Gives a homework its own part 1: the questions are created through the bank editor's call (so
 * they are checked as the editor checks them) and attached in order in place of the seeded ones.
 */
export async function makeHomework(server: TestServer, options: HomeworkOptions): Promise<{ questionIds: number[]; dopQuestionIds: number[] }> {
  const admin = await adminOf(server);
  const create = async (questions: readonly PartOneQuestion[]) => {
    const ids: number[] = [];
    for (const question of questions) ids.push((await admin.call(questionBankAdmin.createQuestion, { question })).questionId);
    return ids;
  };
  const questionIds = await create(options.part1);
  const dopQuestionIds = await create(options.part1Dop ?? []);
  const attached = [...questionIds.map((id, index) => [id, 0, index] as const), ...dopQuestionIds.map((id, index) => [id, 1, index] as const)];
  const { db } = server.server.services;
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('homework_questions_p1').where('ht_num', '=', options.num).execute();
    if (attached.length > 0) {
      await trx
        .insertInto('homework_questions_p1')
        .values(attached.map(([questionId, isDop, index]) => ({ ht_num: options.num, is_dop: isDop, q_number: index + 1, question_id: questionId })))
        .execute();
    }
    await trx
      .updateTable('homeworks')
      .set({ p1_count: questionIds.length, dop_p1_count: dopQuestionIds.length, ...(options.p1Max !== undefined && { p1_max: options.p1Max }) })
      .where('num', '=', options.num)
      .execute();
  });
  if (options.rules) await setHomeworkRules(server, options.num, options.rules);
  return { questionIds, dopQuestionIds };
}

export interface PartOneProgress {
  status: string;
  points: number | null;
  startedAt: number | null;
  finishedAt: number | null;
}

export interface PartTwoProgress {
  status: string;
  points: number | null;
  startedAt: number | null;
  submittedAt: number | null;
  late: boolean;
  /** When the part 2 time budget started. */
  timerStartedAt: number | null;
}

export interface HomeworkProgress {
  isDop?: boolean;
  p1?: Partial<PartOneProgress>;
  p2?: Partial<PartTwoProgress>;
}

/**
 * Puts a student's work on a homework where a test needs it (a part finished with some points,
 * a work still being written, a budget started long ago): the row the solving calls would leave.
 * Reaching it through those calls takes a whole solving session, or waiting out real minutes.
 * Fields left out keep their values; a new row starts with the table's defaults.
 */
export async function setHomeworkProgress(server: TestServer, who: Someone, htNum: number, progress: HomeworkProgress): Promise<void> {
  const { db, clock } = server.server.services;
  const { p1 = {}, p2 = {} } = progress;
  const set = {
    ...(p1.status !== undefined && { status_p1: p1.status }),
    ...(p1.points !== undefined && { points_p1: p1.points }),
    ...(p1.startedAt !== undefined && { p1_started_at: p1.startedAt }),
    ...(p1.finishedAt !== undefined && { p1_finished_at: p1.finishedAt }),
    ...(p2.status !== undefined && { status_p2: p2.status }),
    ...(p2.points !== undefined && { points_p2: p2.points }),
    ...(p2.startedAt !== undefined && { p2_started_at: p2.startedAt }),
    ...(p2.submittedAt !== undefined && { p2_submitted_at: p2.submittedAt }),
    ...(p2.late !== undefined && { p2_late: p2.late ? 1 : 0 }),
    ...(p2.timerStartedAt !== undefined && { p2_timer_started_at: p2.timerStartedAt }),
    updated_at: clock.now(),
  };
  await db
    .insertInto('user_homeworks')
    .values({ user_id: await userIdOf(server, who), ht_num: htNum, is_dop: progress.isDop ? 1 : 0, ...set })
    .onConflict((oc) => oc.columns(['user_id', 'ht_num', 'is_dop']).doUpdateSet(set))
    .execute();
}

/** A student's work on a homework as stored, or undefined before they opened it. */
export async function homeworkProgressOf(server: TestServer, who: Someone, htNum: number, isDop = false) {
  return server.server.services.db
    .selectFrom('user_homeworks')
    .selectAll()
    .where('user_id', '=', await userIdOf(server, who))
    .where('ht_num', '=', htNum)
    .where('is_dop', '=', isDop ? 1 : 0)
    .executeTakeFirst();
}

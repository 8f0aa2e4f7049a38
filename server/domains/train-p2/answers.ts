import { parseQuestionType, TRAIN_P2_TEXTS as T, type AnswerMode, type Part2Question } from '../../../src/shared/contract/train-p2';
import type { CurrentUser } from '../../auth/current-user';
import { fail } from '../../contract/errors';
import { enqueueJob } from '../../jobs/queue';
import { modelBudgetLimits, takeModelCall } from '../../model-budget/budget';
import type { Services } from '../../services';
import { aiCheckJob, aiCheckJobKey } from './ai-check-job';
import { requirePeerModes, requireScoreWithin } from './modes';
import { eligibleQuestionsP2, hasCriteria, isDifficultP2, pickRandom, presentQuestionP2, questionsOfType, type QuestionP2Row } from './question-pool';

/**
 * Answering a question in training part 2: a question is drawn from the student's pool, the answer
 * goes to the classmates' pool or to the AI job, and a self-check stores the answer and the
 * student's own score together.
 */

/** The mode's gate: classmates and AI are not for Demo and Пакетник; AI needs a configured model. */
function requireMode(services: Services, user: CurrentUser, mode: AnswerMode): void {
  if (mode === 'selfCheck') return;
  requirePeerModes(user);
  if (mode === 'checkByAI' && !services.chatModel.configured) fail(T.aiNotConfigured);
}

/** Questions the student has solved at full marks in training (any check). */
async function solvedInTraining(services: Services, userId: number): Promise<Set<number>> {
  const rows = await services.db
    .selectFrom('train_p2_answers')
    .select('question_id')
    .where('user_id', '=', userId)
    .where('status', '=', 'checked')
    .where('max_points', '>', 0)
    .whereRef('points', '=', 'max_points')
    .execute();
  return new Set(rows.map((row) => row.question_id));
}

export async function drawQuestion(
  services: Services,
  user: CurrentUser,
  input: { askType: AnswerMode; questionType: string; include90Plus: boolean; firstlyUnresolved: boolean },
  now: number,
): Promise<Part2Question | null> {
  const type = parseQuestionType(input.questionType);
  if (!type) fail(T.unknownType);
  requireMode(services, user, input.askType);
  if (input.askType === 'checkByAI' && type.kind === 'mostDifficult') fail(T.mostDifficultNoAi);
  let pool = await questionsOfType(services.db, user.id, await eligibleQuestionsP2(services.db, user, input.include90Plus, now), type);
  if (input.askType === 'checkByAI') pool = pool.filter(hasCriteria);
  if (input.askType === 'checkByClassmates' && input.firstlyUnresolved) {
    const solved = await solvedInTraining(services, user.id);
    const unsolved = pool.filter((row) => !solved.has(row.id));
    if (unsolved.length > 0) pool = unsolved;
  }
  const row = pickRandom(pool);
  if (!row) return null;
  const difficult = await isDifficultP2(services.db, user.id, row.id);
  // The self-check shows the criteria and explanation right after answering (CheckView).
  return presentQuestionP2(row, { revealKey: input.askType === 'selfCheck', isDifficult: difficult ? '1' : '0' });
}

/** A question the student may answer now (public, lesson open to them). */
async function answerableQuestion(services: Services, user: CurrentUser, questionId: number, now: number): Promise<QuestionP2Row> {
  const question = (await eligibleQuestionsP2(services.db, user, true, now)).find((row) => row.id === questionId);
  if (!question) fail(T.unknownQuestion);
  return question;
}

function requireAnswer(answer: string | undefined): string {
  const trimmed = (answer ?? '').trim();
  if (trimmed === '') fail(T.emptyAnswer);
  return trimmed;
}

/** Stores an answer for a classmate's check (into the pool) or for the AI (with its job and its model call, in one transaction). */
export async function sendAnswer(services: Services, user: CurrentUser, input: { askType: 'checkByClassmates' | 'checkByAI'; questionId: number; userAnswer: string }, now: number): Promise<void> {
  requireMode(services, user, input.askType);
  const question = await answerableQuestion(services, user, input.questionId, now);
  const answer = requireAnswer(input.userAnswer);
  if (input.askType === 'checkByAI' && !hasCriteria(question)) fail(T.noCriteria);
  const values = { user_id: user.id, question_id: question.id, mode: input.askType, user_answer: answer, max_points: question.max_points, created_at: now };
  if (input.askType === 'checkByClassmates') {
    await services.db.insertInto('train_p2_answers').values({ ...values, status: 'waiting' }).execute();
    return;
  }
  await services.db.transaction().execute(async (trx) => {
    // The check will ask the model: counted with the answer, so a burst of answers cannot overspend.
    await takeModelCall(trx, modelBudgetLimits(services.config), user.id, now);
    const row = await trx.insertInto('train_p2_answers').values({ ...values, status: 'ai_pending' }).returning('id').executeTakeFirstOrThrow();
    await enqueueJob(trx, aiCheckJob, { answerId: row.id }, { runAt: now, key: aiCheckJobKey(row.id), now });
  });
  services.wakeJobs();
}

/** A self-check: the answer and the student's own score, stored together (it counts for nothing else). */
export async function selfCheck(services: Services, user: CurrentUser, data: { questionId: number; checkBall: number; checkComment: string; userAnswer?: string }, now: number): Promise<void> {
  const question = await answerableQuestion(services, user, data.questionId, now);
  const answer = requireAnswer(data.userAnswer);
  requireScoreWithin(data.checkBall, question.max_points);
  await services.db
    .insertInto('train_p2_answers')
    .values({
      user_id: user.id,
      question_id: question.id,
      mode: 'selfCheck',
      user_answer: answer,
      max_points: question.max_points,
      status: 'checked',
      checker_id: user.id,
      points: data.checkBall,
      check_comment: data.checkComment,
      checked_at: now,
      created_at: now,
    })
    .execute();
}

import { getZachetAuto, sendZachetAuto } from '@shared/contract/credits';
import { toJsonValue } from '@shared/json-value';
import { z } from 'zod';
import { ApiError } from '../../../lib/api-client';
import { OutboxConflict, type ReplayResult } from '../../../lib/offline-store/outbox';
import type { CallFn, OwnerScope } from '../../../lib/offline-store/owner-scope';
import { defineOutboxKind } from '../../../lib/offline-store/outbox-kind';
import { replayKind, type OutboxHandler } from '../../../lib/offline-store/sync-engine';
import { paths } from '../../../lib/route-names';

/**
 * Automatic credit answers given without a connection. Plain logic over the
 * offline store and a call function, no DOM: the screens use it and a Node test runs it against a
 * real server.
 *
 * An answer that finds no connection becomes one outbox entry (per credit, attempt and question;
 * a newer answer to the same question replaces a waiting one) with its operation id, so a resend
 * after a lost reply is answered «уже применено». Entries are sent in order when the connection
 * returns. A refusal (the attempt's time ran out, the question was answered on another device)
 * keeps the entry as a conflict with the server's side, shown until the student has seen it: an
 * answer is never dropped silently. The attempt's clock is the server's and runs on offline.
 */

export const CREDIT_ANSWER_KIND = sendZachetAuto.path;

const answerInputSchema = z.object({
  zachetNum: z.number(),
  questionNum: z.number(),
  userAnswer: z.string(),
  opId: z.string(),
});
export type AnswerInput = z.infer<typeof answerInputSchema>;

/** What the outbox keeps for one queued answer. */
const queuedCreditAnswerSchema = z.object({
  owner: z.string(),
  input: answerInputSchema,
  /** The attempt it answers (zu_popitka when it was given). */
  attempt: z.number(),
});
export type QueuedCreditAnswer = z.infer<typeof queuedCreditAnswerSchema>;

/** The server's side of a refused answer. */
const creditServerCopySchema = z.object({
  /** The credit's status then ('Проводится', 'Сдан', 'Несдан', …); '' when it could not be read. */
  status: z.string(),
  /** The attempt running or last finished then. */
  attempt: z.number(),
  /** The server's answer to this question in the same attempt; '' when none. */
  answer: z.string(),
});
export type CreditServerCopy = z.infer<typeof creditServerCopySchema>;

/** A refused answer kept for the student to see. */
export interface CreditConflict {
  entryId: number;
  zachetNum: number;
  questionNum: number;
  attempt: number;
  mine: string;
  server: CreditServerCopy;
  /** The server's reason in Russian. */
  message: string;
}

// One waiting answer per question of an attempt: a newer one replaces it.
const creditAnswers = defineOutboxKind(CREDIT_ANSWER_KIND, queuedCreditAnswerSchema, creditServerCopySchema, ({ input, attempt }) => `${input.zachetNum}:${attempt}:${input.questionNum}`);

/** Queues an answer that found no connection; a waiting answer to the same question is replaced. */
export async function queueCreditAnswer(scope: OwnerScope, input: AnswerInput, attempt: number): Promise<void> {
  await creditAnswers.replace(scope, { owner: scope.owner, input, attempt });
}

/** Answers of one attempt waiting to be sent, by question number. */
export async function queuedCreditAnswers(scope: OwnerScope, zachetNum: number, attempt: number): Promise<Map<number, QueuedCreditAnswer>> {
  const waiting = new Map<number, QueuedCreditAnswer>();
  for (const { entry, payload: queued } of await creditAnswers.entries(scope)) {
    if (entry.status === 'pending' && queued.input.zachetNum === zachetNum && queued.attempt === attempt) waiting.set(queued.input.questionNum, queued);
  }
  return waiting;
}

export async function pendingCreditCount(scope: OwnerScope): Promise<number> {
  return (await creditAnswers.entries(scope)).filter(({ entry }) => entry.status === 'pending').length;
}

async function serverCopy(call: CallFn, queued: QueuedCreditAnswer): Promise<CreditServerCopy> {
  try {
    const credit = await call(getZachetAuto, { zachetNum: queued.input.zachetNum, startButtonPressed: '0' });
    const sameAttempt = credit.zachetInfo.zu_popitka === queued.attempt;
    const row = sameAttempt ? credit.questions.find((item) => item.q_num === queued.input.questionNum) : undefined;
    return { status: credit.zachetStatus, attempt: credit.zachetInfo.zu_popitka, answer: row && row.answered === '1' ? row.question.user_answer : '' };
  } catch (error) {
    if (error instanceof ApiError && error.kind === 'failure') return { status: '', attempt: queued.attempt, answer: '' };
    throw error;
  }
}

/** Sends one queued answer; a refusal becomes a conflict unless the server already holds this very answer. */
async function sendAnswer(call: CallFn, queued: QueuedCreditAnswer): Promise<void> {
  try {
    await call(sendZachetAuto, queued.input);
  } catch (error) {
    if (!(error instanceof ApiError) || error.kind !== 'failure') throw error;
    const server = await serverCopy(call, queued);
    // The server keeps answers trimmed: the same answer given on another device is no conflict.
    if (server.attempt === queued.attempt && server.answer !== '' && server.answer === queued.input.userAnswer.trim()) return;
    throw new OutboxConflict(toJsonValue(server), error.message);
  }
}

/** How queued answers are sent and shown; `afterSync` comes from the app (its query cache). */
export function creditAnswerHandler(afterSync?: () => Promise<void>): OutboxHandler<QueuedCreditAnswer, CreditServerCopy> {
  return {
    kind: creditAnswers,
    send: (call, _scope, own) => sendAnswer(call, own.payload),
    ...(afterSync ? { afterSync } : {}),
    describe: ({ payload: { input, attempt } }) => ({
      title: `Зачёт №${input.zachetNum}, вопрос ${input.questionNum}`,
      detail: `Ответ «${input.userAnswer}», попытка ${attempt}`,
      href: paths.autoTests(input.zachetNum),
      resolve: 'Откройте зачёт: там ваш ответ рядом с ответом на сервере. Скопируйте свой, если нужно, и нажмите «Понятно».',
    }),
  };
}

/** Sends the signed-in student's waiting answers in order; refusals are kept as conflicts. */
export function syncCreditAnswers(call: CallFn, scope: OwnerScope): Promise<ReplayResult> {
  return replayKind(creditAnswerHandler(), call, scope);
}

/** Refused answers waiting for the student to see them, optionally of one credit. */
export async function listCreditConflicts(scope: OwnerScope, zachetNum?: number): Promise<CreditConflict[]> {
  return (await creditAnswers.entries(scope))
    .filter(({ entry, payload }) => entry.status === 'conflict' && (zachetNum === undefined || payload.input.zachetNum === zachetNum))
    .map(({ entry, payload: queued }) => ({
      entryId: entry.id,
      zachetNum: queued.input.zachetNum,
      questionNum: queued.input.questionNum,
      attempt: queued.attempt,
      mine: queued.input.userAnswer,
      server: creditAnswers.serverCopy(entry) ?? { status: '', attempt: queued.attempt, answer: '' },
      message: entry.lastError ?? '',
    }));
}

/** The student has seen a refused answer (and could copy it): it leaves the device. */
export async function dismissCreditConflict(scope: OwnerScope, entryId: number): Promise<void> {
  const own = (await creditAnswers.entries(scope)).find(({ entry }) => entry.id === entryId);
  if (own?.entry.status === 'conflict') await scope.store.outbox.remove(own.entry.id);
}

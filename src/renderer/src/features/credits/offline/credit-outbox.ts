import { getZachetAuto, sendZachetAuto } from '@shared/contract/credits';
import { toJsonValue } from '@shared/json-value';
import { ApiError } from '../../../lib/api-client';
import { OutboxConflict, replayOutbox, type ReplayResult } from '../../../lib/offline-store/outbox';
import type { CallFn, OwnerScope } from '../../../lib/offline-store/owner-scope';
import type { OutboxEntry } from '../../../lib/offline-store/types';

/**
 * Automatic credit answers given without a connection (issue 29 item 2). Plain logic over the
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

export interface AnswerInput {
  zachetNum: number;
  questionNum: number;
  userAnswer: string;
  opId: string;
}

/** What the outbox keeps for one queued answer. */
export interface QueuedCreditAnswer {
  owner: string;
  input: AnswerInput;
  /** The attempt it answers (zu_popitka when it was given). */
  attempt: number;
}

/** The server's side of a refused answer. */
export interface CreditServerCopy {
  /** The credit's status then ('Проводится', 'Сдан', 'Несдан', …); '' when it could not be read. */
  status: string;
  /** The attempt running or last finished then. */
  attempt: number;
  /** The server's answer to this question in the same attempt; '' when none. */
  answer: string;
}

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

const payloadOf = (entry: OutboxEntry) => entry.payload as unknown as QueuedCreditAnswer;
const isOwnAnswer = (scope: OwnerScope, entry: OutboxEntry) => entry.kind === CREDIT_ANSWER_KIND && payloadOf(entry).owner === scope.owner;

async function ownEntries(scope: OwnerScope): Promise<OutboxEntry[]> {
  return (await scope.store.outbox.list()).filter((entry) => isOwnAnswer(scope, entry));
}

/** Queues an answer that found no connection; a waiting answer to the same question is replaced. */
export async function queueCreditAnswer(scope: OwnerScope, input: AnswerInput, attempt: number): Promise<void> {
  for (const entry of await ownEntries(scope)) {
    const queued = payloadOf(entry);
    if (entry.status === 'pending' && queued.attempt === attempt && queued.input.zachetNum === input.zachetNum && queued.input.questionNum === input.questionNum) {
      await scope.store.outbox.remove(entry.id);
    }
  }
  const payload: QueuedCreditAnswer = { owner: scope.owner, input, attempt };
  await scope.store.outbox.enqueue({ kind: CREDIT_ANSWER_KIND, payload: toJsonValue(payload) });
}

/** Answers of one attempt waiting to be sent, by question number. */
export async function queuedCreditAnswers(scope: OwnerScope, zachetNum: number, attempt: number): Promise<Map<number, QueuedCreditAnswer>> {
  const waiting = new Map<number, QueuedCreditAnswer>();
  for (const entry of await ownEntries(scope)) {
    const queued = payloadOf(entry);
    if (entry.status === 'pending' && queued.input.zachetNum === zachetNum && queued.attempt === attempt) waiting.set(queued.input.questionNum, queued);
  }
  return waiting;
}

export async function pendingCreditCount(scope: OwnerScope): Promise<number> {
  return (await ownEntries(scope)).filter((entry) => entry.status === 'pending').length;
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
async function sendAnswer(call: CallFn, entry: OutboxEntry): Promise<void> {
  const queued = payloadOf(entry);
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

/** Sends the signed-in student's waiting answers in order; refusals are kept as conflicts. */
export function syncCreditAnswers(call: CallFn, scope: OwnerScope): Promise<ReplayResult> {
  return replayOutbox(scope.store, (entry) => sendAnswer(call, entry), { lane: 'credit-answer', skip: (entry) => !isOwnAnswer(scope, entry) });
}

/** Refused answers waiting for the student to see them, optionally of one credit. */
export async function listCreditConflicts(scope: OwnerScope, zachetNum?: number): Promise<CreditConflict[]> {
  return (await ownEntries(scope))
    .filter((entry) => entry.status === 'conflict' && (zachetNum === undefined || payloadOf(entry).input.zachetNum === zachetNum))
    .map((entry) => {
      const queued = payloadOf(entry);
      return {
        entryId: entry.id,
        zachetNum: queued.input.zachetNum,
        questionNum: queued.input.questionNum,
        attempt: queued.attempt,
        mine: queued.input.userAnswer,
        server: (entry.serverVersion ?? { status: '', attempt: queued.attempt, answer: '' }) as unknown as CreditServerCopy,
        message: entry.lastError ?? '',
      };
    });
}

/** The student has seen a refused answer (and could copy it): it leaves the device. */
export async function dismissCreditConflict(scope: OwnerScope, entryId: number): Promise<void> {
  const entry = (await ownEntries(scope)).find((candidate) => candidate.id === entryId);
  if (entry?.status === 'conflict') await scope.store.outbox.remove(entry.id);
}

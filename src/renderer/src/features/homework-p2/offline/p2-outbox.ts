import { getHtP2Camel, saveHtP2New } from '@shared/contract/homework-p2';
import { toJsonValue } from '@shared/json-value';
import { z } from 'zod';
import { ApiError } from '../../../lib/api-client';
import { newOpId } from '../../../lib/op-id';
import { OutboxConflict, type ReplayResult } from '../../../lib/offline-store/outbox';
import type { CallFn, OwnerScope } from '../../../lib/offline-store/owner-scope';
import { defineOutboxKind, type OwnedEntry } from '../../../lib/offline-store/outbox-kind';
import { replayKind, type OutboxHandler } from '../../../lib/offline-store/sync-engine';
import { paths } from '../../../lib/route-names';
import type { OutboxEntry } from '../../../lib/offline-store/types';

/**
 * Part 2 answers saved without a connection. Plain logic over the offline store
 * and a call function, no DOM: the screens use it and a Node test runs it against a real server.
 *
 * A save that finds no connection becomes one outbox entry per homework holding the whole set of
 * answers, its operation id and the server texts they were typed over. A newer save of the same
 * homework replaces a waiting one (the answers are a whole snapshot). Entries are sent in queue
 * order when the connection returns, with the page open or not; the same operation id on every
 * resend, so a save the server took whose reply was lost is answered «уже применено». A refusal
 * (another device took the work, it was submitted or checked, its time ran out) keeps the entry as
 * a conflict holding the server's texts, until the student chooses task by task. Nothing is
 * overwritten or dropped silently.
 */

/** The signed-in student's data on this device: the store and whose it is (their public key). */
export type StudentScope = OwnerScope;
export type { CallFn };

export const P2_SAVE_KIND = saveHtP2New.path;

/** A server status in which answers can still be saved. */
export const EDITABLE_STATUS = 'Выполняется';

const saveInputSchema = z.object({
  htNum: z.number(),
  isDopPart: z.enum(['0', '1']),
  questions: z.array(z.object({ q_number: z.number(), user_answer: z.string() })),
  forceSave: z.enum(['0', '1']),
  markSave: z.string(),
  opId: z.string(),
});
export type SaveInput = z.infer<typeof saveInputSchema>;

/** What the outbox keeps for one queued save. */
const queuedP2SaveSchema = z.object({
  /** The student who typed it (StudentScope.owner). */
  owner: z.string(),
  input: saveInputSchema,
  /** The server's texts by question number that the answers were typed over. */
  base: z.record(z.string(), z.string()),
});
export type QueuedP2Save = z.infer<typeof queuedP2SaveSchema>;

/** The server's side of a conflict, read when the save was refused. */
const p2ServerCopySchema = z.object({
  /** The work's status then ('Выполняется', 'Готово', 'Проверен', …); '' when it could not be read. */
  status: z.string(),
  answers: z.record(z.string(), z.string()),
  /** Task number (of the exam) per question number, for the headings. */
  tasks: z.record(z.string(), z.number()),
});
export type P2ServerCopy = z.infer<typeof p2ServerCopySchema>;

export interface P2ConflictTask {
  q: string;
  task: number | null;
  mine: string;
  server: string;
  differs: boolean;
}

/** A refused offline save kept for the student: their texts and the server's, task by task. */
export interface P2Conflict {
  htNum: number;
  dop: '0' | '1';
  tab: string;
  /** The server's reason, in Russian (e.g. «ДЗ открыто на другом устройстве»). */
  message: string;
  status: string;
  /** The server still takes answers: «оставить мой» can be sent. */
  canKeepMine: boolean;
  tasks: P2ConflictTask[];
}

// One waiting save per homework (and part): a newer one replaces it.
const p2Saves = defineOutboxKind(P2_SAVE_KIND, queuedP2SaveSchema, p2ServerCopySchema, ({ input }) => `${input.htNum}:${input.isDopPart}`);
type OwnSave = OwnedEntry<QueuedP2Save>;

async function entriesOf(scope: StudentScope, htNum: number, dop: '0' | '1'): Promise<OwnSave[]> {
  return (await p2Saves.entries(scope)).filter(({ payload }) => payload.input.htNum === htNum && payload.input.isDopPart === dop);
}

/** Queues a save that found no connection; a waiting save of the same homework is replaced. */
export async function queueP2Save(scope: StudentScope, input: SaveInput, base: Record<string, string>): Promise<void> {
  await p2Saves.replace(scope, { owner: scope.owner, input, base });
}

/** The waiting (not conflicting) save of a homework, if any. */
export async function pendingP2Save(scope: StudentScope, htNum: number, dop: '0' | '1'): Promise<QueuedP2Save | null> {
  return (await entriesOf(scope, htNum, dop)).filter(({ entry }) => entry.status === 'pending').at(-1)?.payload ?? null;
}

/** A newer save of the homework reached the server: the waiting older ones are obsolete (conflicts stay). */
export async function settleP2Saves(scope: StudentScope, htNum: number, dop: '0' | '1'): Promise<void> {
  for (const { entry } of await entriesOf(scope, htNum, dop)) {
    if (entry.status === 'pending') await scope.store.outbox.remove(entry.id);
  }
}

/** How many saves wait to be sent (conflicts not counted). */
export async function pendingP2Count(scope: StudentScope): Promise<number> {
  return (await p2Saves.entries(scope)).filter(({ entry }) => entry.status === 'pending').length;
}

/** The work as the server has it now; an empty copy when it cannot be read (no access any more, deleted). */
async function serverCopy(call: CallFn, input: SaveInput): Promise<P2ServerCopy> {
  try {
    // Opened with the save's own tab: the student's «оставить мой» continues from this device.
    const work = await call(getHtP2Camel, { htNum: input.htNum, markSave: input.markSave, isDopPart: input.isDopPart, startButtonPressed: '0' });
    return {
      status: work.htStatusP2,
      answers: Object.fromEntries(work.questions.map((q) => [String(q.qNumber), q.userAnswer])),
      tasks: Object.fromEntries(work.questions.map((q) => [String(q.qNumber), q.qTaskNumber])),
    };
  } catch (error) {
    if (error instanceof ApiError && error.kind === 'failure') return { status: '', answers: {}, tasks: {} };
    throw error;
  }
}

/** The server already holds every text of the save: nothing is lost, nothing to ask. */
const alreadyOnServer = (input: SaveInput, server: P2ServerCopy) => input.questions.every((item) => server.answers[String(item.q_number)] === item.user_answer);

export interface SyncOptions {
  /** Homeworks left to their open form (it sends and asks itself). */
  skip?(htNum: number, dop: '0' | '1'): boolean;
  /** A save reached the server (or the server already had its texts). */
  onSent?(save: QueuedP2Save): void | Promise<void>;
}

/**
 * Sends one queued save. A homework with an unresolved conflict takes no later save on top of it:
 * that save joins the conflict. A refusal whose texts the server already holds settles quietly.
 */
async function sendSave(call: CallFn, scope: StudentScope, { entry, payload: save }: OwnSave, options: SyncOptions): Promise<void> {
  const earlier = (await entriesOf(scope, save.input.htNum, save.input.isDopPart)).find((other) => other.entry.id < entry.id && other.entry.status === 'conflict')?.entry;
  if (earlier) throw new OutboxConflict(earlier.serverVersion, earlier.lastError ?? undefined);
  try {
    await call(saveHtP2New, save.input);
  } catch (error) {
    if (!(error instanceof ApiError) || error.kind !== 'failure') throw error;
    const server = await serverCopy(call, save.input);
    if (!alreadyOnServer(save.input, server)) throw new OutboxConflict(toJsonValue(server), error.message);
  }
  await options.onSent?.(save);
}

/** How queued saves are sent and shown; `options` come from the screens (open forms, drafts). */
export function p2SaveHandler(options: SyncOptions = {}): OutboxHandler<QueuedP2Save, P2ServerCopy> {
  return {
    kind: p2Saves,
    send: (call, scope, own) => sendSave(call, scope, own, options),
    // An open form of the homework sends its own queued save and asks the '22' question itself.
    holds: ({ input }) => options.skip?.(input.htNum, input.isDopPart) ?? false,
    describe: ({ payload: { input } }) => ({
      title: `Домашнее задание №${input.htNum}${input.isDopPart === '1' ? ' (дополнительная часть)' : ''}, часть 2`,
      detail: `Ответы на ${answersCount(input.questions.length)}`,
      href: paths.ht_p2(input.htNum, input.isDopPart),
      resolve: 'Откройте задание: там ваши ответы рядом с ответами на сервере, выберите по каждому заданию, какой оставить.',
    }),
  };
}

const answersCount = (count: number) => {
  const last = count % 10;
  const word = last === 1 && count % 100 !== 11 ? 'задание' : last >= 2 && last <= 4 && (count % 100 < 12 || count % 100 > 14) ? 'задания' : 'заданий';
  return `${count} ${word}`;
};

/**
 * Sends every waiting save of the signed-in student in order. A lost connection stops the sync
 * (tried again later, nothing lost); refusals are kept as conflicts. One sync at a time per store.
 */
export function syncP2Saves(call: CallFn, scope: StudentScope, options: SyncOptions = {}): Promise<ReplayResult> {
  return replayKind(p2SaveHandler(options), call, scope);
}

/**
 * A homework's conflict: the server copy met by its latest refused entry, and the student's latest
 * texts (a save queued after the refusal carries newer ones). Null when nothing conflicts.
 */
function conflictOf(entries: OwnSave[]): { conflict: OutboxEntry; latest: QueuedP2Save; server: P2ServerCopy } | null {
  const conflict = entries.filter(({ entry }) => entry.status === 'conflict').at(-1)?.entry;
  const latest = entries.at(-1)?.payload;
  if (!conflict || !latest) return null;
  return { conflict, latest, server: p2Saves.serverCopy(conflict) ?? { status: '', answers: {}, tasks: {} } };
}

/** Conflicts waiting for the student's choice, one per homework, optionally of one homework. */
export async function listP2Conflicts(scope: StudentScope, htNum?: number, dop?: '0' | '1'): Promise<P2Conflict[]> {
  const byWork = new Map<string, OwnSave[]>();
  for (const own of await p2Saves.entries(scope)) {
    const { input } = own.payload;
    if ((htNum !== undefined && input.htNum !== htNum) || (dop !== undefined && input.isDopPart !== dop)) continue;
    const key = `${input.htNum}:${input.isDopPart}`;
    byWork.set(key, [...(byWork.get(key) ?? []), own]);
  }
  const conflicts: P2Conflict[] = [];
  for (const entries of byWork.values()) {
    const found = conflictOf(entries);
    if (!found) continue;
    const { input } = found.latest;
    const { server } = found;
    conflicts.push({
      htNum: input.htNum,
      dop: input.isDopPart,
      tab: input.markSave,
      message: found.conflict.lastError ?? '',
      status: server.status,
      canKeepMine: server.status === EDITABLE_STATUS,
      tasks: input.questions.map(({ q_number, user_answer }) => {
        const q = String(q_number);
        const theirs = server.answers[q] ?? '';
        return { q, task: server.tasks[q] ?? null, mine: user_answer, server: theirs, differs: theirs !== user_answer };
      }),
    });
  }
  return conflicts;
}

export type TaskChoice = 'mine' | 'server';

/**
 * Resolves the conflict of a homework with the student's choice per task. All 'server': the
 * offline texts are dropped (the student saw and could copy them). Otherwise the chosen texts are
 * saved over the work (forced: the student has seen the other device's texts); if the server
 * refuses, the conflict stays with the server's fresh copy and the refusal is thrown.
 */
export async function resolveP2Conflict(call: CallFn, scope: StudentScope, htNum: number, dop: '0' | '1', choice: Record<string, TaskChoice>): Promise<void> {
  const entries = await entriesOf(scope, htNum, dop);
  const found = conflictOf(entries);
  if (!found) return;
  const { conflict, latest: save, server } = found;
  const questions = save.input.questions
    .filter(({ q_number }) => (choice[String(q_number)] ?? 'mine') === 'mine')
    .filter(({ q_number, user_answer }) => server.answers[String(q_number)] !== user_answer);
  if (questions.length > 0) {
    const input: SaveInput = { ...save.input, questions, forceSave: '1', opId: newOpId() };
    try {
      await call(saveHtP2New, input);
    } catch (error) {
      if (error instanceof ApiError && error.kind === 'failure') {
        const fresh = await serverCopy(call, input);
        if (!alreadyOnServer(input, fresh)) {
          await scope.store.outbox.update(conflict.id, { serverVersion: toJsonValue(fresh), lastError: error.message, attempts: conflict.attempts + 1 });
          throw error;
        }
      } else throw error;
    }
  }
  for (const { entry } of entries) await scope.store.outbox.remove(entry.id);
}

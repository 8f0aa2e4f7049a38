import type { HttpContract, InputOf, OutputOf } from '@shared/contract/core';
import {
  CHECK_TEXTS,
  getHtListForDz,
  getResultP2,
  resultP2Item,
  REVIEWER_ACTIONS,
  setResultP2,
  type ResultP2Item,
  type ReviewerAction,
  type StudentHomeworkRow,
  type TaskCheck,
} from '@shared/contract/curator-homework';
import { commentSegment } from '@shared/contract/homework-p2';
import { z } from 'zod';
import { ApiError } from '../../../lib/api-client';
import { newOpId } from '../../../lib/op-id';
import { OutboxConflict, type ReplayResult } from '../../../lib/offline-store/outbox';
import { defineOutboxKind, type OwnedEntry } from '../../../lib/offline-store/outbox-kind';
import { readStored } from '../../../lib/offline-store/read-stored';
import { replayKind, type OutboxHandler } from '../../../lib/offline-store/sync-engine';
import { paths } from '../../../lib/route-names';
import { ruCuratorHomework } from '../../../i18n/curator-homework';
import type { DraftRecord, OfflineStore } from '../../../lib/offline-store/types';
import { toJsonValue } from '@shared/json-value';

/**
 * Offline checking of part 2 (issue: curators check on laptops without a connection). Plain logic
 * over the offline store and a call function, no DOM: the screens use it, and a Node test runs it
 * against a real server.
 *
 * A work under check is one draft (`curator-check-p2:{ht}:{student}`) holding the server copy it
 * started from, the curator's checks (saved on every change) and the server's version token. A
 * reviewer action becomes one outbox entry per work (a newer action replaces a waiting one: the
 * checks are whole snapshots). Sync replays the outbox through set_result_p2 with `baseVersion`;
 * the server refuses a work that changed meanwhile and the entry is kept as a conflict holding the
 * server's copy, until the curator keeps their check or the server's. Nothing is overwritten silently.
 */

/**
 * Where a curator's offline data lives: the device's store, and the signed-in user it belongs to
 * (their public key). Curators sharing a laptop never see or send each other's checks.
 */
export interface OfflineScope {
  store: OfflineStore;
  owner: string;
}

/** Calls an HTTP contract; throws ApiError like the app's client. */
export type CallFn = <C extends HttpContract>(contract: C, input: InputOf<C>) => Promise<OutputOf<C>>;

export const REVIEW_KIND = setResultP2.path;
export const WORK_DRAFT_PREFIX = 'curator-check-p2:';
const WORKS_LIST_PREFIX = 'curator-works:';

/**
 * A check as kept on the device: the contract's TaskCheck by structure, without its input limits —
 * a kept check that a later version would refuse must still be shown and sent (the server then
 * answers with a conflict), not vanish from the list.
 */
const storedTaskCheck = z.object({
  cur_comment: z.string(),
  ballov: z.number().nullable(),
  add_comments: z.record(z.string(), commentSegment),
  criteria_ballov: z.record(z.string(), z.number()),
});
const storedChecks = z.record(z.string(), storedTaskCheck);

const offlineWorkSchema = z.object({
  htNum: z.number(),
  studentKey: z.string(),
  /** The server copy the checks started from (as downloaded, or after the last sync). */
  items: z.array(resultP2Item),
  /** The curator's check per question number. */
  checks: storedChecks,
  /** Epoch ms of the server copy. */
  fetchedAt: z.number(),
  /** Bumped on every local edit; tells whether an edit came after the queued action. */
  rev: z.number(),
  /** Local edits not yet on the server. */
  dirty: z.boolean(),
  /** The action waiting in the outbox, if any. */
  queued: z.enum(REVIEWER_ACTIONS).nullable(),
  /** The server version the checks are based on. */
  baseVersion: z.string(),
  /**
   * The operation id of «Оставить мою проверку» on top of the server version shown: a press whose
   * reply was lost is sent again with the same id, so it settles instead of conflicting with itself.
   */
  resolveOp: z.object({ baseVersion: z.string(), opId: z.string() }).optional(),
});
export type OfflineWork = z.infer<typeof offlineWorkSchema>;

/** What the outbox keeps for one queued review. */
const reviewPayloadSchema = z.object({
  /** The curator who queued it (OfflineScope.owner). */
  owner: z.string(),
  /** `opId`: the server applies the review once; a resend after a lost reply is answered «уже применено». Absent in entries queued by older versions. */
  input: z.object({
    action: z.enum(REVIEWER_ACTIONS),
    dzNum: z.number(),
    studentId: z.string(),
    jsonData: storedChecks,
    baseVersion: z.string(),
    opId: z.string().optional(),
  }),
  rev: z.number(),
});
type ReviewPayload = z.infer<typeof reviewPayloadSchema>;
// One waiting action per work: a newer one replaces it.
const reviews = defineOutboxKind(REVIEW_KIND, reviewPayloadSchema, z.array(resultP2Item), ({ input }) => `${input.dzNum}:${input.studentId}`);
type OwnReview = OwnedEntry<ReviewPayload>;

/** A conflict kept for the curator: their check and the server's copy of the work. */
export interface ReviewConflict {
  entryId: number;
  htNum: number;
  studentKey: string;
  action: ReviewerAction;
  mine: Record<string, TaskCheck>;
  /** The work as it is on the server now ([] when it could not be read, e.g. no longer yours). */
  server: ResultP2Item[];
  message: string;
}

export const workDraftKey = (owner: string, htNum: number, studentKey: string) => `${WORK_DRAFT_PREFIX}${owner}:${htNum}:${studentKey}`;
const worksListKey = (owner: string, htNum: number) => `${WORKS_LIST_PREFIX}${owner}:${htNum}`;

export function checksOf(items: readonly ResultP2Item[]): Record<string, TaskCheck> {
  return Object.fromEntries(items.map((item) => [String(item.qNumber), { cur_comment: item.teacherComment, ballov: item.userBall, add_comments: item.teacherJson, criteria_ballov: item.criteriaBalls ?? {} }]));
}

function newWork(items: ResultP2Item[], now: number): OfflineWork {
  const first = items[0]!;
  return {
    htNum: first.htNumber,
    studentKey: first.userVkId,
    items,
    checks: checksOf(items),
    fetchedAt: now,
    rev: 0,
    dirty: false,
    queued: null,
    baseVersion: first.workVersion,
  };
}

async function putWork(scope: OfflineScope, work: OfflineWork): Promise<void> {
  await scope.store.drafts.put({ key: workDraftKey(scope.owner, work.htNum, work.studentKey), value: toJsonValue(work), serverVersion: work.baseVersion });
}

const workOf = (record: DraftRecord | null): OfflineWork | null => readStored(offlineWorkSchema, record?.value);

export async function readWork(scope: OfflineScope, htNum: number, studentKey: string): Promise<OfflineWork | null> {
  return workOf(await scope.store.drafts.get(workDraftKey(scope.owner, htNum, studentKey)));
}

/** Works kept on this device, of one homework or all. */
export async function listWorks(scope: OfflineScope, htNum?: number): Promise<OfflineWork[]> {
  const prefix = htNum === undefined ? `${WORK_DRAFT_PREFIX}${scope.owner}:` : workDraftKey(scope.owner, htNum, '');
  const records = await scope.store.drafts.list(prefix);
  // A kept work that no longer reads (an older app's shape) is left on the device, not shown half-read.
  return records.flatMap((record) => workOf(record) ?? []);
}

/** A work is worth checking offline when it is submitted and checked by a curator. */
const awaitsCheck = (row: StudentHomeworkRow) => row.htUserStatusP2 === 'Готово' && row.withCheck === '1';

/** The works list of a homework as last seen online, for the works screen without a connection. */
const worksSnapshotSchema = getHtListForDz.output.extend({ savedAt: z.number() });
export type WorksSnapshot = z.infer<typeof worksSnapshotSchema>;

export async function saveWorksSnapshot(scope: OfflineScope, htNum: number, list: OutputOf<typeof getHtListForDz>, now: number): Promise<void> {
  await scope.store.drafts.put({ key: worksListKey(scope.owner, htNum), value: toJsonValue({ ...list, savedAt: now }) });
}

export async function readWorksSnapshot(scope: OfflineScope, htNum: number): Promise<WorksSnapshot | null> {
  return readStored(worksSnapshotSchema, (await scope.store.drafts.get(worksListKey(scope.owner, htNum)))?.value);
}

export interface DownloadResult {
  /** Works now on this device with a fresh server copy. */
  downloaded: number;
  /** Works left as they were because they hold local edits or a queued action. */
  kept: number;
}

/**
 * Downloads every unchecked work of a homework the curator may check (get_ht_list_for_dz, then
 * get_result_p2 per student). A work with local edits or a waiting action is never replaced.
 */
export async function downloadHomework(call: CallFn, scope: OfflineScope, htNum: number, now: number): Promise<DownloadResult> {
  const list = await call(getHtListForDz, { htNumber: htNum });
  await saveWorksSnapshot(scope, htNum, list, now);
  const result: DownloadResult = { downloaded: 0, kept: 0 };
  for (const row of list.users.filter(awaitsCheck)) {
    const existing = await readWork(scope, htNum, row.userVkId);
    if (existing && (existing.dirty || existing.queued)) {
      result.kept += 1;
      continue;
    }
    const { result: items } = await call(getResultP2, { dzNum: htNum, type: `userVkId:${row.userVkId}`, onlyChecked: '0' });
    if (items.length === 0) continue;
    await putWork(scope, newWork(items, now));
    result.downloaded += 1;
  }
  return result;
}

/** Starts keeping a work opened online (its first edit): from then on every change is a local draft. */
export async function adoptWork(scope: OfflineScope, items: ResultP2Item[], now: number): Promise<OfflineWork> {
  const first = items[0]!;
  const existing = await readWork(scope, first.htNumber, first.userVkId);
  if (existing) return existing;
  const work = newWork(items, now);
  await putWork(scope, work);
  return work;
}

/**
 * Brings a clean local copy (no edits, nothing queued) up to the server's current version when
 * there is a connection: a work checked or returned by someone else since is not shown stale. A
 * work no longer awaiting a check leaves the device. Copies with local edits are left alone: their
 * difference is settled by the conflict check when they are sent. Returns the copy now kept.
 */
export async function refreshCleanWork(call: CallFn, scope: OfflineScope, htNum: number, studentKey: string, now: number): Promise<OfflineWork | null> {
  const work = await readWork(scope, htNum, studentKey);
  if (!work || work.dirty || work.queued) return work;
  const items = await serverCopy(call, htNum, studentKey);
  const current = await readWork(scope, htNum, studentKey);
  // An edit made while we asked the server wins over the refresh.
  if (!current || current.rev !== work.rev || current.queued) return current;
  if (items.length === 0 || items[0]!.htUserStatusP2 !== 'Готово') {
    await scope.store.drafts.delete(workDraftKey(scope.owner, htNum, studentKey));
    return null;
  }
  if (items[0]!.workVersion === work.baseVersion) return work;
  const fresh = newWork(items, now);
  await putWork(scope, fresh);
  return fresh;
}

/** Saves the curator's checks of a work (called on every change). */
export async function saveChecks(scope: OfflineScope, htNum: number, studentKey: string, checks: Record<string, TaskCheck>): Promise<OfflineWork> {
  const work = await readWork(scope, htNum, studentKey);
  if (!work) throw new Error(`Работа ${studentKey} не сохранена на этом устройстве`);
  const next = { ...work, checks, rev: work.rev + 1, dirty: true };
  await putWork(scope, next);
  return next;
}

/** Drops the local copy of a work (its waiting action too). */
export async function forgetWork(scope: OfflineScope, htNum: number, studentKey: string): Promise<void> {
  for (const { entry } of await reviewEntriesOf(scope, htNum, studentKey)) await scope.store.outbox.remove(entry.id);
  await scope.store.drafts.delete(workDraftKey(scope.owner, htNum, studentKey));
}

async function reviewEntriesOf(scope: OfflineScope, htNum: number, studentKey: string): Promise<OwnReview[]> {
  return (await reviews.entries(scope)).filter(({ payload }) => payload.input.dzNum === htNum && payload.input.studentId === studentKey);
}

/**
 * Queues a reviewer action with the current checks. A waiting action of the same work is replaced
 * (the checks are a whole snapshot); a work in conflict takes no new action until it is resolved.
 */
export async function queueReview(scope: OfflineScope, htNum: number, studentKey: string, action: ReviewerAction): Promise<OfflineWork> {
  const work = await readWork(scope, htNum, studentKey);
  if (!work) throw new Error(`Работа ${studentKey} не сохранена на этом устройстве`);
  const entries = await reviewEntriesOf(scope, htNum, studentKey);
  if (entries.some(({ entry }) => entry.status === 'conflict')) throw new Error(CHECK_TEXTS.conflict);
  const input = { action, dzNum: htNum, studentId: studentKey, jsonData: work.checks, baseVersion: work.baseVersion, opId: newOpId() };
  await reviews.replace(scope, { owner: scope.owner, input, rev: work.rev });
  const next = { ...work, queued: action };
  await putWork(scope, next);
  return next;
}

/** After the server took a review: a finished work leaves the device; a saved one continues from the new version. */
async function afterAccepted(call: CallFn, scope: OfflineScope, payload: ReviewPayload, workVersion: string, now: number): Promise<void> {
  const { dzNum, studentId, action } = payload.input;
  const work = await readWork(scope, dzNum, studentId);
  if (!work) return;
  if (action !== 'saveChecking') {
    await scope.store.drafts.delete(workDraftKey(scope.owner, dzNum, studentId));
    return;
  }
  // Edits made after the action was queued stay local (dirty) on top of the new server version.
  const editedSince = work.rev !== payload.rev;
  let items = work.items;
  try {
    items = (await call(getResultP2, { dzNum, type: `userVkId:${studentId}`, onlyChecked: '0' })).result;
  } catch {
    // The refreshed copy is a nicety; the version below is what matters for the next sync.
  }
  // The base stays the version our write produced: a change by someone else after it must still conflict.
  await putWork(scope, { ...work, items, fetchedAt: now, queued: null, dirty: editedSince, baseVersion: workVersion, resolveOp: undefined });
}

/** The server copy of a work, or [] when it cannot be read (not ours any more, deleted). */
async function serverCopy(call: CallFn, htNum: number, studentKey: string): Promise<ResultP2Item[]> {
  try {
    return (await call(getResultP2, { dzNum: htNum, type: `userVkId:${studentKey}`, onlyChecked: '0' })).result;
  } catch (error) {
    if (error instanceof ApiError && error.kind === 'failure') return [];
    throw error;
  }
}

/**
 * Sends one queued review; a refusal by the server (changed work, no longer allowed) becomes a
 * conflict. A review the server took before but whose reply was lost is answered «уже применено»
 * (its operation id) with the version it wrote, and settles like a first send.
 */
async function sendReview(call: CallFn, scope: OfflineScope, payload: ReviewPayload, now: number): Promise<void> {
  let workVersion: string;
  try {
    ({ workVersion } = await call(setResultP2, payload.input));
  } catch (error) {
    if (!(error instanceof ApiError) || error.kind !== 'failure') throw error;
    const server = await serverCopy(call, payload.input.dzNum, payload.input.studentId);
    throw new OutboxConflict(toJsonValue(server), error.message);
  }
  await afterAccepted(call, scope, payload, workVersion, now);
}

/** How queued reviews are sent and shown; `afterSync` comes from the app (its query cache). */
export function reviewHandler(now: () => number = Date.now, afterSync?: () => Promise<void>): OutboxHandler<ReviewPayload, ResultP2Item[]> {
  return {
    kind: reviews,
    send: (call, scope, own) => sendReview(call, scope, own.payload, now()),
    ...(afterSync ? { afterSync } : {}),
    describe: ({ payload: { input } }) => ({
      title: `Проверка ДЗ №${input.dzNum}, работа ученика ${input.studentId}`,
      detail: `«${ruCuratorHomework.actionNames[input.action] ?? 'Проверка'}», заданий проверено: ${Object.keys(input.jsonData).length}`,
      href: paths.HtP2Result(input.dzNum, input.studentId),
      resolve: 'Откройте работу: там ваша проверка рядом с копией на сервере, оставьте свою или серверную.',
    }),
  };
}

/**
 * Sends every waiting review in order. Transport failures stop the sync (retried later, nothing
 * lost); refusals are kept as conflicts. Runs once at a time per store.
 */
export function syncReviews(call: CallFn, scope: OfflineScope, now: () => number = Date.now): Promise<ReplayResult> {
  // Another curator's reviews queued on this device stay for them.
  return replayKind(reviewHandler(now), call, scope);
}

/** Conflicts waiting for the curator's choice, optionally of one homework. */
export async function listConflicts(scope: OfflineScope, htNum?: number): Promise<ReviewConflict[]> {
  return (await reviews.entries(scope))
    .filter(({ entry, payload }) => entry.status === 'conflict' && (htNum === undefined || payload.input.dzNum === htNum))
    .map(({ entry, payload }) => ({
      entryId: entry.id,
      htNum: payload.input.dzNum,
      studentKey: payload.input.studentId,
      action: payload.input.action,
      mine: payload.input.jsonData,
      server: reviews.serverCopy(entry) ?? [],
      message: entry.lastError ?? '',
    }));
}

/** How many reviews wait to be sent (conflicts not counted). */
export async function pendingCount(scope: OfflineScope): Promise<number> {
  return (await reviews.entries(scope)).filter(({ entry }) => entry.status === 'pending').length;
}

export type ConflictChoice = 'mine' | 'server';

/** The id of keeping mine on top of `baseVersion`: the same one as a press before it whose reply was lost. */
async function resolveOpId(scope: OfflineScope, htNum: number, studentKey: string, baseVersion: string): Promise<string> {
  const work = await readWork(scope, htNum, studentKey);
  if (work?.resolveOp?.baseVersion === baseVersion) return work.resolveOp.opId;
  const opId = newOpId();
  if (work) await putWork(scope, { ...work, resolveOp: { baseVersion, opId } });
  return opId;
}

/**
 * Resolves a conflict. 'mine' sends the curator's check again on top of the server version they
 * were shown (if the work changed once more, it stays a conflict with the newer copy; if the server
 * refuses for another reason, the refusal is thrown and the conflict stays). 'server' drops the
 * curator's check and keeps the server copy (still checkable: as a fresh local copy).
 */
export async function resolveConflict(call: CallFn, scope: OfflineScope, entryId: number, choice: ConflictChoice, now: number): Promise<void> {
  const own = (await reviews.entries(scope)).find(({ entry }) => entry.id === entryId);
  if (!own || own.entry.status !== 'conflict') return;
  const { entry, payload } = own;
  const server = reviews.serverCopy(entry) ?? [];
  const { dzNum, studentId } = payload.input;
  if (choice === 'server') {
    await scope.store.outbox.remove(entry.id);
    await scope.store.drafts.delete(workDraftKey(scope.owner, dzNum, studentId));
    if (server.length > 0 && server[0]!.htUserStatusP2 === 'Готово') await putWork(scope, newWork(server, now));
    return;
  }
  if (server.length === 0) throw new Error(entry.lastError ?? CHECK_TEXTS.noWork);
  const baseVersion = server[0]!.workVersion;
  const retry: ReviewPayload = { ...payload, input: { ...payload.input, baseVersion, opId: await resolveOpId(scope, dzNum, studentId, baseVersion) } };
  let workVersion: string;
  try {
    ({ workVersion } = await call(setResultP2, retry.input));
  } catch (error) {
    if (error instanceof ApiError && error.kind === 'failure' && error.body?.conflict === '1') {
      const newer = await serverCopy(call, dzNum, studentId);
      await scope.store.outbox.update(entry.id, { serverVersion: toJsonValue(newer), lastError: error.message, attempts: entry.attempts + 1 });
      return;
    }
    throw error;
  }
  await scope.store.outbox.remove(entry.id);
  await afterAccepted(call, scope, retry, workVersion, now);
}

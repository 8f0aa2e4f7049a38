import 'fake-indexeddb/auto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { account, curatorHomework } from '@shared/contract';
import { CHECK_TEXTS as T, type TaskCheck } from '@shared/contract/curator-homework';
import { openOfflineCache, type OfflineCache } from '../../../../../main/cache/offline-cache';
import { createInProcessDesktop } from '../../../../../main/testing/in-process-desktop';
import { startTestServer, testDialects, type TestServer } from '../../../../../../tests/helpers/server';
import { ApiError, createApiClient } from '../../../lib/api-client';
import { createDesktopStore } from '../../../lib/offline-store/desktop-store';
import { createIndexedDbStore } from '../../../lib/offline-store/indexeddb-store';
import type { OfflineStore } from '../../../lib/offline-store/types';
import {
  downloadHomework,
  forgetWork,
  listConflicts,
  listWorks,
  pendingCount,
  queueReview,
  readWork,
  refreshCleanWork,
  resolveConflict,
  saveChecks,
  syncReviews,
  type CallFn,
  type OfflineScope,
} from './offline-checks';

// Offline checking end to end in plain Node: the real server (SQLite and PostgreSQL), the real
// API client (signing, envelope) and both offline stores the app uses (IndexedDB in the browser,
// the desktop's IPC → SQLite cache).

const HT = 3; // seeded: egor, sofia and maxim submitted part 2 ('Готово'), two tasks of max 3.
const check = (ballov: number, comment = ''): TaskCheck => ({ cur_comment: comment, ballov, add_comments: {}, criteria_ballov: {} });

type StoreKind = 'indexeddb' | 'desktop';
const stores: StoreKind[] = ['indexeddb', 'desktop'];
const cases = testDialects.flatMap((dialect) => stores.map((store) => [dialect, store] as const));

describe.each(cases)('offline checking on %s with the %s store', (dialect, storeKind) => {
  let server: TestServer;
  let store: OfflineStore;
  /** The curator's data on this device. */
  let scope: OfflineScope;
  let cache: OfflineCache | undefined;
  let dir: string | undefined;
  let call: CallFn;
  /** While true every call fails like a dropped connection. */
  let offline = false;
  /** The next call to this path reaches the server, and its reply is lost on the way back. */
  let loseReplyOf: string | null = null;
  const db = () => server.server.services.db;
  const key = async (login: string) => {
    const row = await db().selectFrom('users').select(['id', 'vk_id']).where('login', '=', login).executeTakeFirstOrThrow();
    return row.vk_id ?? `id${row.id}`;
  };
  const work = async (login: string) => {
    const user = await db().selectFrom('users').select('id').where('login', '=', login).executeTakeFirstOrThrow();
    const row = await db().selectFrom('user_homeworks').select(['status_p2', 'points_p2']).where('user_id', '=', user.id).where('ht_num', '=', HT).where('is_dop', '=', 0).executeTakeFirstOrThrow();
    const answers = await db().selectFrom('homework_answers_p2').select(['q_number', 'points', 'teacher_comment']).where('user_id', '=', user.id).where('ht_num', '=', HT).orderBy('q_number').execute();
    return { ...row, answers };
  };

  beforeAll(async () => {
    server = await startTestServer({ dialect });
    if (storeKind === 'indexeddb') {
      store = createIndexedDbStore({ name: `enot-offline-checks-${dialect}` });
    } else {
      dir = mkdtempSync(join(tmpdir(), 'enot-offline-checks-'));
      cache = openOfflineCache(join(dir, 'cache.sqlite'));
      store = createDesktopStore(createInProcessDesktop(cache));
    }
    const signedIn = await server.signIn('curator');
    const client = createApiClient({
      baseUrl: () => server.url,
      session: () => signedIn.session!,
      onSignedOut: () => undefined,
      notify: () => undefined,
      clientName: 'enot-tests',
      fetch: async (input, init) => {
        if (offline) throw new TypeError('Failed to fetch');
        const response = await fetch(input, init);
        if (loseReplyOf !== null && String(input).includes(loseReplyOf)) {
          loseReplyOf = null;
          await response.arrayBuffer();
          throw new TypeError('Failed to fetch');
        }
        return response;
      },
    });
    call = (contract, input) => client.call(contract, input, { handleErrors: true });
    // The owner is the key get_user_info gives the signed-in curator.
    scope = { store, owner: (await call(account.getUserInfo, {})).userInfo.userKey };
    expect(scope.owner).toMatch(/^(id\d+|\d+)$/);
  });
  afterAll(async () => {
    cache?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
    await server.close();
  });

  it('downloads the unchecked works, checks them offline and syncs without conflicts', async () => {
    const downloaded = await downloadHomework(call, scope, HT, Date.now());
    expect(downloaded).toEqual({ downloaded: 3, kept: 0 });
    expect((await listWorks(scope, HT)).map((item) => item.studentKey).sort()).toEqual([await key('egor'), await key('sofia'), await key('maxim')].sort());

    offline = true;
    const egor = await key('egor');
    const sofia = await key('sofia');
    await saveChecks(scope, HT, egor, { '1': check(2, 'Третий пример не раскрыт'), '2': check(1) });
    await saveChecks(scope, HT, egor, { '1': check(2, 'Третий пример не раскрыт'), '2': check(3, 'Хорошо') }); // every change is a draft
    await queueReview(scope, HT, egor, 'endChecking');
    await saveChecks(scope, HT, sofia, { '1': check(1, 'Нет второго аргумента') });
    await queueReview(scope, HT, sofia, 'saveChecking');
    expect(await pendingCount(scope)).toBe(2);

    // No connection: the sync stops at once and keeps everything queued.
    const stopped = await syncReviews(call, scope);
    expect(stopped).toMatchObject({ sent: 0, conflicts: 0, stopped: true });
    expect(stopped.error).toBeInstanceOf(ApiError);
    expect(await pendingCount(scope)).toBe(2);
    expect((await readWork(scope, HT, egor))?.checks['2']).toEqual(check(3, 'Хорошо'));

    offline = false;
    expect(await syncReviews(call, scope)).toMatchObject({ sent: 2, conflicts: 0, stopped: false });
    expect(await work('egor')).toMatchObject({ status_p2: 'Проверен', points_p2: 5 });
    expect((await work('egor')).answers.map((answer) => answer.teacher_comment)).toEqual(['Третий пример не раскрыт', 'Хорошо']);
    expect(await work('sofia')).toMatchObject({ status_p2: 'Готово' });
    expect((await work('sofia')).answers[0]).toMatchObject({ points: 1, teacher_comment: 'Нет второго аргумента' });
    // The finished work leaves the device; the saved one continues from the new server version.
    expect(await readWork(scope, HT, egor)).toBeNull();
    expect(await readWork(scope, HT, sofia)).toMatchObject({ dirty: false, queued: null });
    expect(await pendingCount(scope)).toBe(0);

    // A second save of sofia on top of the synced version is no conflict either.
    await saveChecks(scope, HT, sofia, { '1': check(2, 'Исправлено'), '2': check(3) });
    await queueReview(scope, HT, sofia, 'saveChecking');
    expect(await syncReviews(call, scope)).toMatchObject({ sent: 1, conflicts: 0 });
    expect((await work('sofia')).answers.map((answer) => answer.points)).toEqual([2, 3]);
  });

  it('keeps local edits when downloading again', async () => {
    const maxim = await key('maxim');
    await saveChecks(scope, HT, maxim, { '1': check(1, 'черновик') });
    expect(await downloadHomework(call, scope, HT, Date.now())).toMatchObject({ kept: 1 });
    expect((await readWork(scope, HT, maxim))?.checks['1']).toEqual(check(1, 'черновик'));
  });

  it('brings a clean copy up to the server version, leaves an edited one alone', async () => {
    const sofia = await key('sofia');
    const before = (await readWork(scope, HT, sofia))!;
    expect(before).toMatchObject({ dirty: false, queued: null });
    expect(await refreshCleanWork(call, scope, HT, sofia, Date.now())).toEqual(before); // nothing changed
    const admin = await server.signIn('admin');
    await admin.call(curatorHomework.setResultP2, { action: 'saveChecking', dzNum: HT, studentId: sofia, jsonData: { '2': check(1, 'Админ') } });
    const fresh = await refreshCleanWork(call, scope, HT, sofia, Date.now());
    expect(fresh!.baseVersion).not.toBe(before.baseVersion);
    // Scored as a whole on a one-criterion task: the server keeps the score as К1 too.
    expect(fresh!.checks['2']).toEqual({ ...check(1, 'Админ'), criteria_ballov: { '1': 1 } });
    // An edited copy is not replaced: its difference is for the conflict check to show.
    await saveChecks(scope, HT, sofia, { ...fresh!.checks, '2': check(3, 'Моё') });
    await admin.call(curatorHomework.setResultP2, { action: 'saveChecking', dzNum: HT, studentId: sofia, jsonData: { '2': check(2, 'Админ 2') } });
    expect((await refreshCleanWork(call, scope, HT, sofia, Date.now()))!.checks['2']).toEqual(check(3, 'Моё'));
    // Back to a clean copy for the next case.
    await forgetWork(scope, HT, sofia);
    expect(await downloadHomework(call, scope, HT, Date.now())).toMatchObject({ downloaded: 1 });
  });

  it('settles a review whose reply was lost on the next sync, without a conflict with itself (issue 29)', async () => {
    const sofia = await key('sofia');
    await saveChecks(scope, HT, sofia, { '1': check(2, 'Ответ потерялся'), '2': check(2) });
    await queueReview(scope, HT, sofia, 'saveChecking');
    loseReplyOf = curatorHomework.setResultP2.path;
    expect(await syncReviews(call, scope)).toMatchObject({ sent: 0, conflicts: 0, stopped: true });
    // The server took it; the device does not know and keeps it queued.
    expect((await work('sofia')).answers[0]).toMatchObject({ points: 2, teacher_comment: 'Ответ потерялся' });
    expect(await pendingCount(scope)).toBe(1);
    const applied = await db().selectFrom('applied_ops').select('op_id').execute();

    expect(await syncReviews(call, scope)).toMatchObject({ sent: 1, conflicts: 0, stopped: false });
    expect(await listConflicts(scope)).toEqual([]);
    expect(await db().selectFrom('applied_ops').select('op_id').execute()).toEqual(applied); // not applied again
    const settled = (await readWork(scope, HT, sofia))!;
    expect(settled).toMatchObject({ dirty: false, queued: null });
    // The copy continues from the version the first send wrote: a next save is no conflict either.
    await saveChecks(scope, HT, sofia, { '1': check(3, 'Дальше'), '2': check(2) });
    await queueReview(scope, HT, sofia, 'saveChecking');
    expect(await syncReviews(call, scope)).toMatchObject({ sent: 1, conflicts: 0 });

    // A real change on the server is still a conflict; keeping mine whose reply is lost settles on the next press.
    const admin = await server.signIn('admin');
    await saveChecks(scope, HT, sofia, { '1': check(1, 'Моя проверка'), '2': check(2) });
    await queueReview(scope, HT, sofia, 'saveChecking');
    await admin.call(curatorHomework.setResultP2, { action: 'saveChecking', dzNum: HT, studentId: sofia, jsonData: { '1': check(0, 'Админ') } });
    expect(await syncReviews(call, scope)).toMatchObject({ conflicts: 1 });
    const [conflict] = await listConflicts(scope, HT);
    loseReplyOf = curatorHomework.setResultP2.path;
    await expect(resolveConflict(call, scope, conflict!.entryId, 'mine', Date.now())).rejects.toBeInstanceOf(ApiError);
    expect((await work('sofia')).answers[0]).toMatchObject({ points: 1, teacher_comment: 'Моя проверка' });
    await resolveConflict(call, scope, conflict!.entryId, 'mine', Date.now());
    expect(await listConflicts(scope)).toEqual([]);
    expect(await readWork(scope, HT, sofia)).toMatchObject({ dirty: false, queued: null });
    expect(await pendingCount(scope)).toBe(0);
  });

  it('shows a conflict when the work changed on the server, and keeps the curator’s check on request', async () => {
    const maxim = await key('maxim');
    offline = true;
    await saveChecks(scope, HT, maxim, { '1': check(3, 'Куратор офлайн'), '2': check(2) });
    await queueReview(scope, HT, maxim, 'endChecking');
    // Meanwhile an admin checks the same work online.
    const admin = await server.signIn('admin');
    await admin.call(curatorHomework.setResultP2, { action: 'saveChecking', dzNum: HT, studentId: maxim, jsonData: { '1': check(0, 'Админ: не по теме') } });

    offline = false;
    expect(await syncReviews(call, scope)).toMatchObject({ sent: 0, conflicts: 1 });
    expect(await work('maxim')).toMatchObject({ status_p2: 'Готово' });
    expect((await work('maxim')).answers[0]).toMatchObject({ points: 0, teacher_comment: 'Админ: не по теме' }); // not overwritten
    const [conflict] = await listConflicts(scope, HT);
    expect(conflict).toMatchObject({ studentKey: maxim, action: 'endChecking', message: T.conflict });
    expect(conflict!.mine['1']).toEqual(check(3, 'Куратор офлайн'));
    expect(conflict!.server.find((item) => item.qNumber === 1)).toMatchObject({ userBall: 0, teacherComment: 'Админ: не по теме' });
    // A conflict is not replayed and takes no new action until resolved.
    expect(await syncReviews(call, scope)).toMatchObject({ sent: 0, conflicts: 0 });
    await expect(queueReview(scope, HT, maxim, 'saveChecking')).rejects.toThrow(T.conflict);

    await resolveConflict(call, scope, conflict!.entryId, 'mine', Date.now());
    expect(await listConflicts(scope)).toEqual([]);
    expect(await work('maxim')).toMatchObject({ status_p2: 'Проверен', points_p2: 5 });
    expect((await work('maxim')).answers[0]).toMatchObject({ points: 3, teacher_comment: 'Куратор офлайн' });
    expect(await readWork(scope, HT, maxim)).toBeNull();
  });

  it('keeps the server’s version on request: a returned work leaves the device', async () => {
    const sofia = await key('sofia');
    await saveChecks(scope, HT, sofia, { '1': check(1, 'Офлайн'), '2': check(1) });
    await queueReview(scope, HT, sofia, 'saveChecking');
    const admin = await server.signIn('admin');
    await admin.call(curatorHomework.setResultP2, { action: 'return', dzNum: HT, studentId: sofia });

    expect(await syncReviews(call, scope)).toMatchObject({ conflicts: 1 });
    const [conflict] = await listConflicts(scope, HT);
    expect(conflict!.server[0]!.htUserStatusP2).toBe('Выполняется');
    // Keeping mine is refused by the server (the work is back with the student); the conflict stays.
    await expect(resolveConflict(call, scope, conflict!.entryId, 'mine', Date.now())).rejects.toThrow(T.notSubmitted);
    expect(await listConflicts(scope)).toHaveLength(1);

    await resolveConflict(call, scope, conflict!.entryId, 'server', Date.now());
    expect(await listConflicts(scope)).toEqual([]);
    expect(await pendingCount(scope)).toBe(0);
    expect(await readWork(scope, HT, sofia)).toBeNull();
    expect(await work('sofia')).toMatchObject({ status_p2: 'Выполняется' });
  });

  it('keeps each signed-in user’s offline checks to themselves on a shared device', async () => {
    const egor = await key('egor');
    // Egor's work is checked by now; re-queue a check under the curator to have something waiting.
    await store.drafts.put({ key: `curator-check-p2:${scope.owner}:${HT}:${egor}`, value: { htNum: HT, studentKey: egor, items: [], checks: {}, fetchedAt: 0, rev: 0, dirty: true, queued: null, baseVersion: '0' } });
    await queueReview(scope, HT, egor, 'saveChecking');
    const adminClient = await server.signIn('admin');
    const other: OfflineScope = { store, owner: `id${(await db().selectFrom('users').select('id').where('login', '=', 'admin').executeTakeFirstOrThrow()).id}` };
    const adminCall: CallFn = (contract, input) => adminClient.call(contract, input as never) as never;
    // The admin on the same device sees none of it and sends none of it.
    expect(await listWorks(other)).toEqual([]);
    expect(await pendingCount(other)).toBe(0);
    expect(await listConflicts(other)).toEqual([]);
    expect(await syncReviews(adminCall, other)).toMatchObject({ sent: 0, conflicts: 0 });
    expect(await pendingCount(scope)).toBe(1);
    await forgetWork(scope, HT, egor);
    expect(await pendingCount(scope)).toBe(0);
  });
});

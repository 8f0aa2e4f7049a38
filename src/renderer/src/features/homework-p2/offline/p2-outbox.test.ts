import 'fake-indexeddb/auto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { account, homeworkP2 } from '@shared/contract';
import { P2_TEXTS } from '@shared/contract/homework-p2';
import { openOfflineCache, type OfflineCache } from '../../../../../main/cache/offline-cache';
import { createInProcessDesktop } from '../../../../../main/testing/in-process-desktop';
import type { TestClient } from '../../../../../../tests/helpers/client';
import { startTestServer, testDialects, type TestServer } from '../../../../../../tests/helpers/server';
import { ApiError, createApiClient } from '../../../lib/api-client';
import { newOpId } from '../../../lib/op-id';
import { createDesktopStore } from '../../../lib/offline-store/desktop-store';
import { createIndexedDbStore } from '../../../lib/offline-store/indexeddb-store';
import type { OfflineStore } from '../../../lib/offline-store/types';
import {
  listP2Conflicts,
  P2_SAVE_KIND,
  pendingP2Count,
  pendingP2Save,
  queueP2Save,
  resolveP2Conflict,
  settleP2Saves,
  syncP2Saves,
  type CallFn,
  type SaveInput,
  type StudentScope,
} from './p2-outbox';

// Part 2 answers saved without a connection, end to end in plain Node: the real server (SQLite and
// PostgreSQL), the real API client and both offline stores the app uses (IndexedDB in the browser,
// the desktop's IPC → SQLite cache). Homework 3 of the demo seed is timed, two questions.

const HT = 3;
const TAB = 'Laptop';
const PHONE_TAB = 'Phone1';

type StoreKind = 'indexeddb' | 'desktop';
const cases = testDialects.flatMap((dialect) => (['indexeddb', 'desktop'] as StoreKind[]).map((store) => [dialect, store] as const));

describe.each(cases)('part 2 saved offline on %s with the %s store', (dialect, storeKind) => {
  let server: TestServer;
  let store: OfflineStore;
  let scope: StudentScope;
  let cache: OfflineCache | undefined;
  let dir: string | undefined;
  let call: CallFn;
  let phone: TestClient;
  /** While true every call fails like a dropped connection. */
  let offline = false;
  /** The next call to this path reaches the server, and its reply is lost on the way back. */
  let loseReplyOf: string | null = null;
  /** Paths of the calls that reached the server, in order. */
  let sent: string[] = [];
  let login = '';

  const saved = async (q: number) => {
    const db = server.server.services.db;
    const row = await db
      .selectFrom('homework_answers_p2')
      .innerJoin('users', 'users.id', 'homework_answers_p2.user_id')
      .select('user_answer')
      .where('users.login', '=', login)
      .where('ht_num', '=', HT)
      .where('q_number', '=', q)
      .executeTakeFirst();
    return row?.user_answer ?? '';
  };
  const input = (texts: Record<number, string>, extra: Partial<SaveInput> = {}): SaveInput => ({
    htNum: HT,
    isDopPart: '0',
    questions: Object.entries(texts).map(([q, text]) => ({ q_number: Number(q), user_answer: text })),
    forceSave: '0',
    markSave: TAB,
    opId: newOpId(),
    ...extra,
  });

  beforeAll(async () => {
    server = await startTestServer({ dialect });
    if (storeKind === 'indexeddb') {
      store = createIndexedDbStore({ name: `enot-p2-outbox-${dialect}` });
    } else {
      dir = mkdtempSync(join(tmpdir(), 'enot-p2-outbox-'));
      cache = openOfflineCache(join(dir, 'cache.sqlite'));
      store = createDesktopStore(createInProcessDesktop(cache));
    }
  });
  afterAll(async () => {
    cache?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
    await server.close();
  });

  /** Each test starts from homework 3 untouched: the student's work on it is removed first. */
  beforeEach(async () => {
    const db = server.server.services.db;
    const user = await db.selectFrom('users').select('id').where('login', '=', 'student').executeTakeFirstOrThrow();
    await db.deleteFrom('homework_answers_p2').where('user_id', '=', user.id).where('ht_num', '=', HT).execute();
    await db.deleteFrom('user_homeworks').where('user_id', '=', user.id).where('ht_num', '=', HT).execute();
    for (const entry of await store.outbox.list()) await store.outbox.remove(entry.id);
    offline = false;
    loseReplyOf = null;
    sent = [];
    login = 'student';
    const signedIn = await server.signIn(login);
    const client = createApiClient({
      baseUrl: () => server.url,
      session: () => signedIn.session!,
      onSignedOut: () => undefined,
      notify: () => undefined,
      clientName: 'enot-tests',
      fetch: async (url, init) => {
        if (offline) throw new TypeError('Failed to fetch');
        sent.push(String(url));
        const response = await fetch(url, init);
        if (loseReplyOf !== null && String(url).includes(loseReplyOf)) {
          loseReplyOf = null;
          await response.arrayBuffer();
          throw new TypeError('Failed to fetch');
        }
        return response;
      },
    });
    call = (contract, callInput) => client.call(contract, callInput, { handleErrors: true });
    scope = { store, owner: (await call(account.getUserInfo, {})).userInfo.userKey };
    phone = await server.signIn(login);
  });

  /** Opens and starts homework 3 on the laptop. */
  const startOnLaptop = async () => {
    const work = await call(homeworkP2.getHtP2Camel, { htNum: HT, markSave: TAB, startButtonPressed: '1' });
    return work.htStatusP2 === 'Выполняется';
  };

  it('keeps a save made without a connection and sends it, with its operation id, when the connection returns', async () => {
    expect(await startOnLaptop()).toBe(true);
    offline = true;
    await queueP2Save(scope, input({ 1: 'Первый вариант' }), { 1: '' });
    // A newer save of the same homework replaces the waiting one (the answers are a whole snapshot).
    const latest = input({ 1: 'Ответ без связи', 2: 'Второй ответ' });
    await queueP2Save(scope, latest, { 1: '', 2: '' });
    expect(await pendingP2Count(scope)).toBe(1);
    expect((await pendingP2Save(scope, HT, '0'))?.input.opId).toBe(latest.opId);

    const stopped = await syncP2Saves(call, scope);
    expect(stopped).toMatchObject({ sent: 0, conflicts: 0, stopped: true });
    expect(stopped.error).toBeInstanceOf(ApiError);
    expect(await pendingP2Count(scope)).toBe(1);

    offline = false;
    const settledSaves: string[] = [];
    expect(await syncP2Saves(call, scope, { onSent: (save) => void settledSaves.push(save.input.opId) })).toMatchObject({ sent: 1, conflicts: 0, stopped: false });
    expect(settledSaves).toEqual([latest.opId]);
    expect([await saved(1), await saved(2)]).toEqual(['Ответ без связи', 'Второй ответ']);
    expect(await store.outbox.list()).toEqual([]);
  });

  it('settles a save whose reply was lost without a conflict, even after another device took the work', async () => {
    expect(await startOnLaptop()).toBe(true);
    await queueP2Save(scope, input({ 1: 'Дошло, но ответ потерян' }), { 1: '' });
    loseReplyOf = 'save_ht_p2_new.php';
    expect(await syncP2Saves(call, scope)).toMatchObject({ sent: 0, stopped: true });
    expect(await saved(1)).toBe('Дошло, но ответ потерян');
    // The phone opens the work: a new save from the laptop would be answered '22'.
    await phone.call(homeworkP2.getHtP2Camel, { htNum: HT, markSave: PHONE_TAB });
    expect(await syncP2Saves(call, scope)).toMatchObject({ sent: 1, conflicts: 0 });
    expect(await listP2Conflicts(scope)).toEqual([]);
    expect(await store.outbox.list()).toEqual([]);
  });

  it('keeps a refused save as a conflict with both texts, task by task, until the student chooses', async () => {
    expect(await startOnLaptop()).toBe(true);
    offline = true;
    await queueP2Save(scope, input({ 1: 'Мой текст с ноутбука', 2: 'Общий текст' }), { 1: '', 2: '' });
    // Meanwhile the phone writes another text.
    await phone.call(homeworkP2.getHtP2Camel, { htNum: HT, markSave: PHONE_TAB });
    await phone.call(homeworkP2.saveHtP2New, { htNum: HT, questions: [{ q_number: 1, user_answer: 'Текст с телефона' }, { q_number: 2, user_answer: 'Общий текст' }], markSave: PHONE_TAB });
    offline = false;
    expect(await syncP2Saves(call, scope)).toMatchObject({ sent: 0, conflicts: 1, stopped: false });
    // Nothing overwritten on the server.
    expect(await saved(1)).toBe('Текст с телефона');

    const [conflict] = await listP2Conflicts(scope, HT, '0');
    expect(conflict).toMatchObject({ htNum: HT, dop: '0', tab: TAB, message: P2_TEXTS.otherDevice, status: 'Выполняется', canKeepMine: true });
    expect(conflict!.tasks).toEqual([
      { q: '1', task: expect.any(Number), mine: 'Мой текст с ноутбука', server: 'Текст с телефона', differs: true },
      { q: '2', task: expect.any(Number), mine: 'Общий текст', server: 'Общий текст', differs: false },
    ]);

    // Typed on while the conflict waits: the newer save joins it instead of being sent over it.
    await queueP2Save(scope, input({ 1: 'Мой текст с ноутбука, дописанный', 2: 'Общий текст' }), { 1: '', 2: '' });
    sent = [];
    expect(await syncP2Saves(call, scope)).toMatchObject({ sent: 0, conflicts: 1 });
    expect(sent.filter((url) => url.includes('save_ht_p2_new'))).toEqual([]);
    expect((await listP2Conflicts(scope))[0]!.tasks[0]!.mine).toBe('Мой текст с ноутбука, дописанный');

    // «Оставить мой»: saved over the phone's text (forced: the student has seen it).
    await resolveP2Conflict(call, scope, HT, '0', { '1': 'mine' });
    expect(await saved(1)).toBe('Мой текст с ноутбука, дописанный');
    expect(await store.outbox.list()).toEqual([]);
  });

  it('a work submitted meanwhile can only keep the server texts; the choice drops the device copy only when made', async () => {
    expect(await startOnLaptop()).toBe(true);
    await call(homeworkP2.saveHtP2New, { htNum: HT, questions: [{ q_number: 1, user_answer: 'Сохранено до отправки' }, { q_number: 2, user_answer: 'Второй' }], markSave: TAB });
    offline = true;
    await queueP2Save(scope, input({ 1: 'Дописано без связи', 2: 'Второй' }), { 1: 'Сохранено до отправки', 2: 'Второй' });
    await phone.call(homeworkP2.endHtP2, { htNum: HT });
    offline = false;
    expect(await syncP2Saves(call, scope)).toMatchObject({ conflicts: 1 });
    const [conflict] = await listP2Conflicts(scope);
    expect(conflict).toMatchObject({ message: P2_TEXTS.notEditable, canKeepMine: false });
    expect(conflict!.tasks[0]).toMatchObject({ mine: 'Дописано без связи', server: 'Сохранено до отправки', differs: true });
    // «Оставить мой» is refused by the server: the conflict stays, nothing is lost.
    await expect(resolveP2Conflict(call, scope, HT, '0', { '1': 'mine' })).rejects.toThrow(P2_TEXTS.notEditable);
    expect(await listP2Conflicts(scope)).toHaveLength(1);
    await resolveP2Conflict(call, scope, HT, '0', { '1': 'server', '2': 'server' });
    expect(await store.outbox.list()).toEqual([]);
    expect(await saved(1)).toBe('Сохранено до отправки');
  });

  it('a refusal whose texts the server already holds settles quietly; other students and other changes wait untouched', async () => {
    expect(await startOnLaptop()).toBe(true);
    offline = true;
    await queueP2Save(scope, input({ 1: 'Одинаковый текст' }), { 1: '' });
    const stranger: StudentScope = { store, owner: 'id999999' };
    await queueP2Save(stranger, input({ 1: 'Чужой ответ' }), { 1: '' });
    await store.outbox.enqueue({ kind: '/app/api/other.php', payload: 1 });
    // The phone takes the work and saves the very same text.
    await phone.call(homeworkP2.getHtP2Camel, { htNum: HT, markSave: PHONE_TAB });
    await phone.call(homeworkP2.saveHtP2New, { htNum: HT, questions: [{ q_number: 1, user_answer: 'Одинаковый текст' }], markSave: PHONE_TAB });
    offline = false;
    expect(await syncP2Saves(call, scope)).toMatchObject({ sent: 1, conflicts: 0 });
    const left = await store.outbox.list();
    expect(left.map((entry) => entry.kind)).toEqual([P2_SAVE_KIND, '/app/api/other.php']);
    expect(left.every((entry) => entry.status === 'pending')).toBe(true);
    expect(await pendingP2Count(scope)).toBe(0);
    expect(await pendingP2Count(stranger)).toBe(1);
  });

  it('a save taken by the server directly makes the waiting older copy obsolete; an open form’s homework is left to it', async () => {
    expect(await startOnLaptop()).toBe(true);
    await queueP2Save(scope, input({ 1: 'Старый' }), { 1: '' });
    expect(await syncP2Saves(call, scope, { skip: (htNum) => htNum === HT })).toMatchObject({ sent: 0, stopped: false });
    expect(await pendingP2Count(scope)).toBe(1);
    await settleP2Saves(scope, HT, '0');
    expect(await pendingP2Count(scope)).toBe(0);
  });
});

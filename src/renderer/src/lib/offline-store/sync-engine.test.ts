import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createIndexedDbStore } from './indexeddb-store';
import { OutboxConflict } from './outbox';
import { onOutboxChange } from './outbox-changes';
import { defineOutboxKind } from './outbox-kind';
import { readOutboxStatus } from './outbox-status';
import type { CallFn, OwnerScope } from './owner-scope';
import { hasPendingOutbox, registerOutboxHandler, syncOutbox } from './sync-engine';
import type { OfflineStore } from './types';

// The signed-in user, as the app's ownerScope() would find them.
const signedIn = vi.hoisted(() => ({ scope: null as OwnerScope | null }));
vi.mock('./owner-scope', () => ({ ownerScope: async () => signedIn.scope, callApi: () => Promise.reject(new Error('не в тесте')) }));

const call: CallFn = () => Promise.reject(new Error('не используется'));

const notes = defineOutboxKind('note', z.object({ owner: z.string(), page: z.number(), text: z.string() }), z.object({ text: z.string() }), ({ page }) => String(page));
const answers = defineOutboxKind('answer', z.object({ owner: z.string(), question: z.number(), text: z.string() }), z.string(), ({ question }) => String(question));

let store: OfflineStore;
let anna: OwnerScope;
let counter = 0;
/** What each kind's send saw, and how it answers: 'ok', a conflict, or a dropped connection. */
let sent: string[];
let answerOf: (text: string) => 'ok' | 'conflict' | 'offline';
let held: Set<number>;
let afterSync: string[];

beforeEach(() => {
  store = createIndexedDbStore({ name: `enot-sync-engine-${++counter}` });
  anna = { store, owner: 'anna' };
  signedIn.scope = anna;
  sent = [];
  answerOf = () => 'ok';
  held = new Set();
  afterSync = [];
});

const send = async (text: string) => {
  const answer = answerOf(text);
  if (answer === 'offline') throw new TypeError('Failed to fetch');
  if (answer === 'conflict') throw new OutboxConflict({ text: `сервер: ${text}` }, 'Изменено на другом устройстве');
  sent.push(text);
};

registerOutboxHandler({
  kind: notes,
  send: (_call, _scope, { payload }) => send(payload.text),
  holds: (payload) => held.has(payload.page),
  afterSync: () => void afterSync.push('note'),
  describe: ({ payload }) => ({ title: `Страница ${payload.page}`, detail: payload.text, href: `/page/${payload.page}`, resolve: 'Выберите версию.' }),
});
registerOutboxHandler({
  kind: answers,
  send: (_call, _scope, { payload }) => send(payload.text),
  describe: ({ payload }) => ({ title: `Вопрос ${payload.question}`, detail: payload.text, href: `/q/${payload.question}`, resolve: 'Посмотрите ответ.' }),
});

const left = async () => (await store.outbox.list()).map((entry) => `${entry.kind}:${String((entry.payload as { text: string }).text)}:${entry.status}`);

describe('the one outbox sender', () => {
  it('sends every registered kind of the signed-in user in queue order and leaves the rest', async () => {
    await notes.enqueue(anna, { owner: 'anna', page: 1, text: 'н1' });
    await answers.enqueue(anna, { owner: 'anna', question: 1, text: 'о1' });
    await notes.enqueue({ store, owner: 'boris' }, { owner: 'boris', page: 1, text: 'чужая' });
    await store.outbox.enqueue({ kind: 'unknown', payload: { owner: 'anna', text: 'неизвестный вид' } });
    await notes.enqueue(anna, { owner: 'anna', page: 2, text: 'н2' });
    expect(await hasPendingOutbox()).toBe(true);

    const results = await syncOutbox(call);
    expect(sent.filter((text) => text.startsWith('н'))).toEqual(['н1', 'н2']);
    expect(sent).toContain('о1');
    expect(results.get('note')).toEqual({ sent: 2, conflicts: 0, stopped: false });
    expect(results.get('answer')).toEqual({ sent: 1, conflicts: 0, stopped: false });
    expect(afterSync).toEqual(['note']);
    expect(await left()).toEqual(['note:чужая:pending', 'unknown:неизвестный вид:pending']);
    expect(await hasPendingOutbox()).toBe(false);
  });

  it('keeps a refusal as a conflict and goes on; a dropped connection stops only its own kind', async () => {
    await notes.enqueue(anna, { owner: 'anna', page: 1, text: 'отказ' });
    await answers.enqueue(anna, { owner: 'anna', question: 1, text: 'без связи' });
    await notes.enqueue(anna, { owner: 'anna', page: 2, text: 'дошла' });
    await answers.enqueue(anna, { owner: 'anna', question: 2, text: 'ждёт' });
    answerOf = (text) => (text === 'отказ' ? 'conflict' : text === 'без связи' ? 'offline' : 'ok');

    const results = await syncOutbox(call);
    expect(results.get('note')).toEqual({ sent: 1, conflicts: 1, stopped: false });
    expect(results.get('answer')).toMatchObject({ sent: 0, stopped: true });
    expect(await left()).toEqual(['note:отказ:conflict', 'answer:без связи:pending', 'answer:ждёт:pending']);
    const [conflict] = await store.outbox.list();
    expect(notes.serverCopy(conflict!)).toEqual({ text: 'сервер: отказ' });

    // A conflict waits for the user: later syncs leave it and send the rest in order.
    answerOf = () => 'ok';
    await syncOutbox(call);
    expect(sent).toEqual(['дошла', 'без связи', 'ждёт']);
    expect(await left()).toEqual(['note:отказ:conflict']);
  });

  it('leaves entries held by an open form', async () => {
    await notes.enqueue(anna, { owner: 'anna', page: 1, text: 'форма открыта' });
    await notes.enqueue(anna, { owner: 'anna', page: 2, text: 'отправится' });
    held.add(1);
    expect(await syncOutbox(call)).toEqual(new Map([['note', { sent: 1, conflicts: 0, stopped: false }], ['answer', { sent: 0, conflicts: 0, stopped: false }]]));
    expect(await left()).toEqual(['note:форма открыта:pending']);
  });

  it('sends nothing when nobody is signed in', async () => {
    await notes.enqueue(anna, { owner: 'anna', page: 1, text: 'ждёт входа' });
    signedIn.scope = null;
    expect(await syncOutbox(call)).toEqual(new Map());
    expect(await hasPendingOutbox()).toBe(false);
    expect(await left()).toEqual(['note:ждёт входа:pending']);
  });
});

describe('replacing a queued change', () => {
  it('is one store operation: the newer change of a thing takes the waiting one’s place, last in the queue', async () => {
    await notes.replace(anna, { owner: 'anna', page: 1, text: 'первая' });
    await notes.replace(anna, { owner: 'anna', page: 2, text: 'другая страница' });
    await notes.replace({ store, owner: 'boris' }, { owner: 'boris', page: 1, text: 'чужая' });
    const seen: number[] = [];
    await Promise.all([notes.replace(anna, { owner: 'anna', page: 1, text: 'вторая' }), store.outbox.list().then((entries) => seen.push(entries.length))]);
    expect(seen).toEqual([3]);
    expect(await left()).toEqual(['note:другая страница:pending', 'note:чужая:pending', 'note:вторая:pending']);
  });

  it('leaves exactly one entry after two racing replacements', async () => {
    await notes.replace(anna, { owner: 'anna', page: 1, text: 'старая' });
    await Promise.all([notes.replace(anna, { owner: 'anna', page: 1, text: 'А' }), notes.replace(anna, { owner: 'anna', page: 1, text: 'Б' })]);
    const entries = await left();
    expect(entries).toHaveLength(1);
    expect(['note:А:pending', 'note:Б:pending']).toContain(entries[0]);
  });

  it('keeps a conflict of the same thing next to the newer change', async () => {
    await notes.replace(anna, { owner: 'anna', page: 1, text: 'отказ' });
    answerOf = () => 'conflict';
    await syncOutbox(call);
    await notes.replace(anna, { owner: 'anna', page: 1, text: 'новая' });
    expect(await left()).toEqual(['note:отказ:conflict', 'note:новая:pending']);
  });

  it('announces every change, so the status and the screens refresh', async () => {
    const heard = vi.fn();
    const stop = onOutboxChange(heard);
    await notes.replace(anna, { owner: 'anna', page: 1, text: 'т' });
    await syncOutbox(call);
    stop();
    expect(heard).toHaveBeenCalledTimes(2);
  });
});

describe('the status of queued changes', () => {
  it('counts and describes the signed-in user’s waiting and conflicting entries only', async () => {
    await notes.enqueue(anna, { owner: 'anna', page: 1, text: 'отказ' });
    await answers.replace(anna, { owner: 'anna', question: 4, text: 'ждёт' });
    await notes.enqueue({ store, owner: 'boris' }, { owner: 'boris', page: 9, text: 'чужая' });
    await store.outbox.enqueue({ kind: 'unknown', payload: { owner: 'anna' } });
    answerOf = (text) => (text === 'отказ' ? 'conflict' : 'offline');
    await syncOutbox(call);

    const status = await readOutboxStatus(anna);
    expect(status).toMatchObject({ pending: 1, conflicts: 1 });
    expect(status.items.map((item) => [item.text.title, item.status, item.reason, item.key])).toEqual([
      ['Страница 1', 'conflict', 'Изменено на другом устройстве', null],
      ['Вопрос 4', 'pending', null, 'anna:4'],
    ]);
    expect(await readOutboxStatus(null)).toEqual({ pending: 0, conflicts: 0, items: [] });
  });
});

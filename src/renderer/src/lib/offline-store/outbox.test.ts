import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { OutboxEntry } from '../../../../shared/desktop-api';
import { createIndexedDbStore } from './indexeddb-store';
import { OutboxConflict, replayOutbox } from './outbox';
import type { OfflineStore } from './types';

let store: OfflineStore;
let counter = 0;

beforeEach(async () => {
  store = createIndexedDbStore({ name: `enot-outbox-test-${++counter}` });
  for (const kind of ['first', 'second', 'third', 'fourth']) await store.outbox.enqueue({ kind, payload: { kind } });
});

const kinds = async () => (await store.outbox.list()).map((entry) => `${entry.kind}:${entry.status}`);

describe('replayOutbox', () => {
  it('sends every mutation strictly in queue order and removes each one sent', async () => {
    const sent: string[] = [];
    const result = await replayOutbox(store, async (entry) => {
      // Each send finishes before the next starts: the order is the queue's, not the network's.
      await new Promise((resolve) => setTimeout(resolve, entry.kind === 'first' ? 20 : 0));
      sent.push(entry.kind);
    });
    expect(sent).toEqual(['first', 'second', 'third', 'fourth']);
    expect(result).toEqual({ sent: 4, conflicts: 0, stopped: false });
    expect(await store.outbox.list()).toEqual([]);
  });

  it('keeps a conflict with the server version, reports it and goes on', async () => {
    const onConflict = vi.fn<(entry: OutboxEntry, conflict: OutboxConflict) => void>();
    const sent: string[] = [];
    const result = await replayOutbox(
      store,
      async (entry) => {
        if (entry.kind === 'second') throw new OutboxConflict({ text: 'версия сервера' });
        sent.push(entry.kind);
      },
      { onConflict },
    );

    expect(sent).toEqual(['first', 'third', 'fourth']);
    expect(result).toEqual({ sent: 3, conflicts: 1, stopped: false });
    expect(await kinds()).toEqual(['second:conflict']);
    expect(onConflict).toHaveBeenCalledTimes(1);
    const [entry, conflict] = onConflict.mock.calls[0]!;
    expect(entry).toMatchObject({
      kind: 'second',
      payload: { kind: 'second' },
      status: 'conflict',
      serverVersion: { text: 'версия сервера' },
      attempts: 1,
      lastError: 'Данные на сервере изменились',
    });
    expect(conflict.serverVersion).toEqual({ text: 'версия сервера' });

    // Never retried behind the user's back: the next replay leaves it for the user to resolve.
    const again = vi.fn(async () => undefined);
    await replayOutbox(store, again);
    expect(again).not.toHaveBeenCalled();
    expect(await kinds()).toEqual(['second:conflict']);
  });

  it('stops at a transport failure and keeps that mutation and the rest for next time', async () => {
    const sent: string[] = [];
    const failure = new Error('Нет соединения с сервером');
    const result = await replayOutbox(store, async (entry) => {
      if (entry.kind === 'second') throw failure;
      sent.push(entry.kind);
    });

    expect(sent).toEqual(['first']);
    expect(result).toEqual({ sent: 1, conflicts: 0, stopped: true, error: failure });
    const left = await store.outbox.list();
    expect(left.map((entry) => entry.kind)).toEqual(['second', 'third', 'fourth']);
    expect(left[0]).toMatchObject({ status: 'pending', attempts: 1, lastError: 'Нет соединения с сервером' });
    expect(left[1]).toMatchObject({ attempts: 0, lastError: null });

    // The connection is back: the rest goes out in order.
    const later: string[] = [];
    await replayOutbox(store, async (entry) => void later.push(entry.kind));
    expect(later).toEqual(['second', 'third', 'fourth']);
    expect(await store.outbox.list()).toEqual([]);
  });

  it('joins a replay already running instead of sending twice', async () => {
    const execute = vi.fn(async () => new Promise((resolve) => setTimeout(resolve, 5)));
    const [a, b] = await Promise.all([replayOutbox(store, execute), replayOutbox(store, execute)]);
    expect(a).toBe(b);
    expect(execute).toHaveBeenCalledTimes(4);
  });

  it("runs replays of different lanes side by side: one feature's sync never swallows another's", async () => {
    const slow = async (_entry: OutboxEntry) => new Promise((resolve) => setTimeout(resolve, 5));
    const reviews = vi.fn(slow);
    const answers = vi.fn(slow);
    const isAnswer = (entry: OutboxEntry) => entry.kind === 'second' || entry.kind === 'fourth';
    const [first, second] = await Promise.all([
      replayOutbox(store, reviews, { lane: 'reviews', skip: isAnswer }),
      replayOutbox(store, answers, { lane: 'answers', skip: (entry) => !isAnswer(entry) }),
    ]);
    expect(first).not.toBe(second);
    expect(reviews.mock.calls.map(([entry]) => entry.kind)).toEqual(['first', 'third']);
    expect(answers.mock.calls.map(([entry]) => entry.kind)).toEqual(['second', 'fourth']);
    expect(await kinds()).toEqual([]);
  });
});

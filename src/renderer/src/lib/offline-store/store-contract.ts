import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CHAT_HISTORY_LIMIT, type CachedChatMessage, type JsonValue } from '../../../../shared/desktop-api';
import type { OfflineStore } from './types';

/** A store under test, on a clock the suite controls, that can be reopened over the same data. */
export interface StoreHarness {
  store: OfflineStore;
  /** A fresh store over the same storage (a restart of the app). */
  reopen(): Promise<OfflineStore>;
  dispose?(): Promise<void> | void;
}

export type StoreFactory = (now: () => number) => Promise<StoreHarness> | StoreHarness;

const message = (id: number, extra: Record<string, string> = {}): CachedChatMessage => ({
  id,
  question: `Вопрос ${id}`,
  itsBot: '0',
  ...extra,
});

/**
 * The one behaviour every OfflineStore must have. Run against the IndexedDB store and against
 * the desktop store wired to the real main-process cache, so the two cannot disagree.
 */
export function describeOfflineStoreContract(name: string, factory: StoreFactory): void {
  describe(`OfflineStore contract: ${name}`, () => {
    let clock: number;
    let harness: StoreHarness;
    let store: OfflineStore;

    beforeEach(async () => {
      clock = 1_700_000_000_000;
      harness = await factory(() => clock);
      store = harness.store;
    });
    afterEach(async () => {
      await harness.dispose?.();
    });

    describe('drafts', () => {
      it('answers null for a draft never written', async () => {
        expect(await store.drafts.get('homework:1')).toBeNull();
      });

      it('returns what was written, stamped with the write time', async () => {
        const value = { answers: ['Право', 'Мораль'], score: 3, done: false, note: null, nested: { 'ключ': [1.5, -2] } };
        const written = await store.drafts.put({ key: 'homework:1', value });
        expect(written).toEqual({ key: 'homework:1', value, updatedAt: clock });
        expect(await store.drafts.get('homework:1')).toEqual(written);
      });

      it('overwrites a draft and moves its time forward', async () => {
        await store.drafts.put({ key: 'k', value: 'первый' });
        clock += 250;
        await store.drafts.put({ key: 'k', value: 'второй' });
        expect(await store.drafts.get('k')).toEqual({ key: 'k', value: 'второй', updatedAt: clock });
      });

      it('keeps the base server version until it is replaced or cleared', async () => {
        await store.drafts.put({ key: 'check:5', value: 1, serverVersion: 'v7' });
        await store.drafts.put({ key: 'check:5', value: 2 });
        expect((await store.drafts.get('check:5'))?.serverVersion).toBe('v7');
        await store.drafts.put({ key: 'check:5', value: 3, serverVersion: 'v8' });
        expect((await store.drafts.get('check:5'))?.serverVersion).toBe('v8');
        await store.drafts.put({ key: 'check:5', value: 4, serverVersion: null });
        expect(await store.drafts.get('check:5')).toEqual({ key: 'check:5', value: 4, updatedAt: clock });
      });

      it('stores values as JSON would', async () => {
        // Deliberately not JSON: renderer code may pass undefined fields or dates.
        const loose = { kept: 1, dropped: undefined, at: new Date(0) } as unknown as JsonValue;
        const expected = { kept: 1, at: '1970-01-01T00:00:00.000Z' };
        expect((await store.drafts.put({ key: 'json', value: loose })).value).toEqual(expected);
        expect(Object.keys((await store.drafts.get('json'))?.value as object)).toEqual(['kept', 'at']);
      });

      it('lists drafts sorted by key, optionally by prefix', async () => {
        for (const key of ['homework:2', 'check:1', 'homework:10', 'homework:1']) await store.drafts.put({ key, value: key });
        expect((await store.drafts.list()).map((draft) => draft.key)).toEqual(['check:1', 'homework:1', 'homework:10', 'homework:2']);
        expect((await store.drafts.list('homework:1')).map((draft) => draft.key)).toEqual(['homework:1', 'homework:10']);
        expect(await store.drafts.list('nothing')).toEqual([]);
      });

      it('deletes a draft; deleting a missing one is harmless', async () => {
        await store.drafts.put({ key: 'k', value: 1 });
        await store.drafts.delete('k');
        await store.drafts.delete('never-written');
        expect(await store.drafts.get('k')).toBeNull();
        expect(await store.drafts.list()).toEqual([]);
      });
    });

    describe('chat history', () => {
      it('is empty for a bot without messages', async () => {
        expect(await store.chat.get('botTheory')).toEqual([]);
      });

      it('keeps messages per bot, ordered by id', async () => {
        await store.chat.append('botTheory', [message(3), message(1)]);
        await store.chat.append('botTheory', [message(2)]);
        await store.chat.append('botConsultantKurs', [message(1, { question: 'Орг' })]);
        expect((await store.chat.get('botTheory')).map((m) => m.id)).toEqual([1, 2, 3]);
        expect(await store.chat.get('botConsultantKurs')).toEqual([message(1, { question: 'Орг' })]);
      });

      it('updates a message appended again with the same id (the answer arrived)', async () => {
        await store.chat.append('botTheory', [message(1)]);
        await store.chat.append('botTheory', [message(1, { answer: 'Ответ', itsBot: '1' })]);
        expect(await store.chat.get('botTheory')).toEqual([message(1, { answer: 'Ответ', itsBot: '1' })]);
      });

      it(`keeps at most ${CHAT_HISTORY_LIMIT} messages per bot, dropping the oldest`, async () => {
        const ids = Array.from({ length: CHAT_HISTORY_LIMIT + 25 }, (_, index) => index + 1);
        await store.chat.append('botTheory', ids.slice(0, 60).map((id) => message(id)));
        await store.chat.append('botTheory', ids.slice(60).map((id) => message(id)));
        await store.chat.append('botConsultantKurs', [message(1)]);
        const kept = (await store.chat.get('botTheory')).map((m) => m.id);
        expect(kept).toEqual(ids.slice(25));
        expect(await store.chat.get('botConsultantKurs')).toHaveLength(1);
      });

      it('replaces a whole history, still capped, leaving other bots alone', async () => {
        await store.chat.append('botTheory', [message(500), message(501)]);
        await store.chat.append('botConsultantKurs', [message(7)]);
        const fresh = Array.from({ length: CHAT_HISTORY_LIMIT + 3 }, (_, index) => message(index + 1));
        await store.chat.replace('botTheory', fresh);
        expect((await store.chat.get('botTheory')).map((m) => m.id)).toEqual(fresh.slice(3).map((m) => m.id));
        await store.chat.replace('botTheory', []);
        expect(await store.chat.get('botTheory')).toEqual([]);
        expect(await store.chat.get('botConsultantKurs')).toEqual([message(7)]);
      });
    });

    describe('display flags', () => {
      it('answers null when nothing is cached, then the last value set', async () => {
        expect(await store.flags.get('buttons')).toBeNull();
        await store.flags.set('buttons', { home: '1', lk: '0' });
        await store.flags.set('buttons', { home: '1', lk: '1' });
        expect(await store.flags.get('buttons')).toEqual({ home: '1', lk: '1' });
        await store.flags.set('questionView', 'graphic');
        expect(await store.flags.get('questionView')).toBe('graphic');
      });
    });

    describe('outbox', () => {
      it('queues mutations as pending, listed in the order they were made', async () => {
        const first = await store.outbox.enqueue({ kind: '/app/api/a.php', payload: { n: 1 } });
        clock += 1;
        const second = await store.outbox.enqueue({ kind: '/app/api/b.php', payload: [2, 'два'] });
        expect(first).toEqual({
          id: first.id,
          createdAt: clock - 1,
          kind: '/app/api/a.php',
          payload: { n: 1 },
          attempts: 0,
          lastError: null,
          status: 'pending',
          serverVersion: null,
        });
        expect(second.id).toBeGreaterThan(first.id);
        expect(await store.outbox.list()).toEqual([first, second]);
      });

      it('never reuses an id, so order survives removals', async () => {
        await store.outbox.enqueue({ kind: 'a', payload: 1 });
        const last = await store.outbox.enqueue({ kind: 'b', payload: 2 });
        await store.outbox.remove(last.id);
        const next = await store.outbox.enqueue({ kind: 'c', payload: 3 });
        expect(next.id).toBeGreaterThan(last.id);
        expect((await store.outbox.list()).map((entry) => entry.kind)).toEqual(['a', 'c']);
      });

      it('updates only the fields given and answers null for a removed entry', async () => {
        const entry = await store.outbox.enqueue({ kind: 'a', payload: { text: 'мой' } });
        const failed = await store.outbox.update(entry.id, { attempts: 1, lastError: 'Нет сети' });
        expect(failed).toEqual({ ...entry, attempts: 1, lastError: 'Нет сети' });
        const conflict = await store.outbox.update(entry.id, { status: 'conflict', serverVersion: { text: 'сервер' } });
        expect(conflict).toEqual({ ...entry, attempts: 1, lastError: 'Нет сети', status: 'conflict', serverVersion: { text: 'сервер' } });
        expect(await store.outbox.list()).toEqual([conflict]);
        await store.outbox.update(entry.id, { lastError: null, status: 'pending' });
        expect((await store.outbox.list())[0]).toMatchObject({ lastError: null, status: 'pending', attempts: 1 });
        await store.outbox.remove(entry.id);
        expect(await store.outbox.update(entry.id, { attempts: 2 })).toBeNull();
        expect(await store.outbox.list()).toEqual([]);
      });
    });

    describe('outbox replace', () => {
      it('takes the place of the waiting entries of the same kind and key, in queue order last', async () => {
        const old = await store.outbox.replace({ kind: 'save', key: 'ann:7', payload: { text: 'старый' } });
        const other = await store.outbox.replace({ kind: 'save', key: 'ann:8', payload: 8 });
        const otherKind = await store.outbox.enqueue({ kind: 'answer', payload: 1 });
        clock += 5;
        const fresh = await store.outbox.replace({ kind: 'save', key: 'ann:7', payload: { text: 'новый' } });
        expect(old.key).toBe('ann:7');
        expect(fresh).toEqual({ id: fresh.id, createdAt: clock, kind: 'save', key: 'ann:7', payload: { text: 'новый' }, attempts: 0, lastError: null, status: 'pending', serverVersion: null });
        expect(fresh.id).toBeGreaterThan(otherKind.id);
        expect(await store.outbox.list()).toEqual([other, otherKind, fresh]);
      });

      it('leaves a conflict of the same key for the user', async () => {
        const refused = await store.outbox.replace({ kind: 'save', key: 'k', payload: 1 });
        const conflict = await store.outbox.update(refused.id, { status: 'conflict', serverVersion: 'сервер' });
        const next = await store.outbox.replace({ kind: 'save', key: 'k', payload: 2 });
        expect(await store.outbox.list()).toEqual([conflict, next]);
      });

      it('leaves exactly one entry after racing replacements, never none in between', async () => {
        await store.outbox.replace({ kind: 'save', key: 'k', payload: 0 });
        const seen: number[] = [];
        await Promise.all([
          store.outbox.replace({ kind: 'save', key: 'k', payload: 1 }),
          store.outbox.list().then((entries) => seen.push(entries.length)),
          store.outbox.replace({ kind: 'save', key: 'k', payload: 2 }),
          store.outbox.list().then((entries) => seen.push(entries.length)),
        ]);
        expect(seen).toEqual([1, 1]);
        const left = await store.outbox.list();
        expect(left).toHaveLength(1);
        expect([1, 2]).toContain(left[0]!.payload);
      });

      it('keeps the key across a restart', async () => {
        const queued = await store.outbox.replace({ kind: 'save', key: 'k', payload: 1 });
        const reopened = await harness.reopen();
        expect(await reopened.outbox.list()).toEqual([queued]);
        await reopened.outbox.replace({ kind: 'save', key: 'k', payload: 2 });
        expect((await reopened.outbox.list()).map((entry) => entry.payload)).toEqual([2]);
      });
    });

    it('keeps everything across a restart', async () => {
      await store.drafts.put({ key: 'homework:1', value: { text: 'Черновик' }, serverVersion: 'v1' });
      await store.chat.append('botTheory', [message(1)]);
      await store.flags.set('buttons', { home: '1' });
      const queued = await store.outbox.enqueue({ kind: 'a', payload: 1 });

      const reopened = await harness.reopen();
      expect(await reopened.drafts.get('homework:1')).toEqual({
        key: 'homework:1',
        value: { text: 'Черновик' },
        updatedAt: clock,
        serverVersion: 'v1',
      });
      expect(await reopened.chat.get('botTheory')).toEqual([message(1)]);
      expect(await reopened.flags.get('buttons')).toEqual({ home: '1' });
      expect(await reopened.outbox.list()).toEqual([queued]);
    });
  });
}

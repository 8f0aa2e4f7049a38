import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { StoreFactory, StoreHarness } from '../offline-store/store-contract';
import type { OfflineStore } from '../offline-store/types';
import { DRAFT_NAMES, LEGACY_KEYS, migrateLegacyDrafts, migrateLegacyFlags } from './legacy-storage';
import { createUserDrafts } from './user-drafts';

/** A Web Storage over a Map, as localStorage / sessionStorage behave. */
export function memoryStorage(entries: Record<string, string> = {}): Storage {
  const data = new Map(Object.entries(entries));
  return {
    get length() {
      return data.size;
    },
    key: (index) => [...data.keys()][index] ?? null,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, String(value)),
    removeItem: (key) => void data.delete(key),
    clear: () => data.clear(),
  };
}

const keysOf = (storage: Storage) => Array.from({ length: storage.length }, (_, index) => storage.key(index));

/**
 * The drafts and flags behaviour the app relies on, over any OfflineStore: run against
 * the desktop store on the real SQLite cache and against IndexedDB, so both keep it.
 */
export function describeUserDraftsContract(name: string, factory: StoreFactory): void {
  describe(`user drafts and flags: ${name}`, () => {
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

    describe('per user', () => {
      it('never shows one user the drafts of another on the same computer', async () => {
        const anna = createUserDrafts(store, 'anna');
        const boris = createUserDrafts(store, 'boris');
        await anna.put(DRAFT_NAMES.p2('7:0', 'AbC123'), { answers: { '1': 'Ответ Анны' } });
        await anna.put(DRAFT_NAMES.chat, 'Вопрос Анны');
        expect(await boris.get(DRAFT_NAMES.p2('7:0', 'AbC123'))).toBeNull();
        expect(await boris.get(DRAFT_NAMES.chat)).toBeNull();
        expect(await boris.list()).toEqual([]);
        expect(await anna.get(DRAFT_NAMES.chat)).toBe('Вопрос Анны');
      });

      it('keeps owners apart even when one key starts with another', async () => {
        const short = createUserDrafts(store, 'ann');
        const slashed = createUserDrafts(store, 'ann/x');
        await slashed.put('chat', 'чужое');
        expect(await short.list()).toEqual([]);
        expect(await short.get('x/chat')).toBeNull();
      });

      it('drops all of one user’s drafts and none of another’s («Удалить» at sign-out)', async () => {
        const anna = createUserDrafts(store, 'anna');
        const boris = createUserDrafts(store, 'boris');
        await anna.put('p1/5.0.1', '12');
        await anna.put(DRAFT_NAMES.ticks('Право'), [true, false]);
        await boris.put('p1/5.0.1', '34');
        expect(await anna.clear()).toBe(2);
        expect(await anna.list()).toEqual([]);
        expect(await boris.get('p1/5.0.1')).toBe('34');
        // Curators' offline checks live in the same store under keys of their own: untouched.
        await store.drafts.put({ key: 'curator-check-p2:anna:1', value: 1 });
        await anna.clear();
        expect(await store.drafts.get('curator-check-p2:anna:1')).not.toBeNull();
      });

      it('lists by prefix, oldest first, so one credit’s answers are dropped alone', async () => {
        const anna = createUserDrafts(store, 'anna');
        await anna.put(DRAFT_NAMES.credit(2, 1, 1), '12');
        clock += 1;
        await anna.put(DRAFT_NAMES.credit(21, 1, 1), '3');
        clock += 1;
        await anna.put(DRAFT_NAMES.credit(2, 2, 5), 'слово');
        expect((await anna.list(DRAFT_NAMES.creditPrefix(2))).map((draft) => draft.name)).toEqual(['credit/2.1.1', 'credit/2.2.5']);
      });

      it('keeps each user’s drafts across a restart', async () => {
        await createUserDrafts(store, 'anna').put(DRAFT_NAMES.chat, 'Черновик');
        const reopened = await harness.reopen();
        expect(await createUserDrafts(reopened, 'anna').get(DRAFT_NAMES.chat)).toBe('Черновик');
        expect(await createUserDrafts(reopened, 'boris').get(DRAFT_NAMES.chat)).toBeNull();
      });
    });

    describe('moving what older versions kept in localStorage / sessionStorage', () => {
      const p2Entry = { key: '7:0', tab: 'AbC123', at: 5, answers: { '1': 'Набранный ответ' }, base: { '1': '' } };
      const legacy = () => ({
        local: memoryStorage({
          [LEGACY_KEYS.p2Drafts]: JSON.stringify([p2Entry, { broken: true }]),
          [LEGACY_KEYS.chatDraft]: 'Недописанный вопрос',
          dark_theme: '1',
          'enot.token': 'tok',
        }),
        session: memoryStorage({
          'enot.htP1Draft.5.0.3': '12',
          'enot.creditDraft.2.1.4': 'слово',
          'train-signs:ticks:Государство': '[true,false,true]',
          'train-signs:ticks:Сломано': '{not json',
          'enot.vkAuth': '{}',
        }),
      });

      it('moves every draft to the signed-in user and removes the old keys, leaving the rest', async () => {
        const { local, session } = legacy();
        const anna = createUserDrafts(store, 'anna');
        expect(await migrateLegacyDrafts(anna, local, session)).toBe(5);
        expect(await anna.get(DRAFT_NAMES.p2('7:0', 'AbC123'))).toEqual(p2Entry);
        expect(await anna.get(DRAFT_NAMES.chat)).toBe('Недописанный вопрос');
        expect(await anna.get(DRAFT_NAMES.p1(5, '0', 3))).toBe('12');
        expect(await anna.get(DRAFT_NAMES.credit(2, 1, 4))).toBe('слово');
        expect(await anna.get(DRAFT_NAMES.ticks('Государство'))).toEqual([true, false, true]);
        expect(keysOf(local)).toEqual(['dark_theme', 'enot.token']);
        expect(keysOf(session)).toEqual(['enot.vkAuth']);
        // Someone else signing in afterwards finds nothing of it.
        expect(await createUserDrafts(store, 'boris').list()).toEqual([]);
      });

      it('happens once: a second run moves nothing and keeps what was typed since', async () => {
        const { local, session } = legacy();
        const anna = createUserDrafts(store, 'anna');
        await migrateLegacyDrafts(anna, local, session);
        await anna.put(DRAFT_NAMES.chat, 'Новее');
        expect(await migrateLegacyDrafts(anna, local, session)).toBe(0);
        expect(await anna.get(DRAFT_NAMES.chat)).toBe('Новее');
      });

      it('never replaces a draft the store already holds', async () => {
        const { local, session } = legacy();
        const anna = createUserDrafts(store, 'anna');
        await anna.put(DRAFT_NAMES.chat, 'Уже в хранилище');
        await migrateLegacyDrafts(anna, local, session);
        expect(await anna.get(DRAFT_NAMES.chat)).toBe('Уже в хранилище');
      });

      it('keeps the old key when the store cannot take the draft (tried again next start)', async () => {
        const { local, session } = legacy();
        const failing: OfflineStore = {
          ...store,
          drafts: {
            ...store.drafts,
            put: () => Promise.reject(new Error('диск полон')),
          },
        };
        await expect(migrateLegacyDrafts(createUserDrafts(failing, 'anna'), local, session)).rejects.toThrow('диск полон');
        expect(local.getItem(LEGACY_KEYS.p2Drafts)).not.toBeNull();
        expect(await migrateLegacyDrafts(createUserDrafts(store, 'anna'), local, session)).toBe(5);
        expect(local.getItem(LEGACY_KEYS.p2Drafts)).toBeNull();
      });

      it('moves the cached display flags, which then survive a restart', async () => {
        const local = memoryStorage({ [LEGACY_KEYS.buttons]: JSON.stringify({ home: '1', lk: '0' }) });
        await migrateLegacyFlags(store, local);
        expect(local.getItem(LEGACY_KEYS.buttons)).toBeNull();
        expect(await store.flags.get('buttons')).toEqual({ home: '1', lk: '0' });
        const reopened = await harness.reopen();
        expect(await reopened.flags.get('buttons')).toEqual({ home: '1', lk: '0' });
        // Signing out forgets them, also across a restart.
        await reopened.flags.set('buttons', null);
        expect(await (await harness.reopen()).flags.get('buttons')).toBeNull();
      });

      it('does not let old cached flags replace newer ones', async () => {
        await store.flags.set('buttons', { home: '0' });
        await migrateLegacyFlags(store, memoryStorage({ [LEGACY_KEYS.buttons]: JSON.stringify({ home: '1' }) }));
        expect(await store.flags.get('buttons')).toEqual({ home: '0' });
      });
    });
  });
}

import type { JsonValue, OfflineStore } from '../offline-store/types';

/**
 * One user's drafts in the offline store: every key lives under `user/<owner>/`, so a person who
 * signs in after someone else on the same computer never reads (or lists, or drops) their drafts.
 * The owner is the account's key from get_user_info, stable across sign-ins.
 */
export interface UserDrafts {
  readonly owner: string;
  get(name: string): Promise<JsonValue | null>;
  put(name: string, value: JsonValue): Promise<void>;
  delete(name: string): Promise<void>;
  /** Drafts whose name starts with the prefix, oldest write first. */
  list(prefix?: string): Promise<Array<{ name: string; value: JsonValue; updatedAt: number }>>;
  /** Drops every draft of this user (sign-out: «Удалить»). */
  clear(): Promise<number>;
}

/** Key prefix of one owner's drafts; encoded so no owner's prefix is another's. */
export function userPrefix(owner: string): string {
  return `user/${encodeURIComponent(owner)}/`;
}

export function createUserDrafts(store: OfflineStore, owner: string): UserDrafts {
  const prefix = userPrefix(owner);
  const list: UserDrafts['list'] = async (namePrefix = '') =>
    (await store.drafts.list(prefix + namePrefix))
      .map((record) => ({ name: record.key.slice(prefix.length), value: record.value, updatedAt: record.updatedAt }))
      .sort((a, b) => a.updatedAt - b.updatedAt);
  return {
    owner,
    get: async (name) => (await store.drafts.get(prefix + name))?.value ?? null,
    put: async (name, value) => {
      // A user's draft has no server base version: saying so lets the store write it blind,
      // with no read first (the write starts within the keystroke's task).
      await store.drafts.put({ key: prefix + name, value, serverVersion: null });
    },
    delete: (name) => store.drafts.delete(prefix + name),
    list,
    clear: async () => {
      const all = await list();
      for (const draft of all) await store.drafts.delete(prefix + draft.name);
      return all.length;
    },
  };
}

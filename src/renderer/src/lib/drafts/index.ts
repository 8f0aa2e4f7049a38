import type { JsonValue } from '../offline-store/types';
import { offlineStore } from '../offline-store';
import { migrateLegacyDrafts } from './legacy-storage';
import { resolveOwner } from './owner';
import { createUserDrafts, type UserDrafts } from './user-drafts';

export { DRAFT_NAMES } from './legacy-storage';
export type { UserDrafts } from './user-drafts';

let current: { owner: string; ready: Promise<UserDrafts> } | null = null;

function storage(kind: 'localStorage' | 'sessionStorage'): Storage | null {
  try {
    return window[kind];
  } catch {
    return null;
  }
}

/**
 * The signed-in user's drafts in the app's offline store (desktop: SQLite in main; browser:
 * IndexedDB), with anything older versions left in localStorage/sessionStorage moved in first.
 * Null while no one is signed in or the user is not known yet (asked again on the next call).
 */
export async function currentDrafts(): Promise<UserDrafts | null> {
  const owner = await resolveOwner();
  if (!owner) return null;
  if (current?.owner !== owner) {
    const drafts = createUserDrafts(offlineStore(), owner);
    const ready = migrateLegacyDrafts(drafts, storage('localStorage'), storage('sessionStorage'))
      .catch(() => 0)
      .then(() => drafts);
    current = { owner, ready };
  }
  return current.ready;
}

/** Writes go one after another, so the last keystroke's text is the one kept. */
let writes: Promise<unknown> = Promise.resolve();

function queued<T>(work: (drafts: UserDrafts) => Promise<T>): Promise<T | null> {
  const next = writes.then(async () => {
    const drafts = await currentDrafts();
    return drafts ? work(drafts) : null;
  });
  writes = next.catch(() => undefined);
  return next;
}

/** Reads a draft of the signed-in user; null when absent or the store cannot be read. */
export async function readUserDraft(name: string): Promise<JsonValue | null> {
  try {
    await writes;
    const drafts = await currentDrafts();
    return drafts ? await drafts.get(name) : null;
  } catch {
    return null;
  }
}

/** Saves (or, with null, drops) a draft of the signed-in user. */
export function writeUserDraft(name: string, value: JsonValue | null): Promise<void> {
  return queued((drafts) => (value === null ? drafts.delete(name) : drafts.put(name, value)))
    .then(() => undefined)
    .catch(() => undefined);
}

/** Every draft of the signed-in user under a prefix. */
export async function listUserDrafts(prefix: string): Promise<Array<{ name: string; value: JsonValue; updatedAt: number }>> {
  try {
    await writes;
    const drafts = await currentDrafts();
    return drafts ? await drafts.list(prefix) : [];
  } catch {
    return [];
  }
}

/** Drops every draft of the signed-in user under a prefix (a finished credit, say). */
export function dropUserDrafts(prefix: string): Promise<void> {
  return queued(async (drafts) => {
    for (const draft of await drafts.list(prefix)) await drafts.delete(draft.name);
  })
    .then(() => undefined)
    .catch(() => undefined);
}

/** Forgets whose drafts were open (sign-out): the next user's are looked up afresh. */
export function forgetDraftOwner(): void {
  current = null;
}

/** How many drafts the signed-in user has on this device (the sign-out question asks only then). */
export async function countUserDrafts(): Promise<number> {
  return (await listUserDrafts('')).length;
}

/** Sign-out with «Удалить»: every draft of the signed-in user goes (and nobody else's). */
export function dropAllUserDrafts(): Promise<void> {
  return queued((drafts) => drafts.clear())
    .then(() => undefined)
    .catch(() => undefined);
}

import type { JsonValue } from '../offline-store/types';
import { offlineStore } from '../offline-store';
import { migrateLegacyDrafts } from './legacy-storage';
import { knownOwner, resolveOwner } from './owner';
import { createUserDrafts, type UserDrafts } from './user-drafts';

export { DRAFT_NAMES } from './legacy-storage';
export type { UserDrafts } from './user-drafts';

interface OpenDrafts {
  owner: string;
  drafts: UserDrafts;
  /** Settles once what older versions left in web storage has been moved in. */
  ready: Promise<UserDrafts>;
  migrated: boolean;
}

let current: OpenDrafts | null = null;

function storage(kind: 'localStorage' | 'sessionStorage'): Storage | null {
  try {
    return window[kind];
  } catch {
    return null;
  }
}

function openFor(owner: string): OpenDrafts {
  if (current?.owner === owner) return current;
  const drafts = createUserDrafts(offlineStore(), owner);
  const entry: OpenDrafts = { owner, drafts, ready: Promise.resolve(drafts), migrated: false };
  entry.ready = migrateLegacyDrafts(drafts, storage('localStorage'), storage('sessionStorage'))
    .catch(() => 0)
    .then(() => {
      entry.migrated = true;
      return drafts;
    });
  current = entry;
  return entry;
}

/**
 * The signed-in user's drafts in the app's offline store (desktop: SQLite in main; browser:
 * IndexedDB), with anything older versions left in localStorage/sessionStorage moved in first.
 * Null while no one is signed in or the user is not known yet (asked again on the next call).
 */
export async function currentDrafts(): Promise<UserDrafts | null> {
  const owner = await resolveOwner();
  return owner ? openFor(owner).ready : null;
}

/** The signed-in user's drafts if they can take a write right now (owner known, old drafts moved in). */
function openNow(): OpenDrafts | null {
  const owner = knownOwner();
  return owner !== null && current?.owner === owner ? current : null;
}

/**
 * Where keystrokes can be lost, and how they are not: a write is handed to the store in the
 * keystroke's own task (IndexedDB and the desktop's IPC both keep the order writes were started
 * in, so no queue of ours is needed, and no write waits for the one before it to reach disk).
 * Only while the user's drafts are still being opened are writes held here, the latest per name;
 * they follow as soon as the drafts are open, or at once if the page is being left.
 */
const held = new Map<string, JsonValue | null>();
let handing: Promise<void> | null = null;

function start(drafts: UserDrafts, name: string, value: JsonValue | null): Promise<void> {
  return (value === null ? drafts.delete(name) : drafts.put(name, value)).catch(() => undefined);
}

function handOverHeld(drafts: UserDrafts | null): Promise<void> {
  const batch = [...held];
  held.clear();
  // Nobody signed in: a draft belongs to no one and is not kept (as the screens expect).
  if (!drafts) return Promise.resolve();
  return Promise.all(batch.map(([name, value]) => start(drafts, name, value))).then(() => undefined);
}

/** Held writes go to the store once the user's drafts are open; one wait for all of them. */
function handOverWhenOpen(): Promise<void> {
  handing ??= currentDrafts()
    .catch(() => null)
    .then((drafts) => {
      handing = null;
      return handOverHeld(drafts);
    });
  return handing;
}

/**
 * The page is being left (reload, tab closed, app hidden on a phone): held writes start now,
 * within this task, so the browser commits them before the page goes. The old drafts' move may
 * not have finished: that is fine, it never replaces a draft already in the store.
 */
function handOverBeforeLeaving(): void {
  const owner = knownOwner();
  if (held.size === 0 || owner === null) return;
  void handOverHeld(openFor(owner).drafts);
}

if (typeof window !== 'undefined') {
  window.addEventListener('pagehide', handOverBeforeLeaving);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') handOverBeforeLeaving();
  });
}

/** Reads a draft of the signed-in user; null when absent or the store cannot be read. */
export async function readUserDraft(name: string): Promise<JsonValue | null> {
  const waiting = held.get(name);
  if (waiting !== undefined) return waiting;
  try {
    const drafts = await currentDrafts();
    return drafts ? await drafts.get(name) : null;
  } catch {
    return null;
  }
}

/** Saves (or, with null, drops) a draft of the signed-in user; resolves once it is stored. */
export function writeUserDraft(name: string, value: JsonValue | null): Promise<void> {
  const open = openNow();
  if (open?.migrated && held.size === 0) return start(open.drafts, name, value);
  // Re-inserted so the held order is the order of the latest writes.
  held.delete(name);
  held.set(name, value);
  return handOverWhenOpen();
}

/** Runs after every write made so far has been handed to the store (lists, bulk drops). */
async function afterHeldWrites<T>(work: (drafts: UserDrafts) => Promise<T>, fallback: T): Promise<T> {
  try {
    if (held.size > 0) await handOverWhenOpen();
    const drafts = await currentDrafts();
    return drafts ? await work(drafts) : fallback;
  } catch {
    return fallback;
  }
}

/** Every draft of the signed-in user under a prefix. */
export function listUserDrafts(prefix: string): Promise<Array<{ name: string; value: JsonValue; updatedAt: number }>> {
  return afterHeldWrites((drafts) => drafts.list(prefix), []);
}

/** Drops every draft of the signed-in user under a prefix (a finished credit, say). */
export function dropUserDrafts(prefix: string): Promise<void> {
  return afterHeldWrites(async (drafts) => {
    for (const draft of await drafts.list(prefix)) await drafts.delete(draft.name);
  }, undefined);
}

/** Forgets whose drafts were open (sign-out): the next user's are looked up afresh. */
export function forgetDraftOwner(): void {
  // Writes still held belong to whoever was signed in: theirs, not the next user's.
  if (current && held.size > 0) void handOverHeld(current.drafts);
  current = null;
}

/** How many drafts the signed-in user has on this device (the sign-out question asks only then). */
export async function countUserDrafts(): Promise<number> {
  return (await listUserDrafts('')).length;
}

/** Sign-out with «Удалить»: every draft of the signed-in user goes (and nobody else's). */
export function dropAllUserDrafts(): Promise<void> {
  return afterHeldWrites(async (drafts) => {
    await drafts.clear();
  }, undefined);
}

import { toJsonValue } from '../../../../shared/json-value';
import type { JsonValue, OfflineStore } from '../offline-store/types';
import type { UserDrafts } from './user-drafts';

/**
 * One-time move of what older versions kept in localStorage / sessionStorage into the offline
 * store: nothing a student typed is lost on upgrade. A key is removed only after its
 * value was written to the store, so a failed write is simply tried again on the next start.
 */

/** The keys older versions wrote; nothing writes them any more. */
export const LEGACY_KEYS = {
  buttons: 'enot.buttons',
  p2Drafts: 'enot.htP2Drafts',
  chatDraft: 'enot.chatDraft',
  p1Prefix: 'enot.htP1Draft.',
  creditPrefix: 'enot.creditDraft.',
  ticksPrefix: 'train-signs:ticks:',
} as const;

/** Draft names in the store (under the user's prefix). */
export const DRAFT_NAMES = {
  p2: (homework: string, tab: string) => `p2/${homework}/${tab}`,
  p2Prefix: 'p2/',
  p1: (htNum: number, dop: string, qNumber: number) => `p1/${htNum}.${dop}.${qNumber}`,
  credit: (num: number, attempt: number, qNum: number) => `credit/${num}.${attempt}.${qNum}`,
  creditPrefix: (num: number) => `credit/${num}.`,
  ticks: (termName: string) => `ticks/${termName}`,
  chat: 'chat',
} as const;

type KeyStorage = Pick<Storage, 'length' | 'key' | 'getItem' | 'removeItem'>;

function keysStartingWith(storage: KeyStorage, prefix: string): string[] {
  const keys: string[] = [];
  for (let index = 0; index < storage.length; index += 1) {
    const key = storage.key(index);
    if (key?.startsWith(prefix)) keys.push(key);
  }
  return keys;
}

function parse(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}

/** Writes a draft unless the store already has a newer one under that name. */
async function adopt(drafts: UserDrafts, name: string, value: JsonValue): Promise<void> {
  if ((await drafts.get(name)) === null) await drafts.put(name, value);
}

/**
 * Moves the legacy drafts of this browser (local) and this tab (session) into the signed-in
 * user's drafts: whoever is signed in when the new version first runs is who typed them.
 * Returns how many drafts were moved.
 */
export async function migrateLegacyDrafts(drafts: UserDrafts, local: KeyStorage | null, session: KeyStorage | null): Promise<number> {
  let moved = 0;
  if (local) {
    const p2 = local.getItem(LEGACY_KEYS.p2Drafts);
    if (p2 !== null) {
      const entries = parse(p2);
      for (const entry of Array.isArray(entries) ? entries : []) {
        if (!entry || typeof entry.key !== 'string' || typeof entry.tab !== 'string' || typeof entry.answers !== 'object') continue;
        await adopt(drafts, DRAFT_NAMES.p2(entry.key, entry.tab), toJsonValue(entry));
        moved += 1;
      }
      local.removeItem(LEGACY_KEYS.p2Drafts);
    }
    const chat = local.getItem(LEGACY_KEYS.chatDraft);
    if (chat !== null) {
      if (chat !== '') {
        await adopt(drafts, DRAFT_NAMES.chat, chat);
        moved += 1;
      }
      local.removeItem(LEGACY_KEYS.chatDraft);
    }
  }
  if (session) {
    const renames: Array<[string, (rest: string) => string]> = [
      [LEGACY_KEYS.p1Prefix, (rest) => `p1/${rest}`],
      [LEGACY_KEYS.creditPrefix, (rest) => `credit/${rest}`],
      [LEGACY_KEYS.ticksPrefix, (rest) => DRAFT_NAMES.ticks(rest)],
    ];
    for (const [prefix, rename] of renames) {
      for (const key of keysStartingWith(session, prefix)) {
        const raw = session.getItem(key);
        if (raw === null) continue;
        // Ticks were JSON; typed answers were plain text.
        const value = prefix === LEGACY_KEYS.ticksPrefix ? parse(raw) : raw;
        if (value !== undefined) {
          await adopt(drafts, rename(key.slice(prefix.length)), toJsonValue(value));
          moved += 1;
        }
        session.removeItem(key);
      }
    }
  }
  return moved;
}

/** Moves the display flags an older version cached in localStorage into the store's flags. */
export async function migrateLegacyFlags(store: OfflineStore, local: KeyStorage | null): Promise<void> {
  const raw = local?.getItem(LEGACY_KEYS.buttons) ?? null;
  if (raw === null || !local) return;
  const value = parse(raw);
  if (value && typeof value === 'object' && (await store.flags.get('buttons')) === null) await store.flags.set('buttons', toJsonValue(value));
  local.removeItem(LEGACY_KEYS.buttons);
}

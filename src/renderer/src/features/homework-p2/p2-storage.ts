import { DRAFT_NAMES, listUserDrafts, readUserDraft, writeUserDraft } from '../../lib/drafts';
import type { JsonValue } from '../../lib/offline-store/types';
import { readJson, STORAGE_KEYS, writeStorage } from '../../lib/storage-keys';
import { claimTab, type DraftEntry, excessDrafts, type TabEntry } from './logic';

/**
 * Storage side of part 2: the tab ids stay in localStorage (they name this browser tab, not
 * anything typed); the unsaved answers are the signed-in user's drafts in the offline store
 * (desktop: SQLite in main; browser: IndexedDB), so they survive a restart and no one else
 * signing in on this computer sees them. Pure rules in logic.ts.
 */
export function homeworkKey(htNum: number, dop: '0' | '1'): string {
  return `${htNum}:${dop}`;
}

export function claimStoredTab(key: string, now = Date.now()): string {
  const { tab, entries } = claimTab(readJson<TabEntry[]>(STORAGE_KEYS.htP2Tabs, []), key, now);
  writeStorage(STORAGE_KEYS.htP2Tabs, JSON.stringify(entries));
  return tab;
}

function asDraft(value: JsonValue | null, key: string, tab: string): DraftEntry | undefined {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const draft = value as unknown as DraftEntry;
  return draft.key === key && draft.tab === tab && draft.answers && typeof draft.answers === 'object' ? draft : undefined;
}

/** The unsaved answers of this homework and tab; also drops the oldest beyond the ten kept. */
export async function readDraft(key: string, tab: string): Promise<DraftEntry | undefined> {
  const draft = asDraft(await readUserDraft(DRAFT_NAMES.p2(key, tab)), key, tab);
  for (const old of excessDrafts(await listUserDrafts(DRAFT_NAMES.p2Prefix), DRAFT_NAMES.p2(key, tab))) void writeUserDraft(old, null);
  return draft;
}

export function writeDraft(draft: DraftEntry): Promise<void> {
  return writeUserDraft(DRAFT_NAMES.p2(draft.key, draft.tab), draft as unknown as JsonValue);
}

export function clearDraft(key: string, tab: string): Promise<void> {
  return writeUserDraft(DRAFT_NAMES.p2(key, tab), null);
}

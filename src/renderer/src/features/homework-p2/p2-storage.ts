import { DRAFT_NAMES, listUserDrafts, writeUserDraft } from '../../lib/drafts';
import { draftSlot, isJsonObject, textFields } from '../../lib/drafts/draft-slot';
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

/** The stored draft of this homework and tab, or null (another tab's, or not a draft at all). */
export function parseP2Draft(stored: JsonValue, key: string, tab: string): DraftEntry | null {
  if (!isJsonObject(stored) || stored.key !== key || stored.tab !== tab) return null;
  const answers = textFields(stored.answers);
  if (!answers) return null;
  const base = textFields(stored.base);
  return { key, tab, at: typeof stored.at === 'number' ? stored.at : 0, answers, ...(base ? { base } : {}) };
}

const p2Slot = (key: string, tab: string) => draftSlot(DRAFT_NAMES.p2(key, tab), (stored) => parseP2Draft(stored, key, tab));

/** The unsaved answers of this homework and tab; also drops the oldest beyond the ten kept. */
export async function readDraft(key: string, tab: string): Promise<DraftEntry | undefined> {
  const draft = await p2Slot(key, tab).read();
  for (const old of excessDrafts(await listUserDrafts(DRAFT_NAMES.p2Prefix), DRAFT_NAMES.p2(key, tab))) void writeUserDraft(old, null);
  return draft ?? undefined;
}

export function writeDraft(draft: DraftEntry): Promise<void> {
  return p2Slot(draft.key, draft.tab).write(draft);
}

export function clearDraft(key: string, tab: string): Promise<void> {
  return p2Slot(key, tab).write(null);
}

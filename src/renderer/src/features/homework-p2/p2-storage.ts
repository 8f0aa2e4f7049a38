import { readJson, STORAGE_KEYS, writeStorage } from '../../lib/storage-keys';
import { claimTab, type DraftEntry, dropDraft, putDraft, type TabEntry } from './logic';

/** localStorage side of the tab ids and unsaved drafts (pure rules in logic.ts). */
export function homeworkKey(htNum: number, dop: '0' | '1'): string {
  return `${htNum}:${dop}`;
}

export function claimStoredTab(key: string, now = Date.now()): string {
  const { tab, entries } = claimTab(readJson<TabEntry[]>(STORAGE_KEYS.htP2Tabs, []), key, now);
  writeStorage(STORAGE_KEYS.htP2Tabs, JSON.stringify(entries));
  return tab;
}

export function readDraft(key: string, tab: string): DraftEntry | undefined {
  const drafts = readJson<DraftEntry[]>(STORAGE_KEYS.htP2Drafts, []);
  return Array.isArray(drafts) ? drafts.find((item) => item.key === key && item.tab === tab) : undefined;
}

export function writeDraft(draft: DraftEntry): void {
  writeStorage(STORAGE_KEYS.htP2Drafts, JSON.stringify(putDraft(readJson<DraftEntry[]>(STORAGE_KEYS.htP2Drafts, []), draft)));
}

export function clearDraft(key: string, tab: string): void {
  writeStorage(STORAGE_KEYS.htP2Drafts, JSON.stringify(dropDraft(readJson<DraftEntry[]>(STORAGE_KEYS.htP2Drafts, []), key, tab)));
}

import { useSyncExternalStore } from 'react';
import { onOutboxChange } from './outbox-changes';
import { ownerScope, type OwnerScope } from './owner-scope';
import { describeEntry, isDismissible, type OutboxItemText } from './sync-engine';
import type { OutboxStatus as EntryStatus } from './types';

/** One queued change of the signed-in user, as the «Не отправлено» list shows it. */
export interface OutboxItem {
  id: number;
  kind: string;
  /** What the change is about (a homework, a question): items of one thing share it. */
  key: string | null;
  status: EntryStatus;
  createdAt: number;
  /** The server's reason of a conflict, in Russian. */
  reason: string | null;
  text: OutboxItemText;
  /** A conflict the list itself lets go («Убрать»); others are settled on their screen. */
  dismissible: boolean;
}

export interface OutboxStatusSnapshot {
  pending: number;
  conflicts: number;
  /** In queue order. */
  items: OutboxItem[];
}

const EMPTY: OutboxStatusSnapshot = { pending: 0, conflicts: 0, items: [] };

/** The signed-in user's registered entries; other people's and unknown kinds are not theirs to see. */
export async function readOutboxStatus(scope: OwnerScope | null): Promise<OutboxStatusSnapshot> {
  if (!scope) return EMPTY;
  const items = (await scope.store.outbox.list()).flatMap((entry): OutboxItem[] => {
    const text = describeEntry(scope, entry);
    if (!text) return [];
    const reason = entry.status === 'conflict' ? entry.lastError : null;
    return [{ id: entry.id, kind: entry.kind, key: entry.key ?? null, status: entry.status, createdAt: entry.createdAt, reason, text, dismissible: isDismissible(entry) }];
  });
  const conflicts = items.filter((item) => item.status === 'conflict').length;
  return { pending: items.length - conflicts, conflicts, items };
}

let snapshot = EMPTY;
const listeners = new Set<() => void>();
let reading = false;
let readAgain = false;
let stopListening: (() => void) | null = null;

/** Reads the store again; changes during a read lead to one more read, never to overlapping ones. */
function refresh(): void {
  if (reading) {
    readAgain = true;
    return;
  }
  reading = true;
  void ownerScope()
    .then(readOutboxStatus)
    .catch(() => EMPTY)
    .then((next) => {
      snapshot = next;
      for (const listener of listeners) listener();
    })
    .finally(() => {
      reading = false;
      if (readAgain) {
        readAgain = false;
        refresh();
      }
    });
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (!stopListening) {
    stopListening = onOutboxChange(refresh);
    refresh();
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      stopListening?.();
      stopListening = null;
    }
  };
}

const current = () => snapshot;

/** The signed-in user's queued changes, app-wide, kept current as they are queued, sent and settled. */
export function useOutboxStatus(): OutboxStatusSnapshot {
  return useSyncExternalStore(subscribe, current, current);
}


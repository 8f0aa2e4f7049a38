import { toJsonValue } from '@shared/json-value';
import type { z } from 'zod';
import { announceOutboxChange } from './outbox-changes';
import type { OwnerScope } from './owner-scope';
import { readStored } from './read-stored';
import type { OutboxEntry } from './types';

/**
 * One kind of queued change, typed: its outbox name, the shape of what it keeps, the shape of the
 * server's side kept with a conflict, and what one change is about (its key: a newer change of the
 * same thing replaces a waiting one). What a device kept may come from an older version of the app
 * or a hand-edited store, so both shapes are read through their schemas, never asserted; an entry
 * that no longer fits is not taken for this kind's (it stays on the device untouched rather than
 * being sent or shown as something it is not). How a kind is sent and shown: sync-engine.ts.
 */
export interface OutboxKind<Payload extends { owner: string }, ServerCopy> {
  kind: string;
  /** This kind's entry of the scope's owner with its payload, or null. */
  read(scope: OwnerScope, entry: OutboxEntry): OwnedEntry<Payload> | null;
  /** The scope owner's entries of this kind, in queue order. */
  entries(scope: OwnerScope): Promise<OwnedEntry<Payload>[]>;
  /** Queues a change; returns the new entry. */
  enqueue(scope: OwnerScope, payload: Payload): Promise<OutboxEntry>;
  /**
   * Queues a change in place of the waiting ones of the same thing, in one store operation:
   * nobody sees the thing without a queued change, racing calls leave one. Conflicts stay.
   */
  replace(scope: OwnerScope, payload: Payload): Promise<OutboxEntry>;
  /** The server's side kept with a conflict, or null when there is none or it no longer fits. */
  serverCopy(entry: OutboxEntry): ServerCopy | null;
}

export interface OwnedEntry<Payload> {
  entry: OutboxEntry;
  payload: Payload;
}

export function defineOutboxKind<Payload extends { owner: string }, ServerCopy>(
  kind: string,
  payloadSchema: z.ZodType<Payload>,
  serverCopySchema: z.ZodType<ServerCopy>,
  /** What a change is about, e.g. the homework's number; the owner is added to it. */
  keyOf: (payload: Payload) => string,
): OutboxKind<Payload, ServerCopy> {
  const read = (scope: OwnerScope, entry: OutboxEntry): OwnedEntry<Payload> | null => {
    if (entry.kind !== kind) return null;
    const payload = readStored(payloadSchema, entry.payload);
    return payload && payload.owner === scope.owner ? { entry, payload } : null;
  };
  const announced = async (written: Promise<OutboxEntry>) => {
    const entry = await written;
    announceOutboxChange();
    return entry;
  };
  return {
    kind,
    read,
    entries: async (scope) => (await scope.store.outbox.list()).flatMap((entry) => read(scope, entry) ?? []),
    enqueue: (scope, payload) => announced(scope.store.outbox.enqueue({ kind, payload: toJsonValue(payload) })),
    replace: (scope, payload) =>
      announced(scope.store.outbox.replace({ kind, key: `${scope.owner}:${keyOf(payload)}`, payload: toJsonValue(payload) })),
    serverCopy: (entry) => readStored(serverCopySchema, entry.serverVersion),
  };
}

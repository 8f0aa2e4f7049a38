import { toJsonValue } from '@shared/json-value';
import type { z } from 'zod';
import type { OwnerScope } from './owner-scope';
import { readStored } from './read-stored';
import type { OutboxEntry } from './types';

/**
 * One kind of queued change, typed (issue 41 item 1): its outbox name, the shape of what it keeps
 * and the shape of the server's side kept with a conflict. What a device kept may come from an
 * older version of the app or a hand-edited store, so both are read through their schemas, never
 * asserted; an entry that no longer fits its shape is not taken for this kind's (it stays on the
 * device untouched rather than being sent or shown as something it is not).
 */
export interface OutboxKind<Payload extends { owner: string }, ServerCopy> {
  kind: string;
  /** This kind's entry of the scope's owner with its payload, or null. */
  read(scope: OwnerScope, entry: OutboxEntry): OwnedEntry<Payload> | null;
  /** The scope owner's entries of this kind, in queue order. */
  entries(scope: OwnerScope): Promise<OwnedEntry<Payload>[]>;
  /** Queues a change; returns the new entry. */
  enqueue(scope: OwnerScope, payload: Payload): Promise<OutboxEntry>;
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
): OutboxKind<Payload, ServerCopy> {
  const read = (scope: OwnerScope, entry: OutboxEntry): OwnedEntry<Payload> | null => {
    if (entry.kind !== kind) return null;
    const payload = readStored(payloadSchema, entry.payload);
    return payload && payload.owner === scope.owner ? { entry, payload } : null;
  };
  return {
    kind,
    read,
    entries: async (scope) => (await scope.store.outbox.list()).flatMap((entry) => read(scope, entry) ?? []),
    enqueue: (scope, payload) => scope.store.outbox.enqueue({ kind, payload: toJsonValue(payload) }),
    serverCopy: (entry) => readStored(serverCopySchema, entry.serverVersion),
  };
}

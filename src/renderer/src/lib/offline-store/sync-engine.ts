import { announceOutboxChange } from './outbox-changes';
import { replayOutbox, type ReplayResult } from './outbox';
import type { OutboxKind, OwnedEntry } from './outbox-kind';
import { callApi, ownerScope, type CallFn, type OwnerScope } from './owner-scope';
import type { OutboxEntry } from './types';

/**
 * The one sender of queued changes. A feature describes each kind of change it queues offline
 * (an OutboxHandler: how to send it through the normal call wrapper, what a refusal keeps, how the
 * list names it and where its conflict is settled) and the app registers the handlers once; the
 * app-level <OutboxSync> then replays every registered kind, whichever page is open. Forms only
 * write their draft and queue.
 */

/** How the «Не отправлено» list names an entry, in Russian. */
export interface OutboxItemText {
  /** Which thing, e.g. «Домашнее задание №12, часть 2». */
  title: string;
  /** What is kept, e.g. «Ответы на 3 задания». */
  detail: string;
  /** The page where the item is seen and its conflict is settled. */
  href: string;
  /** What to do about a conflict there, in one sentence. */
  resolve: string;
}

export interface OutboxHandler<Payload extends { owner: string }, ServerCopy> {
  kind: OutboxKind<Payload, ServerCopy>;
  /**
   * Sends one entry. Throws OutboxConflict when the server refuses it (kept for the user, later
   * entries go on); any other error stops the replay so nothing runs out of order.
   */
  send(call: CallFn, scope: OwnerScope, own: OwnedEntry<Payload>): Promise<void>;
  /** Entries someone else sends now (an open form of the same homework): they wait. */
  holds?(payload: Payload): boolean;
  /** After a replay that sent or kept something: the feature refreshes what it shows. */
  afterSync?(result: ReplayResult): Promise<void> | void;
  describe(own: OwnedEntry<Payload>): OutboxItemText;
  /**
   * A kind without a screen of its own settles a conflict in the list: the user has seen it and
   * lets it go («Убрать»). Kinds with a screen leave it there, where both versions are shown.
   */
  dismissible?: boolean;
}

/** A registered handler, its payload type closed over. */
interface RegisteredKind {
  kind: string;
  dismissible: boolean;
  replay(call: CallFn, scope: OwnerScope): Promise<ReplayResult>;
  describe(scope: OwnerScope, entry: OutboxEntry): OutboxItemText | null;
}

/**
 * Replays one kind's entries of the scope's owner in queue order, in a lane of its own: other
 * kinds' and other people's entries are left alone, and a stop of one kind never holds another.
 */
export function replayKind<Payload extends { owner: string }, ServerCopy>(
  handler: OutboxHandler<Payload, ServerCopy>,
  call: CallFn,
  scope: OwnerScope,
): Promise<ReplayResult> {
  const sendable = (entry: OutboxEntry) => {
    const own = handler.kind.read(scope, entry);
    return own && !handler.holds?.(own.payload) ? own : null;
  };
  return replayOutbox(
    scope.store,
    (entry) => {
      const own = sendable(entry);
      return own ? handler.send(call, scope, own) : Promise.resolve();
    },
    { lane: handler.kind.kind, skip: (entry) => sendable(entry) === null },
  );
}

const registry = new Map<string, RegisteredKind>();

/** Makes a kind known to the app's sender and status; a second registration of a kind replaces the first. */
export function registerOutboxHandler<Payload extends { owner: string }, ServerCopy>(handler: OutboxHandler<Payload, ServerCopy>): void {
  registry.set(handler.kind.kind, {
    kind: handler.kind.kind,
    dismissible: handler.dismissible ?? false,
    replay: async (call, scope) => {
      const result = await replayKind(handler, call, scope);
      if (result.sent > 0 || result.conflicts > 0) await handler.afterSync?.(result);
      return result;
    },
    describe: (scope, entry) => {
      const own = handler.kind.read(scope, entry);
      return own ? handler.describe(own) : null;
    },
  });
}

/** The registered kind's words for an entry of the scope's owner; null for anything else. */
export function describeEntry(scope: OwnerScope, entry: OutboxEntry): OutboxItemText | null {
  return registry.get(entry.kind)?.describe(scope, entry) ?? null;
}

/** The list may drop this conflict itself (its kind has no screen that settles it). */
export function isDismissible(entry: OutboxEntry): boolean {
  return entry.status === 'conflict' && (registry.get(entry.kind)?.dismissible ?? false);
}

/** The user has seen a refused change of a dismissible kind: it leaves the device. */
export async function dismissConflict(id: number): Promise<void> {
  const scope = await ownerScope();
  if (!scope) return;
  const entry = (await scope.store.outbox.list()).find((candidate) => candidate.id === id);
  if (!entry || !isDismissible(entry) || describeEntry(scope, entry) === null) return;
  await scope.store.outbox.remove(id);
  announceOutboxChange();
}

/** Some registered entry of the signed-in user waits to be sent (conflicts wait for the user, not counted). */
export async function hasPendingOutbox(): Promise<boolean> {
  const scope = await ownerScope();
  if (!scope) return false;
  return (await scope.store.outbox.list()).some((entry) => entry.status === 'pending' && describeEntry(scope, entry) !== null);
}

/**
 * Sends every registered kind's waiting entries of the signed-in user, the kinds side by side.
 * Answers each kind's result by its name (none when signed out).
 */
export async function syncOutbox(call: CallFn = callApi): Promise<Map<string, ReplayResult>> {
  const results = new Map<string, ReplayResult>();
  const scope = await ownerScope();
  if (!scope) return results;
  try {
    await Promise.all(
      [...registry.values()].map(async (registered) => {
        results.set(registered.kind, await registered.replay(call, scope));
      }),
    );
  } finally {
    announceOutboxChange();
  }
  return results;
}

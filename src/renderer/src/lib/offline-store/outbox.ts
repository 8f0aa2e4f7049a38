import type { JsonValue, OutboxEntry } from '../../../../shared/desktop-api';
import type { OfflineStore } from './types';

/**
 * Thrown by an outbox executor when the server refuses a mutation because its copy changed
 * meanwhile. Carries the server's version so the UI can show both and let the user choose.
 */
export class OutboxConflict extends Error {
  override readonly name = 'OutboxConflict';

  constructor(
    readonly serverVersion: JsonValue,
    message = 'Данные на сервере изменились',
  ) {
    super(message);
  }
}

/** Sends one queued mutation through the normal contracts; throws OutboxConflict or any error. */
export type OutboxExecutor = (entry: OutboxEntry) => Promise<unknown>;

export interface ReplayOptions {
  /** A conflict was kept for the user; `entry` already has status 'conflict'. */
  onConflict?(entry: OutboxEntry, conflict: OutboxConflict): void;
  /** Entries this replay leaves queued untouched (another signed-in user's, say). */
  skip?(entry: OutboxEntry): boolean;
  /**
   * Which feature's changes this replay sends (e.g. 'p2-save'). A second call of the same lane
   * joins the running replay; replays of different lanes (they skip each other's entries) run
   * side by side, so one feature's sync never swallows another's.
   */
  lane?: string;
}

export interface ReplayResult {
  sent: number;
  conflicts: number;
  /** A transport failure stopped the replay; the failed entry and those after it stay queued. */
  stopped: boolean;
  error?: unknown;
}

const running = new WeakMap<OfflineStore, Map<string, Promise<ReplayResult>>>();

/**
 * Replays queued mutations strictly in queue order once the connection is back. Success removes
 * an entry; a conflict keeps it (status 'conflict', skipped by later replays until the user
 * resolves it) and reports it; any other error stops here so nothing runs out of order. Later
 * mutations of a conflicting record carry the same base version, so they conflict too instead of
 * overwriting the server copy. A second call of the same lane while one runs joins the running replay.
 */
export function replayOutbox(store: OfflineStore, execute: OutboxExecutor, options: ReplayOptions = {}): Promise<ReplayResult> {
  const lane = options.lane ?? '';
  let lanes = running.get(store);
  if (!lanes) running.set(store, (lanes = new Map()));
  const current = lanes.get(lane);
  if (current) return current;
  const replay = replayOnce(store, execute, options).finally(() => lanes.delete(lane));
  lanes.set(lane, replay);
  return replay;
}

async function replayOnce(store: OfflineStore, execute: OutboxExecutor, options: ReplayOptions): Promise<ReplayResult> {
  const result: ReplayResult = { sent: 0, conflicts: 0, stopped: false };
  for (const entry of await store.outbox.list()) {
    if (entry.status === 'conflict' || options.skip?.(entry)) continue;
    try {
      await execute(entry);
    } catch (error) {
      const attempts = entry.attempts + 1;
      if (error instanceof OutboxConflict) {
        const kept = await store.outbox.update(entry.id, {
          status: 'conflict',
          attempts,
          lastError: error.message,
          serverVersion: error.serverVersion,
        });
        result.conflicts += 1;
        options.onConflict?.(kept ?? { ...entry, status: 'conflict', attempts, serverVersion: error.serverVersion }, error);
        continue;
      }
      await store.outbox.update(entry.id, { attempts, lastError: error instanceof Error ? error.message : String(error) });
      return { ...result, stopped: true, error };
    }
    await store.outbox.remove(entry.id);
    result.sent += 1;
  }
  return result;
}

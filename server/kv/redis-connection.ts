import { Redis } from 'ioredis';
import type { DependencyHealth } from '../health/dependency-health';

/** Reconnect attempts are spaced 100 ms, 200 ms, … and at most this far apart. */
export const MAX_RECONNECT_DELAY_MS = 2_000;

export interface RedisConnectionOptions {
  /** Names this connection in the health tracker (each connection reports its own state). */
  name: string;
  health?: DependencyHealth;
  /**
   * Commands fail at once while disconnected, so a call answers 503 promptly instead of waiting
   * for a reconnect. Off for the subscriber, whose first SUBSCRIBEs are queued until connected.
   */
  failFast: boolean;
  /** Runs on every (re)connection before the connection counts as healthy (the bus resubscribes here). */
  onReady?: (client: Redis) => Promise<unknown>;
}

export interface RedisConnection {
  client: Redis;
  /** Quits on purpose: the close that follows is not an outage. */
  close(): Promise<void>;
}

/**
 * An ioredis client that never emits an unhandled 'error' (no "[ioredis] Unhandled error event"
 * lines), reconnects forever with a bounded backoff, and reports going down and coming back to
 * the health tracker, which logs each outage once.
 */
export function connectRedis(url: string, options: RedisConnectionOptions): RedisConnection {
  const { name, health, failFast, onReady } = options;
  const client = new Redis(url, {
    // Commands issued before the first connection wait for it (a server just started); see 'ready'.
    enableOfflineQueue: true,
    maxRetriesPerRequest: failFast ? 0 : null,
    retryStrategy: (attempt) => Math.min(attempt * 100, MAX_RECONNECT_DELAY_MS),
    // Resubscribing is done in onReady, so the connection is healthy only once its channels are back.
    autoResubscribe: false,
  });
  let closing = false;
  const down = (error: unknown) => {
    if (!closing) health?.failed('Redis', error, name);
  };
  client.on('error', down);
  client.on('close', () => down(new Error('соединение закрыто')));
  client.on('ready', () => {
    // From now on a lost connection is an outage: fail at once rather than queue (ioredis reads this option per command).
    if (failFast) client.options.enableOfflineQueue = false;
    void (onReady ? onReady(client) : Promise.resolve()).then(
      () => health?.recovered('Redis', name),
      (error: unknown) => down(error),
    );
  });
  return {
    client,
    async close() {
      closing = true;
      // quit() waits for Redis; when it is away, just drop the connection.
      if (client.status === 'ready') await client.quit().catch(() => client.disconnect());
      else client.disconnect();
    },
  };
}

/**
 * Short-lived shared keys: the signature replay cache and sign-in rate limits. In Redis when
 * REDIS_URL is set, otherwise in the database (database-store.ts); in memory only in unit tests.
 */
export interface KeyValueStore {
  /** Stores the key for `ttlMs` if absent; false when it was already there. */
  setIfAbsent(key: string, ttlMs: number): Promise<boolean>;
  /** The counter's value, 0 when absent or expired. */
  get(key: string): Promise<number>;
  /** Adds `by` (default 1) to a counter that expires `ttlMs` after its first change; returns the new value. */
  increment(key: string, ttlMs: number, by?: number): Promise<number>;
  delete(key: string): Promise<void>;
  close(): Promise<void>;
}

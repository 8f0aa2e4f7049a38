import type { Db } from '../db';
import type { DependencyHealth } from '../health/dependency-health';
import { createDatabaseStore } from './database-store';
import type { KeyValueStore } from './key-value-store';
import { connectRedis } from './redis-connection';

export type { KeyValueStore } from './key-value-store';

export function createMemoryStore(now: () => number = Date.now): KeyValueStore {
  const entries = new Map<string, { value: number; expiresAt: number }>();
  const live = (key: string) => {
    const entry = entries.get(key);
    if (entry && entry.expiresAt <= now()) {
      entries.delete(key);
      return undefined;
    }
    return entry;
  };
  // Sweep expired keys so a long-running process does not grow without bound.
  const sweep = setInterval(() => {
    const time = now();
    for (const [key, entry] of entries) if (entry.expiresAt <= time) entries.delete(key);
  }, 60_000);
  sweep.unref();
  return {
    async get(key) {
      return live(key)?.value ?? 0;
    },
    async setIfAbsent(key, ttlMs) {
      if (live(key)) return false;
      entries.set(key, { value: 1, expiresAt: now() + ttlMs });
      return true;
    },
    async increment(key, ttlMs, by = 1) {
      const entry = live(key);
      if (entry) {
        entry.value += by;
        return entry.value;
      }
      entries.set(key, { value: by, expiresAt: now() + ttlMs });
      return by;
    },
    async delete(key) {
      entries.delete(key);
    },
    async close() {
      clearInterval(sweep);
      entries.clear();
    },
  };
}

export function createRedisStore(url: string, prefix: string, health?: DependencyHealth): KeyValueStore {
  // Fails fast while Redis is away: the signature check and sign-in limits answer 503 at once.
  const connection = connectRedis(url, { name: 'хранилище ключей', health, failFast: true });
  const redis = connection.client;
  return {
    async get(key) {
      return Number((await redis.get(prefix + key)) ?? 0);
    },
    async setIfAbsent(key, ttlMs) {
      return (await redis.set(prefix + key, '1', 'PX', ttlMs, 'NX')) === 'OK';
    },
    async increment(key, ttlMs, by = 1) {
      const results = await redis.multi().incrby(prefix + key, by).pexpire(prefix + key, ttlMs, 'NX').exec();
      return Number(results?.[0]?.[1] ?? 0);
    },
    async delete(key) {
      await redis.del(prefix + key);
    },
    async close() {
      await connection.close();
    },
  };
}

/**
 * Redis when REDIS_URL is set (shared by all instances), otherwise the database: never this
 * process's memory, so a replay stays refused after a restart (the memory store is for unit tests).
 */
export function createKeyValueStore(redisUrl: string | undefined, prefix: string, db: Db, now: () => number, health?: DependencyHealth): KeyValueStore {
  return redisUrl ? createRedisStore(redisUrl, `${prefix}kv:`, health) : createDatabaseStore(db, now);
}

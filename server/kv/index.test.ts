import { afterAll, describe, expect, it } from 'vitest';
import { createMemoryStore, createRedisStore, type KeyValueStore } from './index';

function contract(name: string, make: () => { store: KeyValueStore; advance: (ms: number) => Promise<void> }) {
  describe(name, () => {
    const { store, advance } = make();
    afterAll(() => store.close());
    const key = `test-${Math.random().toString(36).slice(2)}`;

    it('setIfAbsent refuses a second set until the key expires', async () => {
      expect(await store.setIfAbsent(key, 200)).toBe(true);
      expect(await store.setIfAbsent(key, 200)).toBe(false);
      await advance(250);
      expect(await store.setIfAbsent(key, 200)).toBe(true);
    });
    it('increment counts within the window and restarts after it', async () => {
      const counter = key + ':n';
      expect(await store.get(counter)).toBe(0);
      expect(await store.increment(counter, 200)).toBe(1);
      expect(await store.increment(counter, 200)).toBe(2);
      expect(await store.get(counter)).toBe(2);
      await advance(250);
      expect(await store.increment(counter, 200)).toBe(1);
      await store.delete(counter);
      expect(await store.increment(counter, 200)).toBe(1);
    });
  });
}

let time = 1_000;
contract('memory store', () => ({ store: createMemoryStore(() => time), advance: async (ms) => void (time += ms) }));

const redisUrl = process.env.TEST_REDIS_URL;
if (redisUrl) {
  contract('redis store', () => ({
    store: createRedisStore(redisUrl, `enot-test:${process.pid}:`),
    advance: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  }));
}

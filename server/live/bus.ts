import { Redis } from 'ioredis';

/**
 * Fan-out between server instances. Every instance subscribes; a publish reaches all of them
 * (including the publisher), and each delivers to its own sockets. In memory for one process,
 * Redis pub/sub when REDIS_URL is set.
 */
export interface Bus {
  publish(topic: string, message: unknown): Promise<void>;
  subscribe(topic: string, handler: (message: unknown) => void): void;
  /** Resolves once every subscription made so far is live (Redis subscribes asynchronously). */
  ready(): Promise<void>;
  close(): Promise<void>;
}

export function createMemoryBus(): Bus {
  const handlers = new Map<string, Set<(message: unknown) => void>>();
  return {
    async publish(topic, message) {
      // Deliver asynchronously, like Redis would, so publishers never re-enter their own handlers.
      const copy = JSON.parse(JSON.stringify(message)) as unknown;
      queueMicrotask(() => handlers.get(topic)?.forEach((handler) => handler(copy)));
    },
    subscribe(topic, handler) {
      if (!handlers.has(topic)) handlers.set(topic, new Set());
      handlers.get(topic)!.add(handler);
    },
    async ready() {},
    async close() {
      handlers.clear();
    },
  };
}

export function createRedisBus(url: string, prefix: string): Bus {
  const publisher = new Redis(url, { maxRetriesPerRequest: 2 });
  const subscriber = new Redis(url, { maxRetriesPerRequest: null });
  const handlers = new Map<string, Set<(message: unknown) => void>>();
  const ready = new Map<string, Promise<unknown>>();
  subscriber.on('message', (channel: string, payload: string) => {
    const topic = channel.slice(prefix.length);
    let message: unknown;
    try {
      message = JSON.parse(payload);
    } catch {
      return;
    }
    handlers.get(topic)?.forEach((handler) => handler(message));
  });
  return {
    async publish(topic, message) {
      await ready.get(topic);
      await publisher.publish(prefix + topic, JSON.stringify(message));
    },
    subscribe(topic, handler) {
      if (!handlers.has(topic)) {
        handlers.set(topic, new Set());
        ready.set(topic, subscriber.subscribe(prefix + topic));
      }
      handlers.get(topic)!.add(handler);
    },
    async ready() {
      await Promise.all(ready.values());
    },
    async close() {
      handlers.clear();
      await Promise.allSettled([publisher.quit(), subscriber.quit()]);
    },
  };
}

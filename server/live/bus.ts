import type { DependencyHealth } from '../health/dependency-health';
import { connectRedis } from '../kv/redis-connection';

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
      const copy: unknown = JSON.parse(JSON.stringify(message));
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

export function createRedisBus(url: string, prefix: string, health?: DependencyHealth): Bus {
  const handlers = new Map<string, Set<(message: unknown) => void>>();
  const ready = new Map<string, Promise<unknown>>();
  // A push during an outage fails at once (the call answers 503) instead of waiting for Redis.
  const publishing = connectRedis(url, { name: 'шина: публикация', health, failFast: true });
  const subscribing = connectRedis(url, {
    name: 'шина: подписка',
    health,
    failFast: false,
    // After a reconnect Redis has forgotten our channels: subscribe again before the bus counts as
    // healthy, so pushes from other instances resume as soon as /readyz says ready.
    onReady: (client) => (handlers.size > 0 ? client.subscribe(...[...handlers.keys()].map((topic) => prefix + topic)) : Promise.resolve()),
  });
  const publisher = publishing.client;
  const subscriber = subscribing.client;
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
      await Promise.allSettled([publishing.close(), subscribing.close()]);
    },
  };
}

import type { BodyOf, PushContract } from '../../src/shared/contract/core';
import type { Bus } from './bus';

/** Pushes to users wherever their sockets are: every instance gets the message via the bus. */
export interface LivePublisher {
  push<P extends PushContract>(userIds: number | readonly number[], contract: P, body: BodyOf<P>): Promise<void>;
  /**
   * Recompute and push display flags: for some users (their type, groups or hidden icons
   * changed) or for everyone connected (the icons configuration changed).
   */
  refreshIcons(target: readonly number[] | 'all'): Promise<void>;
  /** Closes (4401) every socket opened with this session, wherever it is connected. */
  endSession(device: string): Promise<void>;
}

/**
 * What the publisher needs from this instance's socket hub. Named here rather than importing the
 * Hub class, so `Services` (which holds a publisher) does not depend on the hub that uses it.
 */
export interface LocalSockets {
  broadcastLocal(userIds: Iterable<number>, method: string, body: Record<string, unknown>): number;
  localUserIds(): number[];
  hasUser(userId: number): boolean;
  closeDevice(device: string): void;
}

interface PushMessage {
  userIds: number[];
  method: string;
  body: Record<string, unknown>;
}

interface IconsMessage {
  target: number[] | 'all';
}

export function createLivePublisher(
  bus: Bus,
  hub: LocalSockets,
  onIconsChanged: (target: number[] | 'all', localUserIds: number[]) => Promise<void>,
): LivePublisher {
  bus.subscribe('push', (message) => {
    const { userIds, method, body } = message as PushMessage;
    hub.broadcastLocal(userIds, method, body);
  });
  bus.subscribe('icons', (message) => {
    const { target } = message as IconsMessage;
    const affected = target === 'all' ? hub.localUserIds() : target.filter((id) => hub.hasUser(id));
    void onIconsChanged(target, affected);
  });
  bus.subscribe('session-ended', (message) => {
    hub.closeDevice((message as { device: string }).device);
  });
  return {
    async push(userIds, contract, body) {
      const ids = typeof userIds === 'number' ? [userIds] : [...userIds];
      if (ids.length === 0) return;
      await bus.publish('push', { userIds: ids, method: contract.path, body } satisfies PushMessage);
    },
    async refreshIcons(target) {
      await bus.publish('icons', { target: target === 'all' ? 'all' : [...target] } satisfies IconsMessage);
    },
    async endSession(device) {
      await bus.publish('session-ended', { device });
    },
  };
}

import type { Db } from '../db';
import type { Services } from '../services';
import type { DomainEvent } from './event';

/**
 * One domain's reaction to an event, declared in that domain's module.ts (`subscribers`). Both
 * parts are optional; subscribers of one event run in the order of server/domains/index.ts.
 * `N` is what the in-transaction part notes for the after-commit part (JSON, e.g. what it granted).
 */
export interface Subscriber<P = unknown, N = unknown> {
  event: DomainEvent<P>;
  /** Who reacts and how, unique per event: '<domain>: <what it does>'. */
  name: string;
  /**
   * Runs inside the publisher's transaction: its writes commit or roll back together with the fact,
   * and the publisher's reply already sees them. Throwing rolls the publisher's change back too.
   * With an after-commit part, what it returns is handed to that part; `undefined` means there is
   * nothing to do after the commit.
   */
  // Method syntax on purpose: a subscriber keeps its own payload type in the common list.
  inTransaction?(trx: Db, payload: P, context: { now: number }): Promise<N | undefined>;
  /**
   * Runs after the commit, from the jobs table (so a crash between the commit and the effect only
   * delays it): pushes and other outside effects. At least once: when a part throws, the job is
   * retried and every after-commit part of the event runs again, so each must be safe to repeat.
   */
  afterCommit?(services: Services, payload: P, noted: N | undefined): Promise<void>;
}

/** Typed helper for a domain's subscriber. */
export function subscribe<P, N = never>(subscriber: Subscriber<P, N>): Subscriber<P, N> {
  return subscriber;
}

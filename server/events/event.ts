import type { z } from 'zod';
import type { Db } from '../db';

/**
 * A fact one domain states and other domains react to («homework part finished», «credit passed»,
 * «answer scored»): its name and the zod schema of its payload. The catalogue is in catalogue.ts.
 */
export interface DomainEvent<P> {
  name: string;
  payload: z.ZodType<P>;
}

/** Declares an event (see catalogue.ts). */
export function defineEvent<P>(name: string, payload: z.ZodType<P>): DomainEvent<P> {
  return { name, payload };
}

/** States an event inside the transaction that makes it true. */
export type Publish = <P>(event: DomainEvent<P>, payload: P) => Promise<void>;

/**
 * What `services.events` offers a use case that states facts (implemented by DomainEvents in
 * domain-events.ts; the subscribers are declared by the domains that react, in their module.ts).
 */
export interface DomainEventBus {
  /**
   * Runs `work` in a new transaction. `publish` inside it runs every subscriber's in-transaction
   * part at once, in the same transaction and in order, so their writes commit or roll back with the
   * fact; when a subscriber has work after the commit (pushes), the event is recorded in the jobs
   * table in that same transaction and the job runner, woken right after the commit, runs it.
   */
  transaction<T>(db: Db, work: (trx: Db, publish: Publish) => Promise<T>): Promise<T>;
  /** Runs the after-commit parts of an event's subscribers, in order (the `domain-event` job). */
  deliverAfterCommit(name: string, payload: unknown, noted: Readonly<Record<string, unknown>>): Promise<void>;
}

import { z } from 'zod';
import type { Db } from '../db';
import { defineJob } from '../jobs/job';
import { enqueueJob } from '../jobs/queue';
import type { Services } from '../services';
import type { DomainEvent, DomainEventBus, Publish } from './event';
import type { Subscriber } from './subscriber';

/**
 * The after-commit half of an event: one row in the jobs table, written in the publisher's
 * transaction, so the effects are as durable as the fact. Only events with an after-commit
 * subscriber get a row (a scored answer is already recorded by its own domain's tables).
 */
export const domainEventJob = defineJob({
  kind: 'domain-event',
  payload: z.object({ event: z.string().min(1).max(100), payload: z.unknown(), noted: z.record(z.string(), z.unknown()) }),
  run: async (services, { event, payload, noted }) => services.events.deliverAfterCommit(event, payload, noted),
});

/**
 * The in-process event bus (server/events): subscribers by event, in the order given (the order of
 * the domains in server/domains/index.ts). No process state besides that list: every effect is in
 * the database, inside the publisher's transaction or in its job row.
 */
export class DomainEvents implements DomainEventBus {
  private readonly byEvent = new Map<string, Subscriber[]>();

  constructor(
    private readonly services: Services,
    subscribers: readonly Subscriber[],
  ) {
    for (const subscriber of subscribers) {
      const same = this.byEvent.get(subscriber.event.name) ?? [];
      if (same.some((other) => other.name === subscriber.name)) throw new Error(`events: two subscribers of ${subscriber.event.name} named "${subscriber.name}"`);
      this.byEvent.set(subscriber.event.name, [...same, subscriber]);
    }
  }

  async transaction<T>(db: Db, work: (trx: Db, publish: Publish) => Promise<T>): Promise<T> {
    let recorded = false;
    const result = await db.transaction().execute((trx) =>
      work(trx, async (event, payload) => {
        if (await this.publishIn(trx, event, payload)) recorded = true;
      }),
    );
    // Committed: the runner may take the event's job now rather than at its next poll.
    if (recorded) this.services.wakeJobs();
    return result;
  }

  async deliverAfterCommit(name: string, payload: unknown, noted: Readonly<Record<string, unknown>>): Promise<void> {
    for (const subscriber of this.byEvent.get(name) ?? []) {
      if (subscriber.afterCommit && (!subscriber.inTransaction || subscriber.name in noted)) {
        await subscriber.afterCommit(this.services, subscriber.event.payload.parse(payload), noted[subscriber.name]);
      }
    }
  }

  /** Runs the in-transaction parts; records the event when an after-commit part has work. Returns whether it did. */
  private async publishIn<P>(trx: Db, event: DomainEvent<P>, payload: P): Promise<boolean> {
    const parsed = event.payload.parse(payload);
    const subscribers = this.byEvent.get(event.name) ?? [];
    const now = this.services.clock.now();
    const noted: Record<string, unknown> = {};
    let afterCommit = false;
    for (const subscriber of subscribers) {
      const note = await subscriber.inTransaction?.(trx, parsed, { now });
      if (!subscriber.afterCommit) continue;
      if (!subscriber.inTransaction) afterCommit = true;
      else if (note !== undefined) {
        noted[subscriber.name] = note;
        afterCommit = true;
      }
    }
    if (!afterCommit) return false;
    await enqueueJob(trx, domainEventJob, { event: event.name, payload: parsed, noted }, { runAt: now, now });
    return true;
  }
}

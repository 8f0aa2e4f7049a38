import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startTestServer, testDialects, type TestServer } from '../../tests/helpers/server';
import { awardRating } from '../domains/rating/ledger';
import { JobRunner } from '../jobs/runner';
import type { Services } from '../services';
import { DomainEvents, domainEventJob } from './domain-events';
import { defineEvent } from './event';
import { subscribe, type Subscriber } from './subscriber';

const somethingDone = defineEvent('test-something-done', z.object({ userId: z.number().int(), id: z.string() }));

describe.each(testDialects)('domain events on %s', (dialect) => {
  let server: TestServer;
  let services: Services;
  let userId: number;
  const order: string[] = [];
  const afterCommit: Array<{ name: string; noted: unknown }> = [];
  const db = () => services.db;
  const ledger = (id: string) => db().selectFrom('rating_changes').select(['source_kind', 'tenths']).where('source_id', '=', id).orderBy('id').execute();
  const eventJobs = () => db().selectFrom('jobs').select(['status', 'payload']).where('kind', '=', domainEventJob.kind).execute();

  /** Writes a ledger row in the publisher's transaction, notes a text for after the commit. */
  const writer = (kind: string, tenths: number): Subscriber<z.infer<typeof somethingDone.payload>, string> =>
    subscribe({
      event: somethingDone,
      name: `test: ${kind}`,
      async inTransaction(trx, { userId: user, id }) {
        order.push(kind);
        await awardRating(trx, { userId: user, tenths, comment: kind, source: { kind, id } });
        return `${kind} wrote ${id}`;
      },
      async afterCommit(_services, { id }, noted) {
        afterCommit.push({ name: `${kind}:${id}`, noted });
      },
    });

  beforeAll(async () => {
    server = await startTestServer({ dialect });
    // The runner is stopped: the test runs the recorded jobs itself.
    await server.server.jobs.stop();
    services = server.server.services;
    userId = (await db().selectFrom('users').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
  });
  afterAll(() => server.close());
  beforeEach(async () => {
    order.length = 0;
    afterCommit.length = 0;
    await db().deleteFrom('jobs').where('kind', '=', domainEventJob.kind).execute();
  });

  it('runs the subscribers in the publisher’s transaction, in order; their after-commit parts once it committed', async () => {
    const events = new DomainEvents(services, [writer('test_first', 10), writer('test_second', 20)]);
    const seen = await events.transaction(db(), async (trx, publish) => {
      await publish(somethingDone, { userId, id: 'a1' });
      // The publisher's own transaction already sees what the subscribers wrote.
      return trx.selectFrom('rating_changes').select('source_kind').where('source_id', '=', 'a1').orderBy('id').execute();
    });
    expect(order).toEqual(['test_first', 'test_second']);
    expect(seen.map((row) => row.source_kind)).toEqual(['test_first', 'test_second']);
    expect(await ledger('a1')).toEqual([
      { source_kind: 'test_first', tenths: 10 },
      { source_kind: 'test_second', tenths: 20 },
    ]);
    // Recorded durably for the after-commit parts, which have not run yet.
    const jobs = await eventJobs();
    expect(jobs).toHaveLength(1);
    expect(JSON.parse(jobs[0]!.payload)).toEqual({
      event: somethingDone.name,
      payload: { userId, id: 'a1' },
      noted: { 'test: test_first': 'test_first wrote a1', 'test: test_second': 'test_second wrote a1' },
    });
    expect(afterCommit).toEqual([]);

    // The runner hands the recorded job to the bus (here a runner that knows this bus).
    const runner = new JobRunner({ ...services, events }, [domainEventJob]);
    expect(await runner.runDue(services.clock.now() + 1)).toBe(1);
    expect(afterCommit).toEqual([
      { name: 'test_first:a1', noted: 'test_first wrote a1' },
      { name: 'test_second:a1', noted: 'test_second wrote a1' },
    ]);
    expect((await eventJobs())[0]!.status).toBe('done');
  });

  it('a rolled-back transaction leaves no effect: no subscriber write, no recorded event', async () => {
    const events = new DomainEvents(services, [writer('test_first', 10), writer('test_second', 20)]);
    await expect(
      events.transaction(db(), async (trx, publish) => {
        await awardRating(trx, { userId, tenths: 5, comment: 'publisher', source: { kind: 'test_publisher', id: 'b1' } });
        await publish(somethingDone, { userId, id: 'b1' });
        throw new Error('the publisher changes its mind');
      }),
    ).rejects.toThrow('the publisher changes its mind');
    expect(order).toEqual(['test_first', 'test_second']);
    expect(await ledger('b1')).toEqual([]);
    expect(await eventJobs()).toEqual([]);
  });

  it('a failing subscriber rolls the publisher’s change back; later subscribers do not run', async () => {
    const failing = subscribe({
      event: somethingDone,
      name: 'test: failing',
      async inTransaction() {
        order.push('failing');
        throw new Error('subscriber failed');
      },
    });
    const events = new DomainEvents(services, [writer('test_first', 10), failing, writer('test_second', 20)]);
    await expect(
      events.transaction(db(), async (trx, publish) => {
        await awardRating(trx, { userId, tenths: 5, comment: 'publisher', source: { kind: 'test_publisher', id: 'c1' } });
        await publish(somethingDone, { userId, id: 'c1' });
      }),
    ).rejects.toThrow('subscriber failed');
    expect(order).toEqual(['test_first', 'failing']);
    expect(await ledger('c1')).toEqual([]);
    expect(await eventJobs()).toEqual([]);
  });

  it('records no job when no subscriber has work after the commit', async () => {
    const quiet = subscribe({
      event: somethingDone,
      name: 'test: nothing to announce',
      inTransaction: async () => undefined,
      afterCommit: async () => {
        afterCommit.push({ name: 'quiet', noted: undefined });
      },
    });
    const inOnly = subscribe({ event: somethingDone, name: 'test: in transaction only', inTransaction: async () => 'ignored' });
    const events = new DomainEvents(services, [quiet, inOnly]);
    await events.transaction(db(), (_trx, publish) => publish(somethingDone, { userId, id: 'd1' }));
    expect(await eventJobs()).toEqual([]);
    // An invalid payload is refused before any subscriber runs.
    await expect(events.transaction(db(), (_trx, publish) => publish(somethingDone, { userId, id: 7 as unknown as string }))).rejects.toThrow();
  });

  it('refuses two subscribers of one event with the same name', () => {
    expect(() => new DomainEvents(services, [writer('test_first', 1), writer('test_first', 2)])).toThrow(/two subscribers/);
  });
});

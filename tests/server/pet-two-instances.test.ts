import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAvatar, PET_TEXTS, updateAvatar, updateInfo } from '../../src/shared/contract/pet';
import { applyTicks, PET_TICK_MS } from '../../src/shared/domain/pet';
import { loadConfig } from '../../server/config';
import { advanceAllPets, PET_TICK_JOB_KEY } from '../../server/domains/pet/life';
import { JobRunner, jobDefinitions } from '../../server/jobs';
import { startServer, type RunningServer } from '../../server/server';
import { TestClient, type LiveTestSocket } from '../helpers/client';
import { createPostgresSchema, dropRedisPrefix } from '../helpers/server';

const databaseUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;

/**
 * Pet time with two server instances on one PostgreSQL schema and one Redis: the tick job exists
 * once, each tick is applied once to each pet whichever instance runs it (even both at the same
 * moment), a downtime is caught up tick by tick, and the pushes reach the owner on the other instance.
 */
describe.skipIf(!databaseUrl || !redisUrl)('pet ticks across two instances (PostgreSQL + Redis)', () => {
  const redisPrefix = `enot-pet-${randomBytes(6).toString('hex')}:`;
  let schema: Awaited<ReturnType<typeof createPostgresSchema>>;
  let storage: string;
  let a: RunningServer;
  let b: RunningServer;
  let offset = 0;
  const clock = { now: () => Date.now() + offset };
  const sockets: LiveTestSocket[] = [];

  const start = (seed: boolean) =>
    startServer(
      loadConfig({
        DATABASE_URL: databaseUrl!,
        REDIS_URL: redisUrl!,
        REDIS_PREFIX: redisPrefix,
        STORAGE_DIR: storage,
        DEMO_MEDIA: '0',
        DEMO_SEED: seed ? '1' : 'off',
        PORT: '0',
        HOST: '127.0.0.1',
        LOG_LEVEL: 'silent',
        VALIDATE_OUTPUT: '1',
      }),
      { clock, searchPath: schema.schema },
    );

  beforeAll(async () => {
    schema = await createPostgresSchema();
    storage = mkdtempSync(join(tmpdir(), 'enot-pet-storage-'));
    a = await start(true);
    b = await start(false);
    // The test decides when the runners look for due jobs.
    await Promise.all([a.jobs.stop(), b.jobs.stop()]);
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await Promise.allSettled([a?.close(), b?.close()]);
    await schema?.drop();
    rmSync(storage, { recursive: true, force: true });
    await dropRedisPrefix(redisUrl!, redisPrefix);
  });

  it('arms no tick job while nobody has a pet', async () => {
    expect(await a.services.db.selectFrom('jobs').select('id').where('key', '=', PET_TICK_JOB_KEY).execute()).toEqual([]);
  });

  it('applies each tick once although both instances run the job and the pets at the same moments', async () => {
    const logins = ['student', 'intensive', 'partial', 'subscription'];
    const onB: LiveTestSocket[] = [];
    for (const login of logins) {
      const viaA = await new TestClient(a.url).signIn(login);
      const socketA = await viaA.openLive();
      sockets.push(socketA);
      await socketA.request(createAvatar, {});
      // The owner's other device is connected to instance B.
      const socketB = await new TestClient(b.url, viaA.session).openLive();
      sockets.push(socketB);
      onB.push(socketB);
    }
    const db = a.services.db;
    // Pets created through both instances arm one job.
    expect(await db.selectFrom('jobs').select(['kind', 'status']).where('key', '=', PET_TICK_JOB_KEY).execute()).toEqual([{ kind: 'pet-tick', status: 'pending' }]);
    const before = await db.selectFrom('pets').selectAll().where('dead', '=', 0).orderBy('id').execute();
    expect(before).toHaveLength(logins.length);
    const born = Math.max(...before.map((pet) => pet.born_at));
    await db.updateTable('pets').set({ ticked_until: born }).execute();

    const runnerA = new JobRunner(a.services, jobDefinitions, { id: 'runner-a' });
    const runnerB = new JobRunner(b.services, jobDefinitions, { id: 'runner-b' });
    const pushes = onB.map((socket) => socket.nextPush(updateAvatar, 15_000));
    // 30 moments, one tick apart: at each both runners look at once, and both instances also
    // advance the pets directly (as if the job's claim had been lost), all concurrently.
    let jobRuns = 0;
    for (let tick = 1; tick <= 30; tick += 1) {
      const at = born + tick * PET_TICK_MS + 1;
      offset = at - Date.now();
      const [ranA, ranB] = await Promise.all([runnerA.runDue(at), runnerB.runDue(at), advanceAllPets(a.services, at), advanceAllPets(b.services, at)]);
      jobRuns += ranA + ranB;
    }
    // The job came due at most once per tick boundary and was taken by one runner each time.
    expect(jobRuns).toBeGreaterThan(0);
    expect(jobRuns).toBeLessThanOrEqual(30);
    const after = await db.selectFrom('pets').selectAll().orderBy('id').execute();
    for (const [index, pet] of after.entries()) {
      const expected = applyTicks(before[index]!, 30).stats;
      expect({ id: pet.id, health: pet.health, mood: pet.mood, satiety: pet.satiety, train: pet.train }).toEqual({ id: pet.id, ...expected });
      expect(pet.ticked_until).toBe(born + 30 * PET_TICK_MS);
    }
    // Ticks made on A and B reached the owners' sockets on B.
    for (const push of pushes) expect((await push).body).toMatchObject({ avatar: { dead: '0' } });
  });

  it('catches up a downtime of four days in one run and tells the owner on the other instance', async () => {
    const db = a.services.db;
    const pet = await db.selectFrom('pets').selectAll().where('dead', '=', 0).orderBy('id').executeTakeFirstOrThrow();
    const ticks = 4 * 24 * 6;
    // Signed with the real time: the server's clock comes back from the previous test first.
    offset = 0;
    const owner = await new TestClient(b.url).signIn('student');
    const onB = await owner.openLive();
    sockets.push(onB);
    const died = onB.waitFor((message) => message.method === updateInfo.path && message.body?.text === PET_TEXTS.died, 15_000, false);
    const at = pet.ticked_until + ticks * PET_TICK_MS;
    offset = at - Date.now();
    const runner = new JobRunner(b.services, jobDefinitions, { id: 'runner-after-downtime' });
    expect(await runner.runDue(at)).toBe(1);
    const after = await db.selectFrom('pets').selectAll().where('id', '=', pet.id).executeTakeFirstOrThrow();
    const expected = applyTicks(pet, ticks);
    expect(expected.died).toBe(true);
    expect(after).toMatchObject({ dead: 1, health: 0, died_at: pet.ticked_until + expected.ticks * PET_TICK_MS });
    await died;
    // Every pet of this installation died: the job ended instead of ticking nothing every ten minutes…
    const ended = await db.selectFrom('pets').select('id').where('dead', '=', 0).execute();
    expect(ended).toEqual([]);
    expect(await db.selectFrom('jobs').select('status').where('key', '=', PET_TICK_JOB_KEY).executeTakeFirstOrThrow()).toEqual({ status: 'done' });
    // …and 'Создать нового' arms it again for the next tick boundary.
    await onB.request(createAvatar, {});
    const job = await db.selectFrom('jobs').select(['status', 'run_at']).where('key', '=', PET_TICK_JOB_KEY).executeTakeFirstOrThrow();
    expect(job.status).toBe('pending');
    expect(job.run_at).toBeGreaterThan(at);
    expect(job.run_at).toBeLessThanOrEqual(at + PET_TICK_MS);
  });
});

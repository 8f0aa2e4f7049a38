import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { account, shell } from '../../src/shared/contract';
import { TestClient, type LiveTestSocket } from '../helpers/client';
import { spawnServer, type ServerProcess } from '../helpers/process';
import { createPostgresSchema, dropRedisPrefix, withSearchPath } from '../helpers/server';

const databaseUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;

type Message = Awaited<ReturnType<LiveTestSocket['waitFor']>>;

/** An update_icons push whose calendar flag is `value`. */
const iconsWithCalendar = (value: '0' | '1') => (message: Message) =>
  message.method === shell.updateIcons.path && (message.body?.icons as Record<string, string> | undefined)?.calendar === value;

/**
 * Two `npm start` processes behind one PostgreSQL schema and one Redis: pushes, the replay cache
 * and sessions must work across instances (a user's sockets may land on either).
 */
describe.skipIf(!databaseUrl || !redisUrl)('scale-out: two instances sharing PostgreSQL and Redis', () => {
  // A unique prefix per run so parallel runs against the same Redis never see each other's messages or keys.
  const redisPrefix = `enot-test-${randomBytes(6).toString('hex')}:`;
  let schema: { schema: string; drop: () => Promise<void> } | undefined;
  let a: ServerProcess | undefined;
  let b: ServerProcess | undefined;
  const sockets: LiveTestSocket[] = [];

  beforeAll(async () => {
    schema = await createPostgresSchema();
    const env = {
      DATABASE_URL: withSearchPath(databaseUrl!, schema.schema),
      REDIS_URL: redisUrl!,
      REDIS_PREFIX: redisPrefix,
    };
    // A first: it migrates and seeds; B then finds the schema ready and must not seed again.
    a = await spawnServer(env);
    b = await spawnServer({ ...env, DEMO_SEED: 'off' });
  });

  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await Promise.allSettled([a?.stop(), b?.stop()]);
    await schema?.drop();
    // Leave nothing behind in the shared Redis (replay-cache and rate-limit keys of this run).
    await dropRedisPrefix(redisUrl!, redisPrefix);
  });

  it('both instances use the test schema; only A seeded the demo accounts', async () => {
    // The search_path from the connection string took effect: the tables live in the fresh schema.
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ count: string }>(`SELECT count(*) AS count FROM ${schema!.schema}.users WHERE login = 'student'`);
      expect(Number(rows[0]!.count)).toBe(1);
    } finally {
      await client.end();
    }
    expect(a!.output()).toContain('Созданы демо-аккаунты');
    expect(b!.output()).not.toContain('Созданы демо-аккаунты');
    expect(a!.url).not.toBe(b!.url);
  });

  it('a change made through A is pushed to the socket on B (and on A)', async () => {
    const studentA = await new TestClient(a!.url).signIn('student');
    const studentB = new TestClient(b!.url, studentA.session);

    const onB = await studentB.openLive();
    sockets.push(onB);
    const onA = await studentA.openLive();
    sockets.push(onA);
    const isIcons = (message: Message) => message.method === shell.updateIcons.path;
    // Each instance pushes the display flags on connect; calendar starts shown.
    expect((await onB.waitFor(isIcons)).body?.icons).toMatchObject({ calendar: '1' });
    expect((await onA.waitFor(isIcons)).body?.icons).toMatchObject({ calendar: '1' });

    // Hide: the live request goes to A, A publishes on the Redis bus, B pushes to its own socket.
    let hiddenOnB = onB.waitFor(iconsWithCalendar('0'), 10_000, false);
    let hiddenOnA = onA.waitFor(iconsWithCalendar('0'), 10_000, false);
    expect(await onA.request(shell.setIcons, { icons: { calendar: '0' } })).toEqual({});
    expect((await hiddenOnB).body?.icons).toMatchObject({ calendar: '0' });
    expect((await hiddenOnA).body?.icons).toMatchObject({ calendar: '0' });

    // Show again.
    hiddenOnB = onB.waitFor(iconsWithCalendar('1'), 10_000, false);
    hiddenOnA = onA.waitFor(iconsWithCalendar('1'), 10_000, false);
    expect(await onA.request(shell.setIcons, { icons: { calendar: '1' } })).toEqual({});
    expect((await hiddenOnB).body?.icons).toMatchObject({ calendar: '1' });
    expect((await hiddenOnA).body?.icons).toMatchObject({ calendar: '1' });

    // The same socket request through B reaches A as well.
    const viaB = onA.waitFor(iconsWithCalendar('0'), 10_000, false);
    expect(await onB.request(shell.setIcons, { icons: { calendar: '0' } })).toEqual({});
    expect((await viaB).body?.icons).toMatchObject({ calendar: '0' });
    const restored = onA.waitFor(iconsWithCalendar('1'), 10_000, false);
    await onB.request(shell.setIcons, { icons: { calendar: '1' } });
    await restored;
  });

  it('the replay cache is shared: a payload accepted by A is refused by B', async () => {
    // A changing call: read-only calls are not recorded against replay.
    const WRITE = account.setGoals.path;
    const GOALS = { ballov: 80, goalBudzhet: '1', goalVuz: 'МГУ', studentOsob: 'повтор' };
    const studentA = await new TestClient(a!.url).signIn('student');
    const studentB = new TestClient(b!.url, studentA.session);
    const payload = await studentA.sign(WRITE, GOALS);

    const first = await studentA.post(WRITE, payload);
    expect(first.body.success).toBe('1');
    const replayed = await studentB.post(WRITE, payload);
    expect(replayed.status).toBe(400);
    expect(replayed.body.success).toBe('0');
    expect(replayed.body.message).toMatch(/Повторный запрос/);

    // And the other way round.
    const second = await studentB.sign(WRITE, GOALS);
    expect((await studentB.post(WRITE, second)).body.success).toBe('1');
    expect((await studentA.post(WRITE, second)).body.success).toBe('0');
  });

  it('a session created through A works on B', async () => {
    const studentA = await new TestClient(a!.url).signIn('student');
    const studentB = new TestClient(b!.url, studentA.session);
    const { userInfo } = await studentB.call(account.getUserInfo, {});
    expect(userInfo.user_name).toBe('Алиса');
    expect(userInfo.user_type).toBe('Ученик');
    // Its live socket on B is accepted too (the signed query checks out against the shared sessions table).
    const socket = await studentB.openLive();
    sockets.push(socket);
    await socket.waitFor((message) => message.method === shell.updateIcons.path);
    expect(socket.closeCode).toBeUndefined();
  });
});

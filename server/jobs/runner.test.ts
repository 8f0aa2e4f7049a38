import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Services } from '../services';
import { startTestServer, testDialects, type TestServer } from '../../tests/helpers/server';
import { defineJob, type JobOutcome } from './job';
import { enqueueJob } from './queue';
import { DISK_FULL_JOB_ERROR, DISK_FULL_RETRY_MS, JobRunner } from './runner';

const T0 = Date.parse('2031-01-10T09:00:00Z');
const MINUTE = 60_000;

describe.each(testDialects)('durable job runner on %s', (dialect) => {
  let server: TestServer;
  let services: Services;
  const calls: Array<{ note: string; attempts: number; now: number }> = [];
  let behaviour: (note: string) => Promise<JobOutcome> = async () => undefined;

  const echo = defineJob({
    kind: 'test-echo',
    payload: z.object({ note: z.string() }),
    run: async (_services, { note }, { job, now }) => {
      calls.push({ note, attempts: job.attempts, now });
      return behaviour(note);
    },
  });
  const db = () => services.db;
  const jobByKey = (key: string) => db().selectFrom('jobs').selectAll().where('key', '=', key).executeTakeFirstOrThrow();

  beforeAll(async () => {
    server = await startTestServer({ dialect });
    await server.server.jobs.stop();
    services = server.server.services;
  });
  afterAll(() => server.close());
  beforeEach(async () => {
    calls.length = 0;
    behaviour = async () => undefined;
    await db().updateTable('jobs').set({ status: 'done' }).where('status', '=', 'pending').execute();
  });

  it('runs housekeeping like any job but leaves it out of the count', async () => {
    const upkeep = defineJob({
      kind: 'test-upkeep',
      payload: z.object({}),
      housekeeping: true,
      run: async (_services, _payload, { now }) => {
        calls.push({ note: 'upkeep', attempts: 1, now });
        return { retryAt: now + MINUTE, error: '' };
      },
    });
    const runner = new JobRunner(services, [echo, upkeep]);
    await enqueueJob(db(), upkeep, {}, { runAt: T0, key: 'upkeep', now: T0 });
    await enqueueJob(db(), echo, { note: 'работа' }, { runAt: T0, key: 'work', now: T0 });
    expect(await runner.runDue(T0)).toBe(1);
    expect(calls.map((call) => call.note).sort()).toEqual(['upkeep', 'работа']);
    expect(await jobByKey('upkeep')).toMatchObject({ status: 'pending', run_at: T0 + MINUTE });
  });

  it('runs a job once it is due, in order, and marks it done', async () => {
    const runner = new JobRunner(services, [echo]);
    await enqueueJob(db(), echo, { note: 'второе' }, { runAt: T0 + MINUTE, key: 'order-2', now: T0 });
    await enqueueJob(db(), echo, { note: 'первое' }, { runAt: T0, key: 'order-1', now: T0 });
    expect(await runner.runDue(T0 - 1)).toBe(0);
    expect(await runner.runDue(T0 + MINUTE)).toBe(2);
    expect(calls.map((call) => call.note)).toEqual(['первое', 'второе']);
    expect(await jobByKey('order-1')).toMatchObject({ status: 'done', attempts: 1, locked_by: null, locked_until: 0 });
    expect(await runner.runDue(T0 + 2 * MINUTE)).toBe(0);
  });

  it('looks for due jobs at once when woken, not at the next poll', async () => {
    const runner = new JobRunner(services, [echo], { pollMs: 60 * MINUTE });
    runner.wake();
    expect(calls).toEqual([]);
    runner.start();
    await new Promise((resolve) => setTimeout(resolve, 100));
    await enqueueJob(db(), echo, { note: 'сейчас' }, { runAt: services.clock.now(), key: 'wake', now: services.clock.now() });
    runner.wake();
    for (let i = 0; i < 50 && calls.length === 0; i += 1) await new Promise((resolve) => setTimeout(resolve, 20));
    await runner.stop();
    expect(calls.map((call) => call.note)).toEqual(['сейчас']);
  });

  it('keeps one row per key: a pending job is left alone, a finished one is re-armed', async () => {
    const runner = new JobRunner(services, [echo]);
    await enqueueJob(db(), echo, { note: 'а' }, { runAt: T0, key: 'same', now: T0 });
    await enqueueJob(db(), echo, { note: 'б' }, { runAt: T0 + MINUTE, key: 'same', now: T0 });
    expect(await jobByKey('same')).toMatchObject({ run_at: T0, payload: '{"note":"а"}', status: 'pending' });
    await runner.runDue(T0);
    await enqueueJob(db(), echo, { note: 'в' }, { runAt: T0 + MINUTE, key: 'same', now: T0 });
    expect(await jobByKey('same')).toMatchObject({ run_at: T0 + MINUTE, payload: '{"note":"в"}', status: 'pending', attempts: 0 });
    await runner.runDue(T0 + MINUTE);
    expect(calls.map((call) => call.note)).toEqual(['а', 'в']);
  });

  it('reschedules when the handler asks, and backs off then fails a job that keeps throwing', async () => {
    const runner = new JobRunner(services, [echo], { maxAttempts: 3 });
    behaviour = async (note) => {
      if (note === 'позже') return { retryAt: T0 + 30 * MINUTE, error: 'ещё рано' };
      throw new Error('сломалось');
    };
    await enqueueJob(db(), echo, { note: 'позже' }, { runAt: T0, key: 'later', now: T0 });
    await enqueueJob(db(), echo, { note: 'ломается' }, { runAt: T0, key: 'broken', now: T0 });
    await runner.runDue(T0);
    expect(await jobByKey('later')).toMatchObject({ status: 'pending', run_at: T0 + 30 * MINUTE, last_error: 'ещё рано', attempts: 0 });
    // 1 minute, then 2, then it is given up.
    expect(await jobByKey('broken')).toMatchObject({ status: 'pending', run_at: T0 + MINUTE, last_error: 'сломалось', attempts: 1 });
    await runner.runDue(T0 + MINUTE);
    expect(await jobByKey('broken')).toMatchObject({ status: 'pending', run_at: T0 + 3 * MINUTE, attempts: 2 });
    await runner.runDue(T0 + 3 * MINUTE);
    expect(await jobByKey('broken')).toMatchObject({ status: 'failed', attempts: 3, last_error: 'сломалось' });
    expect(calls.filter((call) => call.note === 'ломается').map((call) => call.attempts)).toEqual([1, 2, 3]);
  });

  it('a full disk (ENOSPC) is logged once, and the job waits and is tried again without ever failing for it', async () => {
    const errors: string[] = [];
    const infos: string[] = [];
    const log = { ...services.log, error: (line: string) => void errors.push(line), info: (line: string) => void infos.push(line) };
    const runner = new JobRunner({ ...services, log }, [echo], { maxAttempts: 3 });
    const diskFull = () => Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC', errno: -28 });
    behaviour = async () => {
      // A library wrapping the system error: the cause still says the disk is full.
      throw new Error('could not write the mailing image', { cause: diskFull() });
    };
    await enqueueJob(db(), echo, { note: 'полный диск' }, { runAt: T0, key: 'disk-full', now: T0 });
    // More tries than maxAttempts, each due when the last one set it.
    let at = T0;
    for (let attempt = 0; attempt < 6; attempt += 1) {
      expect(await runner.runDue(at)).toBe(1);
      const row = await jobByKey('disk-full');
      expect(row).toMatchObject({ status: 'pending', run_at: at + DISK_FULL_RETRY_MS, last_error: DISK_FULL_JOB_ERROR, attempts: 0, locked_by: null });
      // Not before its time: nothing runs in between (no spinning).
      expect(await runner.runDue(at + DISK_FULL_RETRY_MS - 1)).toBe(0);
      at += DISK_FULL_RETRY_MS;
    }
    expect(calls).toHaveLength(6);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/job test-echo #\d+; задания повторяются раз в 5 мин: на диске закончилось место/);
    // Space again: the job is done, one line says so, and a later full disk is reported anew.
    behaviour = async () => undefined;
    expect(await runner.runDue(at)).toBe(1);
    expect(await jobByKey('disk-full')).toMatchObject({ status: 'done' });
    expect(infos.filter((line) => line.includes('место на диске есть'))).toHaveLength(1);
    behaviour = async () => {
      throw diskFull();
    };
    await enqueueJob(db(), echo, { note: 'снова полный' }, { runAt: at, key: 'disk-full-again', now: at });
    expect(await runner.runDue(at)).toBe(1);
    expect(errors).toHaveLength(2);
  });

  it('fails a job at once, without retries, when the handler explains it cannot succeed', async () => {
    const runner = new JobRunner(services, [echo]);
    behaviour = async () => ({ failed: 'нет ffmpeg' });
    await enqueueJob(db(), echo, { note: 'безнадёжно' }, { runAt: T0, key: 'hopeless', now: T0 });
    expect(await runner.runDue(T0)).toBe(1);
    expect(await jobByKey('hopeless')).toMatchObject({ status: 'failed', attempts: 1, last_error: 'нет ffmpeg', locked_by: null });
    expect(await runner.runDue(T0 + 24 * 60 * MINUTE)).toBe(0);
  });

  it('marks a job of an unknown kind failed instead of retrying it forever', async () => {
    const runner = new JobRunner(services, []);
    await enqueueJob(db(), echo, { note: 'никто' }, { runAt: T0, key: 'orphan', now: T0 });
    expect(await runner.runDue(T0)).toBe(1);
    expect(await jobByKey('orphan')).toMatchObject({ status: 'failed', last_error: 'Неизвестный вид задания: test-echo' });
  });

  it('lets only one of several runners take a job, and another take it over when the lease runs out', async () => {
    // Each run of the slow job waits until the test lets it finish, in the order they started.
    const releases: Array<() => void> = [];
    behaviour = () => new Promise<undefined>((resolve) => releases.push(() => resolve(undefined)));
    const runners = ['a', 'b', 'c'].map((id) => new JobRunner(services, [echo], { id, leaseMs: 10 * MINUTE }));
    await enqueueJob(db(), echo, { note: 'долго' }, { runAt: T0, key: 'slow', now: T0 });
    const first = runners[0]!.runDue(T0);
    await expect.poll(() => calls.length).toBe(1);
    expect(await Promise.all(runners.slice(1).map((runner) => runner.runDue(T0 + MINUTE)))).toEqual([0, 0]);
    expect(await jobByKey('slow')).toMatchObject({ locked_by: 'a', locked_until: T0 + 10 * MINUTE });

    // Runner a is stuck past its lease: b takes the job; a finishing late does not touch b's claim.
    const second = runners[1]!.runDue(T0 + 11 * MINUTE);
    await expect.poll(() => calls.length).toBe(2);
    releases[0]!();
    expect(await first).toBe(1);
    expect(await jobByKey('slow')).toMatchObject({ locked_by: 'b', status: 'pending' });
    releases[1]!();
    expect(await second).toBe(1);
    expect(await jobByKey('slow')).toMatchObject({ locked_by: null, status: 'done', attempts: 2 });
  });

  it('renews the lease while a long job runs, so a second runner does not start it again', async () => {
    let release!: () => void;
    behaviour = () => new Promise<undefined>((resolve) => (release = () => resolve(undefined)));
    const lease = 300;
    const a = new JobRunner(services, [echo], { id: 'long-a', leaseMs: lease });
    const b = new JobRunner(services, [echo], { id: 'long-b', leaseMs: lease });
    await enqueueJob(db(), echo, { note: 'транскодирование' }, { runAt: T0, key: 'long', now: T0 });
    const running = a.runDue(T0);
    await expect.poll(() => calls.length).toBe(1);
    // Three leases of real time later the job still runs: without renewal b would take it.
    await new Promise((resolve) => setTimeout(resolve, 3 * lease));
    expect((await jobByKey('long')).locked_until).toBeGreaterThan(T0 + 2 * lease);
    expect(await b.runDue(T0 + 2 * lease)).toBe(0);
    expect(calls).toHaveLength(1);
    release();
    expect(await running).toBe(1);
    expect(await jobByKey('long')).toMatchObject({ status: 'done', locked_by: null, locked_until: 0 });

    // A job hung past maxHoldMs is no longer renewed and another runner takes it over.
    behaviour = () => new Promise<undefined>((resolve) => (release = () => resolve(undefined)));
    const hung = new JobRunner(services, [echo], { id: 'hung', leaseMs: lease, maxHoldMs: lease });
    await enqueueJob(db(), echo, { note: 'зависло' }, { runAt: T0, key: 'hung', now: T0 });
    const stuck = hung.runDue(T0);
    await expect.poll(() => calls.length).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 4 * lease));
    const until = (await jobByKey('hung')).locked_until;
    behaviour = async () => undefined; // b's run finishes at once
    expect(await b.runDue(until + 1)).toBe(1);
    expect(calls.map((call) => call.note)).toEqual(['транскодирование', 'зависло', 'зависло']);
    release();
    expect(await stuck).toBe(1);
  });

  it('claims a kind that declares its own lease for that long, others for the runner lease', async () => {
    const short = defineJob({ ...echo, kind: 'test-short-lease', leaseMs: 2 * MINUTE });
    let release!: () => void;
    behaviour = () => new Promise<undefined>((resolve) => (release = () => resolve(undefined)));
    const a = new JobRunner(services, [echo, short], { id: 'kind-a', leaseMs: 10 * MINUTE });
    await enqueueJob(db(), short, { note: 'короткая аренда' }, { runAt: T0, key: 'short-lease', now: T0 });
    const running = a.runDue(T0);
    await expect.poll(() => calls.length).toBe(1);
    expect(await jobByKey('short-lease')).toMatchObject({ locked_by: 'kind-a', locked_until: T0 + 2 * MINUTE });
    // Past the kind's lease (a crashed holder stops renewing) another runner resumes it.
    const b = new JobRunner(services, [echo, short], { id: 'kind-b', leaseMs: 10 * MINUTE });
    behaviour = async () => undefined;
    const taken = b.runDue(T0 + 3 * MINUTE);
    await expect.poll(() => calls.length).toBe(2);
    expect(await taken).toBe(1);
    release();
    expect(await running).toBe(1);
    expect(await jobByKey('short-lease')).toMatchObject({ status: 'done', locked_by: null });
  });

  it('polls with the services clock once started and stops cleanly', async () => {
    let now = T0;
    const runner = new JobRunner({ ...services, clock: { now: () => now } }, [echo], { pollMs: 10 });
    await enqueueJob(db(), echo, { note: 'по часам' }, { runAt: T0 + MINUTE, key: 'clock', now: T0 });
    runner.start();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls).toEqual([]);
    now = T0 + MINUTE;
    await expect.poll(() => calls.map((call) => call.note)).toEqual(['по часам']);
    await runner.stop();
    await enqueueJob(db(), echo, { note: 'после остановки' }, { runAt: T0, key: 'after-stop', now: T0 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls).toHaveLength(1);
  });
});

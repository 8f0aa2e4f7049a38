import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { isDiskFull, logDiskFull } from '../contract/disk-full';
import { logUnlessOutage } from '../contract/unavailable';
import type { Services } from '../services';
import type { ClaimedJob, JobDefinition, JobOutcome } from './job';

export interface JobRunnerOptions {
  /** Names this runner in `locked_by`; unique per process by default. */
  id?: string;
  /** How often the loop looks for due jobs. */
  pollMs?: number;
  /** How long a claim holds: a runner that dies mid-job frees it after this. */
  leaseMs?: number;
  /** Jobs taken per look. */
  batch?: number;
  /** Runs of a job that keeps throwing before it is marked failed. */
  maxAttempts?: number;
  /**
   * A live runner renews its lease while a job runs (long transcodes and transcriptions outlast
   * one lease), but only for this long: a job hung past it can be taken over by another runner.
   */
  maxHoldMs?: number;
}

const MINUTE = 60_000;
/** A job that ran into a full disk is tried again this much later, however often it did before. */
export const DISK_FULL_RETRY_MS = 5 * MINUTE;
/** last_error of a job waiting for disk space (the back office shows it). */
export const DISK_FULL_JOB_ERROR = 'На диске закончилось место: задание будет повторено, когда место появится.';

/**
 * The durable job runner (ARCHITECTURE §2 `jobs/`). Jobs live in the `jobs` table; a runner claims
 * a due one with a conditional UPDATE (pending, due, lease expired), so several server instances on
 * one database never run the same job at once. Time comes from the services' clock, and tests call
 * `runDue(now)` directly instead of starting the loop.
 */
export class JobRunner {
  readonly id: string;
  private readonly pollMs: number;
  private readonly leaseMs: number;
  private readonly batch: number;
  private readonly maxAttempts: number;
  private readonly maxHoldMs: number;
  private readonly definitions: ReadonlyMap<string, JobDefinition>;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> = Promise.resolve();
  private stopped = true;
  private busy = false;
  private wakeAgain = false;
  /** A full disk was reported and nothing has succeeded since: later hits are not logged again. */
  private diskFullReported = false;

  constructor(
    private readonly services: Services,
    definitions: readonly JobDefinition[],
    options: JobRunnerOptions = {},
  ) {
    this.id = options.id ?? `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
    this.pollMs = options.pollMs ?? 5_000;
    this.leaseMs = options.leaseMs ?? 10 * MINUTE;
    this.batch = options.batch ?? 20;
    this.maxAttempts = options.maxAttempts ?? 8;
    this.maxHoldMs = options.maxHoldMs ?? 6 * 60 * MINUTE;
    this.definitions = new Map(definitions.map((definition) => [definition.kind, definition]));
  }

  /** Runs every job due at `now` that this runner manages to claim; returns how many it ran (housekeeping not counted). */
  async runDue(now: number = this.services.clock.now()): Promise<number> {
    let ran = 0;
    // A job rescheduled to a time already due waits for the next look, never loops within this one.
    const seen = new Set<number>();
    for (;;) {
      const due = await this.services.db
        .selectFrom('jobs')
        .select(['id', 'kind'])
        .where('status', '=', 'pending')
        .where('run_at', '<=', now)
        .where('locked_until', '<', now)
        .orderBy('run_at')
        .orderBy('id')
        .limit(this.batch)
        .execute();
      let claimedAny = false;
      const fresh = due.filter(({ id }) => !seen.has(id));
      for (const { id, kind } of fresh) {
        seen.add(id);
        const job = await this.claim(id, now, this.leaseOf(kind));
        if (!job) continue;
        claimedAny = true;
        await this.execute(job, now);
        if (!this.definitions.get(kind)?.housekeeping) ran += 1;
      }
      // Another runner took the rest, or nothing is left: stop rather than spin.
      if (!claimedAny || fresh.length < this.batch) return ran;
    }
  }

  /** Starts polling with the services' clock. */
  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.schedule(0);
  }

  /** Stops polling and waits for the run in progress, so the database can close after it. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await this.running;
  }

  /**
   * Looks for due jobs right away (a job was just enqueued that a user waits for) instead of at the
   * next poll; during a look it asks for another one right after. A no-op while stopped.
   */
  wake(): void {
    if (this.stopped) return;
    if (this.busy) {
      this.wakeAgain = true;
      return;
    }
    if (this.timer) clearTimeout(this.timer);
    this.schedule(0);
  }

  private schedule(delay: number): void {
    this.timer = setTimeout(() => {
      this.busy = true;
      this.wakeAgain = false;
      this.running = this.runDue(this.services.clock.now())
        // While the database is away every poll fails: the outage is logged once, not per poll.
        .catch((error: unknown) => (isDiskFull(error) ? this.reportDiskFull('job runner: poll', error) : logUnlessOutage(this.services, 'job runner: poll failed', error)))
        .finally(() => {
          this.busy = false;
          if (!this.stopped) this.schedule(this.wakeAgain ? 0 : this.pollMs);
        });
    }, delay);
    // Polling alone never keeps the process alive.
    this.timer.unref();
  }

  /** The lease of a kind: its own when it declares one, else the runner's. */
  private leaseOf(kind: string): number {
    return this.definitions.get(kind)?.leaseMs ?? this.leaseMs;
  }

  /** Takes the job if it is still pending, due and unlocked; null when another runner was faster. */
  private async claim(id: number, now: number, leaseMs: number): Promise<(ClaimedJob & { payload: string }) | null> {
    const result = await this.services.db
      .updateTable('jobs')
      .set((eb) => ({ locked_by: this.id, locked_until: now + leaseMs, attempts: eb('attempts', '+', 1), updated_at: now }))
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .where('run_at', '<=', now)
      .where('locked_until', '<', now)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return null;
    const row = await this.services.db
      .selectFrom('jobs')
      .select(['id', 'kind', 'key', 'attempts', 'payload'])
      .where('id', '=', id)
      .where('locked_by', '=', this.id)
      .executeTakeFirst();
    return row ?? null;
  }

  private async execute(job: ClaimedJob & { payload: string }, now: number): Promise<void> {
    const definition = this.definitions.get(job.kind);
    if (!definition) {
      await this.finish(job.id, now, { status: 'failed', last_error: `Неизвестный вид задания: ${job.kind}` });
      return;
    }
    let outcome: JobOutcome;
    const stopRenewing = this.renewLease(job.id, now, this.leaseOf(job.kind));
    try {
      const payload = definition.payload.parse(JSON.parse(job.payload));
      outcome = await definition.run(this.services, payload, { job, now });
    } catch (error) {
      stopRenewing();
      if (isDiskFull(error)) {
        // Not the job's fault and not worth a stack per try: one error line, a retry in a few
        // minutes, and this try does not count towards maxAttempts (the job never fails for it).
        this.reportDiskFull(`job ${job.kind} #${job.id}`, error);
        await this.finish(job.id, now, { status: 'pending', run_at: now + DISK_FULL_RETRY_MS, last_error: DISK_FULL_JOB_ERROR, attempts: job.attempts - 1 });
        return;
      }
      const message = error instanceof Error ? error.message : String(error);
      this.services.log.error(`job ${job.kind} #${job.id} (attempt ${job.attempts}) failed`, error);
      if (job.attempts >= this.maxAttempts) {
        await this.finish(job.id, now, { status: 'failed', last_error: message });
      } else {
        // 1, 2, 4 … minutes, at most an hour.
        const backoff = Math.min(60, 2 ** (job.attempts - 1)) * MINUTE;
        await this.finish(job.id, now, { status: 'pending', run_at: now + backoff, last_error: message });
      }
      return;
    }
    stopRenewing();
    if (this.diskFullReported) {
      this.diskFullReported = false;
      this.services.log.info('job runner: задания снова выполняются, место на диске есть');
    }
    // The handler explained and recorded its failure itself: no stack trace, no retry.
    if (outcome && 'failed' in outcome) await this.finish(job.id, now, { status: 'failed', last_error: outcome.failed });
    // A retry the handler chose is not a crash: `attempts` counts consecutive throws again from zero.
    else if (outcome) await this.finish(job.id, now, { status: 'pending', run_at: outcome.retryAt, last_error: outcome.error, attempts: 0 });
    else await this.finish(job.id, now, { status: 'done' });
  }

  /**
   * Keeps the claim alive while the job runs: every third of a lease the lease is pushed to a full
   * lease past the current moment, counted from the claim's `now` plus the real time elapsed (so
   * tests with a fixed clock keep one time frame). Only the holder's row is touched; renewals stop
   * when the job ends or after maxHoldMs.
   */
  private renewLease(id: number, claimedAt: number, leaseMs: number): () => void {
    const started = performance.now();
    const timer = setInterval(() => {
      const elapsed = performance.now() - started;
      if (elapsed > this.maxHoldMs) return clearInterval(timer);
      this.services.db
        .updateTable('jobs')
        .set({ locked_until: Math.round(claimedAt + elapsed) + leaseMs })
        .where('id', '=', id)
        .where('locked_by', '=', this.id)
        .where('status', '=', 'pending')
        .execute()
        .catch((error: unknown) => logUnlessOutage(this.services, `job #${id}: lease renewal failed`, error));
    }, Math.max(20, Math.floor(leaseMs / 3)));
    timer.unref();
    return () => clearInterval(timer);
  }

  /** The one error line of a full disk until a job succeeds again (no line per try or per poll). */
  private reportDiskFull(where: string, error: unknown): void {
    if (this.diskFullReported) return;
    this.diskFullReported = true;
    logDiskFull(this.services.log, `${where}; задания повторяются раз в ${DISK_FULL_RETRY_MS / MINUTE} мин`, error);
  }

  /** Releases the claim; only the holder may (a lease taken over by another runner stays theirs). */
  private async finish(id: number, now: number, change: { status: string; run_at?: number; last_error?: string; attempts?: number }): Promise<void> {
    await this.services.db
      .updateTable('jobs')
      .set({ ...change, locked_until: 0, locked_by: null, updated_at: now })
      .where('id', '=', id)
      .where('locked_by', '=', this.id)
      .execute();
  }
}

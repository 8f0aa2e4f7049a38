import type { z } from 'zod';
import type { Services } from '../services';

/** A job row as a handler sees it, after this runner claimed it. */
export interface ClaimedJob {
  id: number;
  kind: string;
  key: string | null;
  /** 1 on the first run; counts runs since the last retry the handler chose, crashes included. */
  attempts: number;
}

/**
 * What a run decides: nothing (done), run again at `retryAt` with `error` recorded, or give up at
 * once with an explained `failed` reason (a retry could not help, e.g. no ffmpeg on the server).
 * A thrown error is retried with the runner's own backoff, then the job is marked failed.
 */
export type JobOutcome = void | { retryAt: number; error: string } | { failed: string };

/** A job kind's name and payload, enough to enqueue it without loading its handler. */
export interface JobKind<P> {
  kind: string;
  /** Checked at enqueue and again at run time (the row may come from an older version). */
  payload: z.ZodType<P>;
}

export interface JobDefinition<P = unknown> extends JobKind<P> {
  /**
   * This kind's claim lease, when it should differ from the runner's: a short one lets another
   * instance resume the job soon after a crash (a live runner keeps renewing it while it runs).
   */
  leaseMs?: number;
  /**
   * Upkeep that repeats for ever (e.g. the key-value sweep): run like any job, but not counted by
   * `runDue`, whose count says how much of the school's own work was done.
   */
  housekeeping?: boolean;
  run(services: Services, payload: P, context: { job: ClaimedJob; now: number }): Promise<JobOutcome>;
}

/** Declares a job kind; the registry in server/jobs/index.ts lists every kind the runner knows. */
export function defineJob<P>(definition: JobDefinition<P>): JobDefinition<P> {
  return definition;
}

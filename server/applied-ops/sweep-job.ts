import { z } from 'zod';
import { defineJob } from '../jobs/job';
import { enqueueJob } from '../jobs/queue';
import type { Services } from '../services';
import { pruneAppliedOps } from './applied-ops';

export const APPLIED_OPS_SWEEP_JOB_KEY = 'applied-ops-sweep';
/** The sweep runs a few times a day; rows only need to go eventually. */
export const APPLIED_OPS_SWEEP_EVERY_MS = 6 * 60 * 60 * 1000;

/** Deletes remembered operation ids past their keeping time; a durable job, one row by its key. */
export const appliedOpsSweepJob = defineJob({
  kind: 'applied-ops-sweep',
  payload: z.object({}),
  housekeeping: true,
  async run(services, _payload, { now }) {
    await pruneAppliedOps(services.db, now);
    return { retryAt: now + APPLIED_OPS_SWEEP_EVERY_MS, error: '' };
  },
});

/** Arms the sweep at start; a pending sweep is left as it is. */
export async function ensureAppliedOpsSweepJob(services: Services, now: number): Promise<void> {
  await enqueueJob(services.db, appliedOpsSweepJob, {}, { key: APPLIED_OPS_SWEEP_JOB_KEY, runAt: now + APPLIED_OPS_SWEEP_EVERY_MS, now });
}

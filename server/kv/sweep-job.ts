import { z } from 'zod';
import { defineJob } from '../jobs/job';
import { enqueueJob } from '../jobs/queue';
import type { Services } from '../services';
import { sweepExpiredEntries } from './database-store';

export const KV_SWEEP_JOB_KEY = 'kv-sweep';
/** Expired replay-cache rows live at most this long past their expiry. */
export const KV_SWEEP_EVERY_MS = 60_000;

/**
 * Deletes expired `kv_entries` rows every minute. A durable job (one row by its key), so the sweep
 * survives restarts and runs on one instance at a time.
 */
export const kvSweepJob = defineJob({
  kind: 'kv-sweep',
  payload: z.object({}),
  housekeeping: true,
  async run(services, _payload, { now }) {
    await sweepExpiredEntries(services.db, now);
    return { retryAt: now + KV_SWEEP_EVERY_MS, error: '' };
  },
});

/** Arms the sweep at start when the keys live in the database; a pending sweep is left as it is. */
export async function ensureKvSweepJob(services: Services, now: number): Promise<void> {
  await enqueueJob(services.db, kvSweepJob, {}, { key: KV_SWEEP_JOB_KEY, runAt: now + KV_SWEEP_EVERY_MS, now });
}

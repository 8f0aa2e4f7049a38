import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { JobKind } from './job';

export interface EnqueueOptions {
  runAt: number;
  /**
   * One logical job, one row: a second enqueue with the same key leaves a pending job as it is
   * and re-arms a finished one (done or failed) with the new payload and time.
   */
  key?: string;
  now: number;
}

/**
 * Puts a job in the durable queue. Takes a transaction too, so a job is enqueued together with
 * the state change that calls for it (or not at all).
 */
export async function enqueueJob<P>(db: Kysely<Database>, definition: JobKind<P>, payload: P, options: EnqueueOptions): Promise<void> {
  const json = JSON.stringify(definition.payload.parse(payload));
  const row = {
    kind: definition.kind,
    key: options.key ?? null,
    payload: json,
    run_at: options.runAt,
    status: 'pending',
    attempts: 0,
    last_error: '',
    locked_until: 0,
    locked_by: null,
    created_at: options.now,
    updated_at: options.now,
  };
  if (options.key === undefined) {
    await db.insertInto('jobs').values(row).execute();
    return;
  }
  await db
    .insertInto('jobs')
    .values(row)
    .onConflict((oc) =>
      oc
        .column('key')
        .doUpdateSet({
          payload: json,
          run_at: options.runAt,
          status: 'pending',
          attempts: 0,
          last_error: '',
          locked_until: 0,
          locked_by: null,
          updated_at: options.now,
        })
        .where('jobs.status', '!=', 'pending'),
    )
    .execute();
}

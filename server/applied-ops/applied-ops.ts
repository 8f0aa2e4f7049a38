import { createHash } from 'node:crypto';
import { OP_TEXTS } from '../../src/shared/contract/fields';
import { stableJson } from '../../src/shared/signing';
import { fail } from '../contract/errors';
import type { Db } from '../db';
import { preparedQuery, preparedWrite } from '../db/prepared';

/**
 * Changes applied once by the client's operation id. A client that queues a
 * change offline gives it an `opId` and keeps it on every resend. The first send applies the change
 * and stores its answer in the same transaction; a resend by the same user is answered from the
 * stored row with `alreadyApplied: '1'`, so a change whose reply was lost settles instead of
 * conflicting with itself. Rows are the user's own: another user sending the same id is applied
 * as their own change and learns nothing about the first.
 */

/** One identified change: whose, which call, and a hash of what it changes. */
export interface OpKey {
  userId: number;
  opId: string;
  call: string;
  inputHash: string;
}

/** The op of a call's input, or null when the client sent no `opId` (older clients). */
export function opOf(userId: number, call: string, input: { opId?: string | undefined }): OpKey | null {
  const { opId, ...change } = input;
  if (opId === undefined) return null;
  return { userId, opId, call, inputHash: createHash('sha256').update(stableJson(change)).digest('hex') };
}

/** Records the change's answer; the handler calls it inside the change's own transaction. */
export type RememberOp<R> = (trx: Db, result: R) => Promise<void>;

export type OnceResult<R> = R & { alreadyApplied?: '1' };

// Sentinels of the prepared statements (an offline client's save pays these on every send).
const USER = -424301;
const OP = '\u0000op-id';
const CALL = '\u0000op-call';
const HASH = '\u0000op-hash';
const RESULT = '\u0000op-result';
const AT = -424302;

const appliedQuery = preparedQuery([USER, OP] as const, (db, userId: number, opId: string) =>
  db.selectFrom('applied_ops').select(['call', 'input_hash', 'result']).where('user_id', '=', userId).where('op_id', '=', opId),
);

const rememberStatement = preparedWrite([USER, OP, CALL, HASH, RESULT, AT] as const, (db, userId: number, opId: string, call: string, inputHash: string, result: string, now: number) =>
  db.insertInto('applied_ops').values({ user_id: userId, op_id: opId, call, input_hash: inputHash, result, created_at: now }).returning('op_id'),
);

/** The stored answer of an op applied before, or null. The same id with another change is refused. */
async function answered<R>(db: Db, op: OpKey): Promise<OnceResult<R> | null> {
  const [row] = await appliedQuery(db, op.userId, op.opId);
  if (!row) return null;
  if (row.call !== op.call || row.input_hash !== op.inputHash) fail(OP_TEXTS.reused);
  return { ...(JSON.parse(row.result) as R), alreadyApplied: '1' };
}

/**
 * Applies a change once per op. `apply` does the change and calls `remember` inside its
 * transaction with the answer it returns. Without an op the change is simply applied.
 */
export async function applyOnce<R extends object>(db: Db, op: OpKey | null, now: number, apply: (remember: RememberOp<R>) => Promise<R>): Promise<OnceResult<R>> {
  if (!op) return apply(async () => undefined);
  const before = await answered<R>(db, op);
  if (before) return before;
  let remembered = false;
  try {
    const result = await apply(async (trx, answer) => {
      await rememberStatement(trx, op.userId, op.opId, op.call, op.inputHash, JSON.stringify(answer), now);
      remembered = true;
    });
    if (!remembered) throw new Error(`${op.call}: the change did not remember its operation id`);
    return result;
  } catch (error) {
    // A resend that raced its first copy (the reply lost, the first still running): whatever this
    // copy ran into, the first one's answer is the answer.
    const raced = await answered<R>(db, op);
    if (raced) return raced;
    throw error;
  }
}

/** Applied ops are remembered this long: a device offline longer resends as a new change. */
export const APPLIED_OPS_KEEP_MS = 30 * 24 * 60 * 60 * 1000;

/** Deletes ops older than APPLIED_OPS_KEEP_MS; returns how many went. */
export async function pruneAppliedOps(db: Db, now: number): Promise<number> {
  const deleted = await db.deleteFrom('applied_ops').where('created_at', '<', now - APPLIED_OPS_KEEP_MS).executeTakeFirst();
  return Number(deleted.numDeletedRows);
}

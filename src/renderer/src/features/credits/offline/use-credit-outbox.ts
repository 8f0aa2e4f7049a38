import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { callApi, ownerScope } from '../../../lib/offline-store/owner-scope';
import { useOutboxSync } from '../../../lib/offline-store/use-outbox-sync';
import {
  listCreditConflicts,
  pendingCreditCount,
  queueCreditAnswer,
  queuedCreditAnswers,
  syncCreditAnswers,
  type AnswerInput,
  type CreditConflict,
  type QueuedCreditAnswer,
} from './credit-outbox';

/** Every screen showing queued answers listens here, so one change refreshes them all. */
const changes = new EventTarget();
export function announceCreditChange(): void {
  changes.dispatchEvent(new Event('change'));
}

/** Keeps an answer that found no connection on the device; false when the device store cannot (nothing was kept). */
export async function queueAnswerDurably(input: AnswerInput, attempt: number): Promise<boolean> {
  try {
    const scope = await ownerScope();
    if (!scope) return false;
    await queueCreditAnswer(scope, input, attempt);
    return true;
  } catch {
    return false;
  } finally {
    announceCreditChange();
  }
}

/** Something read from the device store on every change of the queued answers. */
function useQueued<T>(read: () => Promise<T>, empty: T): { value: T; refresh: () => Promise<void> } {
  const [value, setValue] = useState<T>(empty);
  const refresh = useCallback(async () => {
    setValue(await read().catch(() => empty));
  }, [read, empty]);
  useEffect(() => {
    void refresh();
    const onChange = () => void refresh();
    changes.addEventListener('change', onChange);
    return () => changes.removeEventListener('change', onChange);
  }, [refresh]);
  return { value, refresh };
}

const NO_ANSWERS = new Map<number, QueuedCreditAnswer>();

/** Answers of an attempt waiting on the device, by question number. */
export function useQueuedCreditAnswers(zachetNum: number, attempt: number): Map<number, QueuedCreditAnswer> {
  const read = useCallback(async () => {
    const scope = await ownerScope();
    return scope ? queuedCreditAnswers(scope, zachetNum, attempt) : NO_ANSWERS;
  }, [zachetNum, attempt]);
  return useQueued(read, NO_ANSWERS).value;
}

/** Refused answers of a credit kept on the device. */
export function useCreditConflicts(zachetNum: number): CreditConflict[] {
  const read = useCallback(async () => {
    const scope = await ownerScope();
    return scope ? listCreditConflicts(scope, zachetNum) : [];
  }, [zachetNum]);
  return useQueued<CreditConflict[]>(read, []).value;
}

/**
 * Mounted with the shell (an overlay that draws nothing): credit answers given without a
 * connection are sent when the app starts, when the connection returns and every half minute while
 * any wait; the credit screens then show the server's state.
 */
export function CreditOutboxSync() {
  const queryClient = useQueryClient();
  const sync = useCallback(async () => {
    const scope = await ownerScope();
    if (!scope || (await pendingCreditCount(scope)) === 0) return;
    try {
      const result = await syncCreditAnswers(callApi, scope);
      if (result.sent > 0 || result.conflicts > 0) await queryClient.invalidateQueries({ queryKey: ['zachetAuto'] });
    } finally {
      announceCreditChange();
    }
  }, [queryClient]);
  const hasPending = useCallback(async () => {
    const scope = await ownerScope();
    return scope !== null && (await pendingCreditCount(scope)) > 0;
  }, []);
  useOutboxSync(sync, hasPending);
  return null;
}

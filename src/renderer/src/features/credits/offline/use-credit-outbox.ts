import { useCallback, useEffect, useState } from 'react';
import { announceOutboxChange, onOutboxChange } from '../../../lib/offline-store/outbox-changes';
import { ownerScope } from '../../../lib/offline-store/owner-scope';
import { queryClient } from '../../../lib/query-client';
import {
  creditAnswerHandler,
  listCreditConflicts,
  queueCreditAnswer,
  queuedCreditAnswers,
  type AnswerInput,
  type CreditConflict,
  type QueuedCreditAnswer,
} from './credit-outbox';

/** Every screen showing queued answers (and the app-wide status) listens to the outbox's one change signal. */
export const announceCreditChange = announceOutboxChange;

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
    return onOutboxChange(() => void refresh());
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

/** The app's sender of queued credit answers (registered with the shell); the credit screens then show the server's state. */
export const creditOutboxHandler = creditAnswerHandler(() => queryClient.invalidateQueries({ queryKey: ['zachetAuto'] }));

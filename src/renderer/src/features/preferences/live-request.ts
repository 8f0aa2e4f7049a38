import type { InputOf, LiveContract, OutputOf } from '@shared/contract/core';
import { liveClient } from '../../app/live';
import { ruPreferences } from '../../i18n/preferences';
import { LiveError } from '../../lib/live-client';

/** A request over the shell's live socket; rejects at once when there is no socket (signed out). */
export function liveRequest<C extends LiveContract>(contract: C, input: InputOf<C>): Promise<OutputOf<C>> {
  const client = liveClient();
  if (!client) return Promise.reject(new LiveError('transport', ruPreferences.noConnection));
  return client.request(contract, input);
}

/** TanStack retry rule for live queries: a server refusal will not change on retry, a dropped socket might. */
export function retryLive(failureCount: number, error: unknown): boolean {
  return error instanceof LiveError && error.kind === 'transport' && failureCount < 1;
}

/** The text to show for a failed live call. */
export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

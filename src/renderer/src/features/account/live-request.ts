import type { InputOf, LiveContract, OutputOf } from '@shared/contract/core';
import { liveClient } from '../../app/live';
import { LiveError } from '../../lib/live-client';
import { NO_CONNECTION } from './errors';

/** A request over the shell's live socket; rejects at once when there is none (signed out). */
export function liveRequest<C extends LiveContract>(contract: C, input: InputOf<C>): Promise<OutputOf<C>> {
  const client = liveClient();
  if (!client) return Promise.reject(new LiveError('transport', NO_CONNECTION));
  return client.request(contract, input);
}

import type { InputOf, LiveContract, OutputOf } from '@shared/contract/core';
import { liveRequest as sharedLiveRequest } from '../../lib/live-request';
import { NO_CONNECTION } from './errors';

/** A live request with this area's 'no connection' text. */
export function liveRequest<C extends LiveContract>(contract: C, input: InputOf<C>): Promise<OutputOf<C>> {
  return sharedLiveRequest(contract, input, NO_CONNECTION);
}

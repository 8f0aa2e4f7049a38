import type { InputOf, LiveContract, OutputOf } from '@shared/contract/core';
import { ruPreferences } from '../../i18n/preferences';
import { liveRequest as sharedLiveRequest } from '../../lib/live-request';

export { retryLive, liveErrorText as errorText } from '../../lib/live-request';

/** A live request with this area's 'no connection' text. */
export function liveRequest<C extends LiveContract>(contract: C, input: InputOf<C>): Promise<OutputOf<C>> {
  return sharedLiveRequest(contract, input, ruPreferences.noConnection);
}

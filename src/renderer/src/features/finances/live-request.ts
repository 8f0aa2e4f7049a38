import type { InputOf, LiveContract, OutputOf } from '@shared/contract/core';
import { ruFinances as t } from '../../i18n/finances';
import { liveRequest as sharedLiveRequest } from '../../lib/live-request';

export { shellLiveClient } from '../../lib/live-request';

/** A live request with this area's 'no connection' text. */
export function liveRequest<C extends LiveContract>(contract: C, input: InputOf<C>): Promise<OutputOf<C>> {
  return sharedLiveRequest(contract, input, t.noConnection);
}

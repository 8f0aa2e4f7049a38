import type { HttpContract, InputOf, OutputOf } from '@shared/contract/core';
import { api } from '../api';
import { resolveOwner } from '../drafts/owner';
import { offlineStore } from './index';
import type { OfflineStore } from './types';

/**
 * Whose queued changes these are: the device's store and the signed-in user (their public key).
 * People sharing a computer never see or send each other's changes.
 */
export interface OwnerScope {
  store: OfflineStore;
  owner: string;
}

/** Calls an HTTP contract; throws ApiError like the app's client. Queued changes' logic takes one, so Node tests pass their own. */
export type CallFn = <C extends HttpContract>(contract: C, input: InputOf<C>) => Promise<OutputOf<C>>;

/** The app's call function for queued changes: the caller shows errors itself. */
export const callApi: CallFn = (contract, input) => api.call(contract, input, { handleErrors: true });

/** The signed-in user's scope; null when signed out or the user is not known yet. */
export async function ownerScope(): Promise<OwnerScope | null> {
  const owner = await resolveOwner();
  return owner ? { store: offlineStore(), owner } : null;
}

import { queryOptions } from '@tanstack/react-query';
import type { InputOf, LiveContract } from '@shared/contract/core';
import { liveRequest, retryLive } from '../../lib/live-request';

/** The settings pages' queries, each key written once. */
export const adminQueries = {
  /** One settings tab's data: the live call `contract` asked without input (a dropped connection is retried). */
  setting: <C extends LiveContract>(contract: C) =>
    queryOptions({ queryKey: ['adminSettings', contract.path], queryFn: () => liveRequest(contract, {} as InputOf<C>), retry: retryLive }),
};

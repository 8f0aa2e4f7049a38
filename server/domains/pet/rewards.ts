import { creditPassed, homeworkPartFinished, subscribe } from '../../events';
import type { Services } from '../../services';
import type { Db } from '../../db';
import { grantEarnedRewards, rewardText, type Reward } from './cookies';
import { pushAvatar, pushCookies, pushInfo } from './publish';

/**
 * Called when the client asks for its cookies (trigger_update_cookies): grants what was earned and
 * not yet granted (seeded or imported work, a grant missed before), and tells every device of the
 * owner. Never fails the call: a miss is picked up by the next ask (the ledger key makes a late
 * grant the same single grant).
 */
export async function rewardLearning(services: Services, userId: number): Promise<void> {
  try {
    const granted = await grantEarnedRewards(services.db, userId, services.clock.now());
    if (granted.length === 0) return;
    await pushCookies(services, userId);
    await pushInfo(services, userId, rewardText(granted));
    await pushAvatar(services, userId);
  } catch (error) {
    services.log.error('pet: granting learning rewards failed', error);
  }
}

/** After the commit: the new balance, what was granted and the pet (its training grew) to every device. */
async function announce(services: Services, userId: number, granted: readonly Reward[] | undefined): Promise<void> {
  if (!granted?.length) return;
  await pushCookies(services, userId);
  await pushInfo(services, userId, rewardText(granted));
  await pushAvatar(services, userId);
}

/** Grants in the publisher's transaction; notes what it granted for the announcement (nothing: no announcement). */
async function grant(trx: Db, userId: number, now: number): Promise<Reward[] | undefined> {
  const granted = await grantEarnedRewards(trx, userId, now);
  return granted.length > 0 ? granted : undefined;
}

/**
 * Finished work earns the pet's cookies: granted in the transaction that finishes the work (the
 * ledger key makes it one grant however many requests race), announced to every device after it.
 */
export const petRewardSubscribers = [
  subscribe({
    event: homeworkPartFinished,
    name: 'pet: cookies for a finished homework part',
    inTransaction: (trx, { userId }, { now }) => grant(trx, userId, now),
    afterCommit: (services, { userId }, granted) => announce(services, userId, granted),
  }),
  subscribe({
    event: creditPassed,
    name: 'pet: cookies for a passed credit',
    inTransaction: (trx, { userId }, { now }) => grant(trx, userId, now),
    afterCommit: (services, { userId }, granted) => announce(services, userId, granted),
  }),
];

import type { Services } from '../../services';
import { grantEarnedRewards, rewardText } from './cookies';
import { pushAvatar, pushCookies, pushInfo } from './publish';

/**
 * Called after learning calls that can finish a piece of work (homework parts, credits) and when
 * the client asks for its cookies: grants what was earned and not yet granted, and tells every
 * device of the owner. Never fails the learning call that triggered it: a miss is picked up by the
 * next trigger_update_cookies (the ledger key makes a late grant the same single grant).
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

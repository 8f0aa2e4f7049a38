import { updateAvatar, updateCookies, updateInfo } from '../../../src/shared/contract/pet';
import type { Services } from '../../services';
import { cookieBalance } from './cookies';
import { avatarPush, currentPet } from './pet-view';

/** Pushes the pet as it is now to every device of the owner (any instance, through the bus). */
export async function pushAvatar(services: Services, userId: number): Promise<'none' | 'alive' | 'dead'> {
  const pet = await currentPet(services.db, userId);
  await services.live.push(userId, updateAvatar, avatarPush(pet, services.clock.now()));
  return !pet ? 'none' : pet.dead === 1 ? 'dead' : 'alive';
}

/** Pushes the cookie balance to every device of the owner. */
export async function pushCookies(services: Services, userId: number): Promise<number> {
  const userCookies = await cookieBalance(services.db, userId);
  await services.live.push(userId, updateCookies, { userCookies });
  return userCookies;
}

export async function pushInfo(services: Services, userId: number, text: string): Promise<void> {
  if (text) await services.live.push(userId, updateInfo, { text });
}

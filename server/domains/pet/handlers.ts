import { pet } from '../../../src/shared/contract';
import { toFlag } from '../../../src/shared/contract/fields';
import { implement } from '../../contract/implement';
import { GENERAL_IMAGES } from './images';
import { createPet, feedPet, renamePet } from './pet';
import { pushAvatar, pushCookies } from './publish';
import { rewardLearning } from './rewards';
import { ensurePetTickJob } from './life';

/** Handlers of the pet, one per contract in src/shared/contract/pet.ts. Every change is pushed to all the owner's devices. */
export const petHandlers = [
  implement(pet.createAvatar, async (ctx) => {
    await createPet(ctx.services, ctx.user.id, ctx.services.clock.now());
    await ensurePetTickJob(ctx.services, ctx.services.clock.now(), true);
    await pushAvatar(ctx.services, ctx.user.id);
    return {};
  }),

  implement(pet.changeAvatarName, async (ctx, { avatarId, newName }) => {
    await renamePet(ctx.services, ctx.user.id, avatarId, newName, ctx.services.clock.now());
    await pushAvatar(ctx.services, ctx.user.id);
    return {};
  }),

  implement(pet.feedAvatar, async (ctx, { avatarId }) => {
    const userCookies = await feedPet(ctx.services, ctx.user.id, avatarId, ctx.services.clock.now());
    await pushAvatar(ctx.services, ctx.user.id);
    await pushCookies(ctx.services, ctx.user.id);
    return { userCookies };
  }),

  implement(pet.triggerUpdateAvatar, async (ctx) => {
    const alive = await pushAvatar(ctx.services, ctx.user.id);
    if (alive === 'alive') await ensurePetTickJob(ctx.services, ctx.services.clock.now(), true);
    return { avatarExists: toFlag(alive !== 'none') };
  }),

  implement(pet.triggerUpdateCookies, async (ctx) => {
    await rewardLearning(ctx.services, ctx.user.id);
    await pushCookies(ctx.services, ctx.user.id);
    return {};
  }),

  implement(pet.getGeneralImages, async () => ({ generalImages: GENERAL_IMAGES })),
];

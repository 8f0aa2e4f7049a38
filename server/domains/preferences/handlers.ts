import { preferences } from '../../../src/shared/contract';
import { implement } from '../../contract/implement';
import { saveFeedback } from './feedback';
import { locationVisibility, nearestUsers, saveLocation, setLocationVisibility } from './nearby';

/** Handlers of the preferences area, one per contract in src/shared/contract/preferences.ts. */
export const preferencesHandlers = [
  implement(preferences.sendFeedback, async (ctx, { message, anonym }) => {
    await saveFeedback(ctx.services, ctx.user.id, message, anonym === '1');
    return {};
  }),

  implement(preferences.getUserLocationVisibility, async (ctx) => ({
    isLocationPublic: await locationVisibility(ctx.services.db, ctx.user.id),
  })),

  implement(preferences.updateUserLocationVisibility, async (ctx, { isLocationPublic }) => {
    await setLocationVisibility(ctx.services.db, ctx.user.id, isLocationPublic === '1');
    return {};
  }),

  implement(preferences.updateUserLocation, async (ctx, { latitude, longitude }) => {
    await saveLocation(ctx.services, ctx.user.id, { latitude, longitude }, ctx.services.clock.now());
    return {};
  }),

  implement(preferences.getNearestUsers, async (ctx) => ({
    users: await nearestUsers(ctx.services, ctx.user.id, ctx.services.clock.now()),
  })),
];

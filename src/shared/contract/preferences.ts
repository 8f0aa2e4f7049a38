import { z } from 'zod';
import { access } from './access';
import { live } from './core';
import { flag, noInput, safeString } from './fields';

/**
 * Feedback and nearby people (shell §2.12, §7.3; learning doc 'Nearby people', §7 'Nearby people
 * and icons'). The icon display settings use /app_general/get_icons_for_hide and set_icons of
 * the shell contract.
 */

/** Longest feedback message accepted: a long letter, not a dump. */
export const FEEDBACK_MAX_LENGTH = 5000;

/** Spec §5: an empty feedback message (client and server say the same). */
export const FEEDBACK_EMPTY_MESSAGE = 'Введите сообщение';

export const sendFeedback = live('/messaging/send_feedback', {
  input: z.object({
    // Emptiness is checked by the handler, so the user sees the spec's own text, not a field name.
    message: safeString().max(FEEDBACK_MAX_LENGTH, `не длиннее ${FEEDBACK_MAX_LENGTH} символов`),
    /** '1': the message is stored without the sender. */
    anonym: flag,
  }),
  output: z.object({}),
  access: access.icon('feedback'),
  anonymousLog: true,
});

/** Learning doc §9: the client sends its position every 5 s while the page is open and visible. */
export const LOCATION_POLL_MS = 5_000;

/** A coordinate as the old clients send it (a decimal string), or a plain JSON number, within ±limit. */
const coordinate = (limit: number, name: string) =>
  z.union([z.number(), safeString()], { error: 'ожидалось десятичное число' }).transform((value, ctx) => {
    const text = typeof value === 'string' ? value.trim() : null;
    if (text !== null && !/^-?\d{1,3}(\.\d{1,15})?$/.test(text)) {
      ctx.addIssue({ code: 'custom', message: 'ожидалось десятичное число' });
      return z.NEVER;
    }
    const degrees = typeof value === 'number' ? value : Number(text);
    if (Math.abs(degrees) > limit) {
      ctx.addIssue({ code: 'custom', message: `${name} должна быть от -${limit} до ${limit}` });
      return z.NEVER;
    }
    return degrees;
  });

export const updateUserLocation = live('/neighbours/update_user_location', {
  input: z.object({ latitude: coordinate(90, 'широта'), longitude: coordinate(180, 'долгота') }),
  output: z.object({}),
  access: access.icon('nearbyPeople'),
});

export const updateUserLocationVisibility = live('/neighbours/update_user_location_visibility', {
  input: z.object({ isLocationPublic: flag }),
  output: z.object({}),
  access: access.icon('nearbyPeople'),
});

export const getUserLocationVisibility = live('/neighbours/get_user_location_visibility', {
  input: noInput,
  output: z.object({ isLocationPublic: flag }),
  access: access.icon('nearbyPeople'),
});

/** Strict: a nearby user carries names and a messenger nickname only, never coordinates. */
export const nearbyUserSchema = z.strictObject({
  userName: z.string(),
  userSurname: z.string(),
  userTgNickName: z.string(),
});

export type NearbyUser = z.infer<typeof nearbyUserSchema>;

export const getNearestUsers = live('/neighbours/get_nearest_users', {
  input: noInput,
  output: z.object({ users: z.array(nearbyUserSchema) }),
  access: access.icon('nearbyPeople'),
});

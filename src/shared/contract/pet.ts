import { z } from 'zod';
import { PET_NAME_MAX } from '../domain/pet';
import { access } from './access';
import { live, push } from './core';
import { flag, intLike, noInput, safeString } from './fields';

/**
 * The pet raccoon (shell §3.1, §3.2, §4.1, §7.3, §7.5, §8.1, §9). Every call goes over the live
 * socket; the server pushes the avatar, the cookie count and info texts to every device of the owner.
 */

const owner = access.signedIn;

/** Server texts of the pet; the UI shows them as 'Ошибка: {message}' (shell §8.1). */
export const PET_TEXTS = {
  notFound: 'Енот не найден',
  alreadyAlive: 'У тебя уже есть енот',
  dead: 'Енот умер',
  full: 'Енот сыт и не хочет есть',
  noCookies: 'Недостаточно печенек: их дают за выполненные домашние задания и сданные зачёты',
  sameName: 'У енота уже это имя',
  hungry: 'Енот проголодался — покорми его',
  died: 'Енот умер от голода. Можно завести нового',
  born: 'Енот родился!',
} as const;

/** One picture: loaded from '/avatars_images' + imagePath + imageName (shell §7.5). */
export const petImageSchema = z.object({
  imagePath: z.string(),
  imageName: z.string(),
  /** How big to draw it (the raccoon grows over its first month). */
  imageSizeCoef: z.number(),
});

/** Shell §3.1: the pet as the server sees it now. */
export const avatarSchema = z.object({
  id: z.number(),
  name: z.string(),
  /** Days: positive alive at that age; zero or negative before birth. */
  age: z.number(),
  health: z.number(),
  mood: z.number(),
  satiety: z.number(),
  train: z.number(),
  dead: flag,
  /** Our addition: when it is (or was) born, epoch ms, for 'родится через…'. */
  bornAt: z.number(),
});

const petName = safeString()
  .trim()
  .min(1, 'имя не может быть пустым')
  .max(PET_NAME_MAX, `имя не длиннее ${PET_NAME_MAX} символов`)
  .regex(/^[\p{L}\p{N}][\p{L}\p{N} .'-]*$/u, 'имя может состоять из букв, цифр, пробелов, точки, апострофа и дефиса');

export const changeAvatarName = live('/avatars/change_avatar_name', {
  input: z.object({ avatarId: intLike, newName: petName }),
  output: z.object({}),
  access: owner,
});

export const createAvatar = live('/avatars/create_avatar', { input: noInput, output: z.object({}), access: owner });

export const feedAvatar = live('/avatars/feed_avatar', {
  input: z.object({ avatarId: intLike }),
  output: z.object({ userCookies: z.number() }),
  access: owner,
});

/** Asks for an update_avatar push (to every device of the owner) and says whether there is a pet. */
export const triggerUpdateAvatar = live('/avatars/trigger_update_avatar', {
  input: noInput,
  output: z.object({ avatarExists: flag }),
  access: owner,
});

/** Grants any cookies earned and not yet granted, then pushes update_cookies. */
export const triggerUpdateCookies = live('/avatars/trigger_update_cookies', { input: noInput, output: z.object({}), access: owner });

export const getGeneralImages = live('/avatars/get_general_images', {
  input: noInput,
  output: z.object({ generalImages: z.array(z.object({ imagePath: z.string(), imageName: z.string() })) }),
  access: owner,
});

/** No pet yet: avatar and currentImage are null. */
export const updateAvatar = push('/avatars/update_avatar', {
  body: z.object({ avatar: avatarSchema.nullable(), currentImage: petImageSchema.nullable(), images: z.array(petImageSchema) }),
});

export const updateCookies = push('/avatars/update_cookies', { body: z.object({ userCookies: z.number() }) });

/** A line for the owner: a reward, hunger, death. */
export const updateInfo = push('/avatars/update_info', { body: z.object({ text: z.string() }) });

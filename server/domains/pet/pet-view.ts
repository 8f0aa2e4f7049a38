import type { z } from 'zod';
import type { avatarSchema, petImageSchema, updateAvatar } from '../../../src/shared/contract/pet';
import type { BodyOf } from '../../../src/shared/contract/core';
import { ageInDays, PET_PICTURES, petImageSet, petImageSizeCoef, petPicture } from '../../../src/shared/domain/pet';
import type { Db } from '../../db';
import type { PetsTable } from '../../db/schema';
import type { Selectable } from 'kysely';

export type PetRow = Selectable<PetsTable>;
type PetImage = z.infer<typeof petImageSchema>;

/** Folder of every image under /avatars_images (shell §7.5). */
export const PET_IMAGE_ROOT = '/';

/** The user's pet: the living one, else the latest dead one; undefined when they never had one. */
export async function currentPet(db: Db, userId: number): Promise<PetRow | undefined> {
  return db.selectFrom('pets').selectAll().where('user_id', '=', userId).orderBy('dead', 'asc').orderBy('id', 'desc').limit(1).executeTakeFirst();
}

/** The pet as the wire shows it (shell §3.1). */
export function avatarOf(pet: PetRow, now: number): z.infer<typeof avatarSchema> {
  // A dead pet's age stops at its death.
  const age = ageInDays(pet.born_at, pet.dead === 1 && pet.died_at !== null ? pet.died_at : now);
  return {
    id: pet.id,
    name: pet.name,
    age,
    health: pet.health,
    mood: pet.mood,
    satiety: pet.satiety,
    train: pet.train,
    dead: pet.dead === 1 ? '1' : '0',
    bornAt: pet.born_at,
  };
}

/** The body of update_avatar: the pet, its current picture and every picture of its set. */
export function avatarPush(pet: PetRow | undefined, now: number): BodyOf<typeof updateAvatar> {
  if (!pet) return { avatar: null, currentImage: null, images: [] };
  const avatar = avatarOf(pet, now);
  const set = petImageSet(avatar.age);
  const imageSizeCoef = petImageSizeCoef(avatar.age);
  const image = (name: string): PetImage => ({ imagePath: `${PET_IMAGE_ROOT}${set}/`, imageName: `${name}.svg`, imageSizeCoef });
  const picture = petPicture({ dead: avatar.dead === '1', age: avatar.age, satiety: avatar.satiety, mood: avatar.mood });
  return { avatar, currentImage: image(picture), images: PET_PICTURES.map(image) };
}

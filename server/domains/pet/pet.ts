import { randomUUID } from 'node:crypto';
import { PET_TEXTS } from '../../../src/shared/contract/pet';
import { feedStats, PET_BIRTH_DELAY_MS, PET_DEFAULT_NAME, PET_FEED, PET_LIMITS, PET_START } from '../../../src/shared/domain/pet';
import { fail } from '../../contract/errors';
import type { Services } from '../../services';
import { addCookies, cookieBalance } from './cookies';
import { fieldOf } from '../../../src/shared/guards';

/** A unique-index violation on either dialect (a parallel create won). */
function isUniqueViolation(error: unknown): boolean {
  const code = fieldOf(error, 'code');
  const message = fieldOf(error, 'message');
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || (typeof message === 'string' && message.includes('UNIQUE constraint failed'));
}

/** 'Завести енота' / 'Создать нового': a new raccoon, born an hour later. One living pet per user. */
export async function createPet(services: Services, userId: number, now: number): Promise<void> {
  const { db } = services;
  const alive = await db.selectFrom('pets').select('id').where('user_id', '=', userId).where('dead', '=', 0).executeTakeFirst();
  if (alive) fail(PET_TEXTS.alreadyAlive);
  const bornAt = now + PET_BIRTH_DELAY_MS;
  try {
    await db
      .insertInto('pets')
      .values({ user_id: userId, name: PET_DEFAULT_NAME, ...PET_START, dead: 0, born_at: bornAt, died_at: null, ticked_until: bornAt, created_at: now, updated_at: now })
      .execute();
  } catch (error) {
    // The partial unique index let a parallel create through first.
    if (isUniqueViolation(error)) fail(PET_TEXTS.alreadyAlive);
    throw error;
  }
}

/** The caller's own living pet by id, else the §8.1 error. */
async function ownPet(services: Services, userId: number, petId: number) {
  const pet = await services.db.selectFrom('pets').select(['id', 'dead', 'name']).where('id', '=', petId).where('user_id', '=', userId).executeTakeFirst();
  if (!pet) fail(PET_TEXTS.notFound);
  if (pet.dead === 1) fail(PET_TEXTS.dead);
  return pet;
}

export async function renamePet(services: Services, userId: number, petId: number, newName: string, now: number): Promise<void> {
  const pet = await ownPet(services, userId, petId);
  if (pet.name === newName) fail(PET_TEXTS.sameName);
  await services.db.updateTable('pets').set({ name: newName, updated_at: now }).where('id', '=', petId).where('dead', '=', 0).execute();
}

/**
 * Spends PET_FEED.cost cookies and feeds the pet, in one transaction under the pet's row lock: two
 * feedings at once cannot spend the same cookie, and the tick job cannot overwrite the meal.
 * Returns the balance after.
 */
export async function feedPet(services: Services, userId: number, petId: number, now: number): Promise<number> {
  await ownPet(services, userId, petId);
  return services.db.transaction().execute(async (trx) => {
    let query = trx.selectFrom('pets').selectAll().where('id', '=', petId).where('user_id', '=', userId);
    if (services.dialect === 'postgres') query = query.forUpdate();
    const pet = await query.executeTakeFirst();
    if (!pet) fail(PET_TEXTS.notFound);
    if (pet.dead === 1) fail(PET_TEXTS.dead);
    if (pet.satiety >= PET_LIMITS.satiety) fail(PET_TEXTS.full);
    const balance = await cookieBalance(trx, userId);
    if (balance < PET_FEED.cost) fail(PET_TEXTS.noCookies);
    await addCookies(trx, { userId, amount: -PET_FEED.cost, reason: `Покормлен енот ${pet.name}`, key: `feed:${petId}:${randomUUID()}`, at: now });
    const fed = feedStats(pet);
    await trx.updateTable('pets').set({ satiety: fed.satiety, mood: fed.mood, updated_at: now }).where('id', '=', petId).execute();
    return balance - PET_FEED.cost;
  });
}

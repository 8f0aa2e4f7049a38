import { z } from 'zod';
import { PET_TEXTS } from '../../../src/shared/contract/pet';
import { applyTicks, PET_TICK_MS } from '../../../src/shared/domain/pet';
import { defineJob } from '../../jobs/job';
import { enqueueJob } from '../../jobs/queue';
import type { Services } from '../../services';
import { pushAvatar, pushInfo } from './publish';

export const PET_TICK_JOB_KEY = 'pet-tick';

export interface PetTimeChange {
  userId: number;
  died: boolean;
  becameHungry: boolean;
  /** The first tick of its life: it has just hatched. */
  born: boolean;
}

/**
 * Applies the pet time due up to `now` to one pet: whole ticks since `ticked_until`, one by one.
 * The row is read and written under a lock (PostgreSQL `FOR UPDATE`; SQLite runs one write
 * transaction at a time), so a feeding in between is never overwritten and each tick is applied
 * once even when two instances try the same pet at the same moment.
 */
export async function advancePet(services: Services, petId: number, now: number): Promise<PetTimeChange | null> {
  return services.db.transaction().execute(async (trx) => {
    let query = trx.selectFrom('pets').selectAll().where('id', '=', petId).where('dead', '=', 0);
    if (services.dialect === 'postgres') query = query.forUpdate();
    const pet = await query.executeTakeFirst();
    if (!pet) return null;
    const due = Math.floor((now - pet.ticked_until) / PET_TICK_MS);
    if (due <= 0) return null;
    const result = applyTicks(pet, due);
    const tickedUntil = pet.ticked_until + result.ticks * PET_TICK_MS;
    await trx
      .updateTable('pets')
      .set({
        ...result.stats,
        ticked_until: result.died ? pet.ticked_until + due * PET_TICK_MS : tickedUntil,
        dead: result.died ? 1 : 0,
        died_at: result.died ? tickedUntil : null,
        updated_at: now,
      })
      .where('id', '=', petId)
      .execute();
    return { userId: pet.user_id, died: result.died, becameHungry: result.becameHungry, born: pet.ticked_until === pet.born_at };
  });
}

/** Advances every living pet that has a tick due and tells each owner; returns how many changed. */
export async function advanceAllPets(services: Services, now: number): Promise<number> {
  const due = await services.db
    .selectFrom('pets')
    .select('id')
    .where('dead', '=', 0)
    .where('ticked_until', '<=', now - PET_TICK_MS)
    .orderBy('id')
    .execute();
  let changed = 0;
  for (const { id } of due) {
    const change = await advancePet(services, id, now);
    if (!change) continue;
    changed += 1;
    // A push that fails (Redis blip) must not undo or repeat the tick: the client re-asks on reconnect.
    await pushAvatar(services, change.userId).catch((error: unknown) => services.log.error('pet: avatar push failed', error));
    const info = change.died ? PET_TEXTS.died : change.becameHungry ? PET_TEXTS.hungry : change.born ? PET_TEXTS.born : '';
    await pushInfo(services, change.userId, info).catch((error: unknown) => services.log.error('pet: info push failed', error));
  }
  return changed;
}

/** The next tick boundary after `now`. */
export function nextTickAt(now: number): number {
  return (Math.floor(now / PET_TICK_MS) + 1) * PET_TICK_MS;
}

async function hasLivingPets(services: Services): Promise<boolean> {
  return (await services.db.selectFrom('pets').select('id').where('dead', '=', 0).limit(1).executeTakeFirst()) !== undefined;
}

/**
 * One durable job for all pets (key 'pet-tick'): the runner lets one instance hold it at a time,
 * and it re-arms itself for the next tick boundary. After downtime the first run catches up.
 * With no living pet it ends (an installation without pets writes nothing every ten minutes);
 * the next 'Завести енота' arms it again.
 */
export const petTickJob = defineJob({
  kind: 'pet-tick',
  payload: z.object({}),
  async run(services, _payload, { now }) {
    await advanceAllPets(services, now);
    if (!(await hasLivingPets(services))) return;
    return { retryAt: nextTickAt(now), error: '' };
  },
});

/**
 * Makes sure the tick job is armed when there is a pet to tick: at start, after a pet is created
 * and when an owner of a living pet connects (which also heals the moment a job ended just as a
 * pet was created). The key keeps it one row; a pending job is left as it is.
 */
export async function ensurePetTickJob(services: Services, now: number, knownAlive = false): Promise<void> {
  if (!knownAlive && !(await hasLivingPets(services))) return;
  await enqueueJob(services.db, petTickJob, {}, { key: PET_TICK_JOB_KEY, runAt: nextTickAt(now), now });
}

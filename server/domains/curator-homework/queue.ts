import type { WaitingHomework } from '../../../src/shared/contract/curator-homework';
import { formatMoscowDateTime } from '../../../src/shared/domain/moscow-time';
import { STAFF_TYPES } from '../../../src/shared/domain/user-types';
import type { CurrentUser } from '../../auth/current-user';
import type { Db } from '../../db';
import { checksEveryone } from './checker-access';

/**
 * The checking queue: per homework, the part 2 works submitted ('Готово') that the user
 * may check, how many of them are their own students', and the oldest submission. One grouped
 * query over the works, so the cost does not grow with the number of homeworks. Self-check
 * homework is left out: its works are never checked by a curator.
 */
export async function waitingWorks(db: Db, user: CurrentUser): Promise<{ homeworks: WaitingHomework[]; total: number; totalMine: number }> {
  const everyone = await checksEveryone(user);
  const rows = await db
    .selectFrom('user_homeworks')
    .innerJoin('users', 'users.id', 'user_homeworks.user_id')
    .innerJoin('homeworks', 'homeworks.num', 'user_homeworks.ht_num')
    .where('user_homeworks.is_dop', '=', 0)
    .where('user_homeworks.status_p2', '=', 'Готово')
    .where('homeworks.p2_self_check', '=', 0)
    .where('users.user_type', 'not in', [...STAFF_TYPES])
    .$if(!everyone, (query) => query.where((eb) => eb.or([eb('users.curator_dz_id', '=', user.id), eb('users.curator_id', '=', user.id)])))
    .groupBy(['user_homeworks.ht_num', 'homeworks.is_probnik'])
    .select((eb) => [
      'user_homeworks.ht_num',
      'homeworks.is_probnik',
      eb.fn.countAll().as('waiting'),
      eb.fn
        .sum(
          eb
            .case()
            .when(eb.or([eb('users.curator_dz_id', '=', user.id), eb('users.curator_id', '=', user.id)]))
            .then(1)
            .else(0)
            .end(),
        )
        .as('mine'),
      eb.fn.min('user_homeworks.p2_submitted_at').as('oldest'),
    ])
    .execute();
  const homeworks = rows
    .map((row) => ({
      htNumber: row.ht_num,
      isProbnik: row.is_probnik,
      waiting: Number(row.waiting),
      waitingMine: Number(row.mine ?? 0),
      // PostgreSQL returns bigint aggregates as text.
      oldest: row.oldest === null ? null : Number(row.oldest),
    }))
    // Own students first, then the work that has waited longest.
    .sort((a, b) => Number(b.waitingMine > 0) - Number(a.waitingMine > 0) || (a.oldest ?? Infinity) - (b.oldest ?? Infinity) || a.htNumber - b.htNumber)
    .map(({ oldest, ...item }) => ({ ...item, oldestSubmitDate: oldest === null ? '' : formatMoscowDateTime(oldest) }));
  return {
    homeworks,
    total: homeworks.reduce((sum, item) => sum + item.waiting, 0),
    totalMine: homeworks.reduce((sum, item) => sum + item.waitingMine, 0),
  };
}

import type { Db } from '../../db';
import { VIEW_COUNT_WINDOW_MS } from '../../../src/shared/contract/video';

/** The user's row for a video, created on first use (watched and short mode off). */
async function ensureRow(db: Db, userId: number, videoId: number, now: number): Promise<void> {
  await db
    .insertInto('user_videos')
    .values({ user_id: userId, video_id: videoId, watched: 0, short_mode: 0, started_at: null, updated_at: now })
    .onConflict((conflict) => conflict.columns(['user_id', 'video_id']).doNothing())
    .execute();
}

export async function setUserVideoFlag(
  db: Db,
  { userId, videoId, column, value }: { userId: number; videoId: number; column: 'watched' | 'short_mode'; value: boolean },
  now: number,
): Promise<void> {
  await ensureRow(db, userId, videoId, now);
  await db
    .updateTable('user_videos')
    .set({ [column]: value ? 1 : 0, updated_at: now })
    .where('user_id', '=', userId)
    .where('video_id', '=', videoId)
    .execute();
}

/**
 * Records a start of watching and counts a view, unless this user's last counted start of this
 * video is within VIEW_COUNT_WINDOW_MS (a reload or replay is not a new view). The conditional
 * update decides atomically, so two quick starts from two tabs count once.
 */
export async function startWatching(db: Db, userId: number, videoId: number, now: number): Promise<boolean> {
  await ensureRow(db, userId, videoId, now);
  return db.transaction().execute(async (trx) => {
    const claimed = await trx
      .updateTable('user_videos')
      .set({ started_at: now, updated_at: now })
      .where('user_id', '=', userId)
      .where('video_id', '=', videoId)
      .where((eb) => eb.or([eb('started_at', 'is', null), eb('started_at', '<=', now - VIEW_COUNT_WINDOW_MS)]))
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) === 0) return false;
    await trx
      .updateTable('videos')
      .set((eb) => ({ views: eb('views', '+', 1) }))
      .where('id', '=', videoId)
      .execute();
    return true;
  });
}

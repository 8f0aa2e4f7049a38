import { sql } from 'kysely';
import type { ScheduleEvent, ScheduleEventType } from '../../../src/shared/contract/calendar';
import { STAFF_TYPES } from '../../../src/shared/domain/user-types';
import type { CurrentUser } from '../../auth/current-user';
import type { Db } from '../../db';
import { addDaysIso } from './iso-days';

/** Events that ended longer ago than this are left out: the reply stays small as terms pile up. */
export const SCHEDULE_HISTORY_DAYS = 366;

/** Audience value of an event meant for every student. */
export const AUDIENCE_ALL = 'all';

/**
 * Who sees what: staff (they run and check the lessons) see every event; anyone else sees the
 * events for all students plus those addressed to their own user type.
 */
export function audiencesFor(user: CurrentUser): string[] | 'every' {
  return STAFF_TYPES.includes(user.type) ? 'every' : [AUDIENCE_ALL, user.type];
}

/** The user's schedule from a year before `today` (a Moscow day) onwards, in start order. */
export async function scheduleFor(db: Db, user: CurrentUser, today: string): Promise<ScheduleEvent[]> {
  const audiences = audiencesFor(user);
  let query = db
    .selectFrom('schedule_events')
    .select(['id', 'type', 'date_start', 'date_end', 'time_start', 'description'])
    .where('date_end', '>=', addDaysIso(today, -SCHEDULE_HISTORY_DAYS));
  if (audiences !== 'every') query = query.where('audience', 'in', audiences);
  const rows = await query
    .orderBy('date_start')
    // Events without a time (test weeks) first on both dialects, whatever their NULL ordering.
    .orderBy(sql`coalesce(time_start, '')`)
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    id: String(row.id),
    type: row.type as ScheduleEventType,
    date_start: row.date_start,
    date_end: row.date_end,
    time_start: row.time_start ?? '',
    description: row.description,
  }));
}

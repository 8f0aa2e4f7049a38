import { sql } from 'kysely';
import { ratingValueFromTenths, type RatingGrouping, type RatingStatisticPoint } from '../../../src/shared/contract/rating';
import type { Db } from '../../db';
import { DAY_MS, dateOfDayIndex, dayIndexOfDate, dayStartMs, mondayOf, MOSCOW_OFFSET_MS, moscowDayIndex } from '../../time/moscow-days';

export interface StatisticRequest {
  userId: number;
  /** Moscow days 'YYYY-MM-DD', start ≤ end (the contract checks). */
  startDate: string;
  endDate: string;
  groupBy: RatingGrouping;
  now: number;
}

/** The Moscow day number of `created_at`, computed by the database (constants inlined, not bound). */
const createdDay = sql<number>`(created_at + ${sql.lit(MOSCOW_OFFSET_MS)}) / ${sql.lit(DAY_MS)}`;

/**
 * The cumulative rating at the end of each Moscow day, or of each week (Monday to Sunday), in
 * the range. Days after today are left out: their end has not come. A week's point is dated by
 * its Monday and holds the rating at the end of its last day inside the range. No changes ever
 * (up to the range's end) gives no points: there is nothing to chart; no changes before the range
 * starts the points at the first one.
 */
export async function ratingStatistic(db: Db, request: StatisticRequest): Promise<RatingStatisticPoint[]> {
  const first = dayIndexOfDate(request.startDate);
  const last = Math.min(dayIndexOfDate(request.endDate), moscowDayIndex(request.now));
  if (last < first) return [];

  const [before, perDay] = await Promise.all([
    db
      .selectFrom('rating_changes')
      .select((eb) => [eb.fn.coalesce(eb.fn.sum<number>('tenths'), eb.lit(0)).as('total'), eb.fn.countAll<number>().as('count')])
      .where('user_id', '=', request.userId)
      .where('created_at', '<', dayStartMs(first))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('rating_changes')
      .select([createdDay.as('day'), (eb) => eb.fn.sum<number>('tenths').as('tenths')])
      .where('user_id', '=', request.userId)
      .where('created_at', '>=', dayStartMs(first))
      .where('created_at', '<', dayStartMs(last + 1))
      .groupBy(createdDay)
      .execute(),
  ]);
  if (Number(before.count) === 0 && perDay.length === 0) return [];

  const changeOf = new Map(perDay.map((row) => [Number(row.day), Number(row.tenths)]));
  // A range that starts before the student's first change ever ('the whole period') starts at that
  // change: a year of zeros before it would only squeeze the real line.
  const start = Number(before.count) === 0 ? Math.min(...changeOf.keys()) : first;
  let running = Number(before.total);
  const points: RatingStatisticPoint[] = [];
  for (let day = start; day <= last; day += 1) {
    running += changeOf.get(day) ?? 0;
    const closesBucket = request.groupBy === 'day' || day === last || mondayOf(day + 1) === day + 1;
    if (!closesBucket) continue;
    const date = request.groupBy === 'day' ? day : mondayOf(day);
    points.push({ date: dateOfDayIndex(date), value: ratingValueFromTenths(running) });
  }
  return points;
}

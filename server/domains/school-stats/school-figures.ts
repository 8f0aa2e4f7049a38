import { sql } from 'kysely';
import type { Db } from '../../db';
import type { Dialect } from '../../db/migrations/helpers';

/** Moscow is UTC+3 all year (no DST since 2014). */
const MOSCOW_OFFSET_MS = 3 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;
/** What one paid month of study is worth in days. */
const PAID_PERIOD_DAYS = 30;
export const CURRENT_STUDENT_TYPES = ['Ученик', 'Интенсив', 'Частичный', 'Подписка', 'Пакетник'];

/** 'YYYY-MM' of a Moscow instant, in SQL of each dialect. */
function monthKey(dialect: Dialect) {
  return dialect === 'postgres'
    ? sql<string>`to_char(to_timestamp((ledger_entries.created_at + ${MOSCOW_OFFSET_MS}) / 1000.0) at time zone 'UTC', 'YYYY-MM')`
    : sql<string>`strftime('%Y-%m', (ledger_entries.created_at + ${MOSCOW_OFFSET_MS}) / 1000, 'unixepoch')`;
}

/** 'YYYY-MM' of an instant in Moscow, `monthsAhead` months on. */
export function moscowMonth(ms: number, monthsAhead = 0): string {
  const date = new Date(ms + MOSCOW_OFFSET_MS);
  const total = date.getUTCFullYear() * 12 + date.getUTCMonth() + monthsAhead;
  return `${Math.floor(total / 12)}-${String((total % 12) + 1).padStart(2, '0')}`;
}

export interface SchoolFigures {
  averageStudyPeriod: number;
  churnRateLastYear: number;
  churnRateLastMonth: number;
  retentionRate: number[];
  retentionMonths: string[];
  lifetimeValue: number;
  currentStudentsCount: number;
}

const percent1 = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part / whole) * 1000) / 10);

/**
 * The school statistics from the ledger (README 'Статистика школы'): a payment is a charge (a
 * negative ledger entry) of a student; a student "studies in a month" when they were charged in it.
 * The grouping by student and Moscow month is SQL on both dialects; the ratios are taken here.
 */
export async function schoolFigures(db: Db, dialect: Dialect, now: number): Promise<SchoolFigures> {
  const charges = db.selectFrom('ledger_entries').innerJoin('users', 'users.id', 'ledger_entries.user_id').where('amount_kopecks', '<', 0).where('users.user_type', 'not in', ['Админ', 'Куратор']);
  const [months, perStudent, current] = await Promise.all([
    charges.select(['user_id', monthKey(dialect).as('month')]).groupBy(['user_id', sql`2`]).execute(),
    charges
      .select(['user_id', (eb) => eb.fn.sum<number>('amount_kopecks').as('paid'), (eb) => eb.fn.min<number>('ledger_entries.created_at').as('first'), (eb) => eb.fn.max<number>('ledger_entries.created_at').as('last')])
      .groupBy('user_id')
      .execute(),
    db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('count')).where('user_type', 'in', CURRENT_STUDENT_TYPES).where('blocked', '=', 0).executeTakeFirstOrThrow(),
  ]);
  const studentsIn = new Map<string, Set<number>>();
  for (const row of months) {
    const set = studentsIn.get(row.month) ?? new Set<number>();
    set.add(row.user_id);
    studentsIn.set(row.month, set);
  }
  const active = (month: string) => studentsIn.get(month) ?? new Set<number>();
  const churn = (from: string, to: string) => {
    const before = active(from);
    const after = active(to);
    return percent1([...before].filter((id) => !after.has(id)).length, before.size);
  };

  // The last full month, and the months before it.
  const lastFull = moscowMonth(now, -1);
  const churnRateLastMonth = churn(moscowMonth(now, -2), lastFull);
  const churnRateLastYear = churn(moscowMonth(now, -13), lastFull);

  // Retention: the September cohort of this school year, month by month up to now.
  const thisMonth = moscowMonth(now);
  const [year, month] = thisMonth.split('-').map(Number) as [number, number];
  const september = `${month >= 9 ? year : year - 1}-09`;
  const retentionMonths: string[] = [];
  for (let ahead = 0; ahead < 12; ahead += 1) {
    const candidate = moscowMonth(Date.parse(`${september}-15T00:00:00Z`), ahead);
    if (candidate > thisMonth) break;
    retentionMonths.push(candidate);
  }
  const cohort = active(september);
  const retentionRate = retentionMonths.map((key) => (cohort.size === 0 ? 0 : Math.round(([...cohort].filter((id) => active(key).has(id)).length / cohort.size) * 1000) / 1000));

  const paying = perStudent.filter((row) => Number(row.paid) < 0);
  const lifetimeValue = paying.length === 0 ? 0 : Math.round(paying.reduce((sum, row) => sum - Number(row.paid), 0) / paying.length / 100);
  const periods = paying.map((row) => Math.min(Number(row.last) + PAID_PERIOD_DAYS * DAY_MS, Math.max(now, Number(row.last))) - Number(row.first));
  const averageStudyPeriod = periods.length === 0 ? 0 : Math.round(periods.reduce((sum, period) => sum + period, 0) / periods.length / DAY_MS);

  return { averageStudyPeriod, churnRateLastYear, churnRateLastMonth, retentionRate, retentionMonths, lifetimeValue, currentStudentsCount: Number(current.count) };
}

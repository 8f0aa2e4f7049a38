import type { Db } from '../index';

const MOSCOW_OFFSET_MS = 3 * 60 * 60 * 1000;

const ALUMNI: ReadonlyArray<[string, string]> = [
  ['Андреев', 'Кирилл'], ['Белова', 'Дарья'], ['Воронов', 'Глеб'], ['Гусева', 'Ева'], ['Дмитриев', 'Лев'], ['Егорова', 'Анна'],
  ['Жуков', 'Марк'], ['Зуева', 'Вера'], ['Ильин', 'Степан'], ['Комарова', 'Нина'], ['Лазарев', 'Олег'], ['Медведева', 'Юлия'],
  ['Никитин', 'Павел'], ['Осипова', 'Алина'], ['Петров', 'Роман'], ['Родионова', 'Ульяна'], ['Семёнов', 'Фёдор'], ['Титова', 'Мила'],
  ['Уваров', 'Иван'], ['Фомина', 'Таисия'], ['Харитонов', 'Денис'], ['Цветкова', 'Лиза'], ['Чернов', 'Артур'], ['Шубина', 'Яна'],
];

const LAST_YEAR_MONTHS = [3, 5, 7, 9, 12, 14, 15, 16];
const THIS_YEAR_MONTHS = [1, 1, 2, 2, 2, 3, 3, 3, 3, 4, 5, 6, 8, 10, 12, 12];

/** The instant of day 10, noon in Moscow, `monthsBack` months before the month of `now`. */
function monthDay(now: number, monthsBack: number): number {
  const date = new Date(now + MOSCOW_OFFSET_MS);
  const total = date.getUTCFullYear() * 12 + date.getUTCMonth() - monthsBack;
  return Date.UTC(Math.floor(total / 12), total % 12, 10, 12) - MOSCOW_OFFSET_MS;
}

/**
 * Payment history of former students for the school statistics (retention from September, churn,
 * LTV): two September cohorts (last school year's and this one's) paying monthly and leaving one by
 * one. Their accounts are closed (blocked, no login), so they appear nowhere else but in the ledger.
 */
export async function seedSchoolHistory(trx: Db, now: number): Promise<void> {
  const month = new Date(now + MOSCOW_OFFSET_MS).getUTCMonth();
  const sinceSeptember = (month - 8 + 12) % 12;
  for (const [index, [surname, name]] of ALUMNI.entries()) {
    const lastYear = index < 8;
    const startBack = sinceSeptember + (lastYear ? 12 : 0);
    // How many months each paid: the cohorts shrink month by month as real ones do.
    const months = lastYear ? LAST_YEAR_MONTHS[index]! : THIS_YEAR_MONTHS[(index - 8) % THIS_YEAR_MONTHS.length]!;
    const user = await trx
      .insertInto('users')
      .values({ login: null, user_type: 'Неактивный', surname, name, blocked: 1, tariff_num: 2, tariff_cost_kopecks: 350000, course_start_date: new Date(monthDay(now, startBack)).toISOString().slice(0, 10), created_at: monthDay(now, startBack), updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (let paid = 0; paid < months && startBack - paid >= 0; paid += 1) {
      const at = monthDay(now, startBack - paid);
      if (at > now) break;
      await trx.insertInto('ledger_entries').values({ user_id: user.id, amount_kopecks: -350000, kind: 'purchase', basis: 'Оплата тарифа', comment: 'Тариф «Авторитарный»', order_number: `demo-alumni-${index + 1}-${paid + 1}`, created_at: at }).execute();
    }
  }
}

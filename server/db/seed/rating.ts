import { awardRatings, type RatingAward } from '../../domains/rating/ledger';
import { dayStartMs, moscowDayIndex } from '../../time/moscow-days';
import type { Db } from '../index';

/** How far back the demo rating history goes: enough for the two-month chart to mean something. */
const HISTORY_DAYS = 80;
const HOUR = 60 * 60 * 1000;

/** Demo students and how busy each one is (share of days with activity). */
const ACTIVITY: Record<string, number> = {
  student: 0.85,
  intensive: 0.9,
  partial: 0.45,
  subscription: 0.6,
  package: 0.5,
  egor: 0.75,
  sofia: 0.95,
  maxim: 0.55,
  varvara: 0.8,
  timofey: 0.35,
  ksenia: 0.7,
};

/** What a day of study earns, as the activities will award it (tenths, comment). */
const EVENTS: Array<{ weight: number; tenths: number; comment: string }> = [
  { weight: 30, tenths: 5, comment: 'Тренировка 1 части: верный ответ' },
  { weight: 12, tenths: -5, comment: 'Тренировка 1 части: неверный ответ' },
  { weight: 8, tenths: 20, comment: 'Тренировка 2 части: задание решено' },
  { weight: 8, tenths: 15, comment: 'Тренировка признаков: все признаки верны' },
  { weight: 7, tenths: 30, comment: 'Реши первым: победа' },
  { weight: 5, tenths: -10, comment: 'Реши первым: поражение' },
  { weight: 3, tenths: 0, comment: 'Реши первым: ничья' },
  { weight: 4, tenths: 10, comment: 'Видеочат: устная тренировка с партнёром' },
  { weight: 3, tenths: 10, comment: 'Вебинар: активность на занятии' },
];
const TOTAL_WEIGHT = EVENTS.reduce((sum, event) => sum + event.weight, 0);

/** A small deterministic generator, so every fresh demo database tells the same story. */
function random(seedText: string): () => number {
  let seed = 2166136261;
  for (const char of seedText) seed = Math.imul(seed ^ char.charCodeAt(0), 16777619);
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function pickEvent(roll: number): (typeof EVENTS)[number] {
  let left = roll * TOTAL_WEIGHT;
  for (const event of EVENTS) {
    left -= event.weight;
    if (left < 0) return event;
  }
  return EVENTS[0]!;
}

/**
 * About 2–3 months of daily rating changes for the demo students (trainings, games, weekly
 * homework on Sundays), through the same ledger service the activities use; seed source ids
 * make it idempotent. Only past instants: today's events stop at `now`.
 */
export async function seedRatingHistory(db: Db, now: number): Promise<void> {
  const users = await db.selectFrom('users').select(['id', 'login']).where('login', 'in', Object.keys(ACTIVITY)).execute();
  const today = moscowDayIndex(now);
  const awards: RatingAward[] = [];
  for (const { id, login } of users) {
    const rand = random(`rating:${login}`);
    const activity = ACTIVITY[login!]!;
    let homework = 0;
    for (let day = today - HISTORY_DAYS; day <= today; day += 1) {
      const events: Array<{ tenths: number; comment: string }> = [];
      if (rand() < activity) {
        const count = 1 + Math.floor(rand() * 3);
        for (let k = 0; k < count; k += 1) events.push(pickEvent(rand()));
      }
      // Weekly homework is due on Sunday (day 3 was a Sunday).
      if ((day + 4) % 7 === 0) {
        homework += 1;
        const roll = rand();
        const number = homework;
        if (roll < activity + 0.05) events.push({ tenths: 50, comment: `ДЗ №${number} сдано` });
        else if (roll < activity + 0.15) events.push({ tenths: 20, comment: `ДЗ №${number} сдано с опозданием` });
        else events.push({ tenths: -30, comment: `ДЗ №${number} не сдано в срок` });
      }
      events.forEach((event, k) => {
        const at = dayStartMs(day) + 9 * HOUR + Math.floor(rand() * 14 * HOUR);
        if (at > now) return;
        awards.push({ userId: id, tenths: event.tenths, comment: event.comment, source: { kind: 'demo_seed', id: `${login}:${day}:${k}` }, at });
      });
    }
  }
  await awardRatings(db, awards);
}

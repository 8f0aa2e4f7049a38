import { DEMO_DAYS, type UserType } from '../../../src/shared/domain/user-types';
import type { PermissionGroup } from '../../../src/shared/domain/icons';
import { hashPassword } from '../../auth/passwords';
import type { Db } from '../index';
import type { NewUser } from '../schema';
import type { DemoSeedContext } from '../../domain-module';
import { seedRatingHistory } from './rating';
import { seedPreferencesDemo } from './preferences';
import { seedCalendar } from './calendar';
import { seedAccountDemo } from './account';
import { seedFinancesDemo } from './finances';
import { seedVerbalCreditSlots } from './verbal-slots';
import { seedCourseProgress } from './homework';
import { seedDemoCourse } from './demo-course';
import { seedSchoolHistory } from './school-stats';
import { seedStandards } from './standards';
import { seedKnowledge } from './knowledge';
import { seedDocuments } from './documents';
import { DEMO_PASSWORD } from './policy';

/** A domain's demo step (server/domains/domain-module.ts). */
type DomainSeedStep = (db: Db, context: DemoSeedContext) => Promise<void>;

export { DEMO_PASSWORD };

const DAY = 24 * 60 * 60 * 1000;

interface DemoUser {
  login: string;
  type: UserType;
  surname: string;
  name: string;
  patronymic: string;
  extra?: Partial<NewUser>;
  curatedBy?: string;
  groups?: PermissionGroup[];
  ledger?: Array<{ rubles: number; kind: string; basis: string; comment: string; daysAgo: number }>;
}

/** A complete profile, so demo students are not asked for required fields at every sign-in. */
const profile = (login: string, birthDate: string, phone: string, region: number): Partial<NewUser> => ({
  birth_date: birthDate,
  phone,
  email: `${login}@example.ru`,
  region_number: region,
  class_number: 11,
});

const student = (login: string, surname: string, name: string, patronymic: string, extra: Partial<NewUser> = {}): DemoUser => ({
  login,
  type: 'Ученик',
  surname,
  name,
  patronymic,
  curatedBy: 'curator',
  extra: {
    ...profile(login, '2008-06-15', `7916${String(login.length).padStart(3, '0')}4455`, 77),
    tariff_num: 2,
    tariff_cost_kopecks: 350000,
    oral_credit: 1,
    with_mistake_work: 1,
    ...extra,
  },
});

/** One account of every user type plus classmates, so every screen has true rows to show. */
export const DEMO_USERS: DemoUser[] = [
  { login: 'admin', type: 'Админ', surname: 'Миронова', name: 'Ольга', patronymic: 'Сергеевна', extra: { email: 'admin@enot.local' } },
  {
    login: 'curator',
    type: 'Куратор',
    surname: 'Соколов',
    name: 'Дмитрий',
    patronymic: 'Андреевич',
    extra: { tg_id: '700000001', tg_nickname: 'sokolov_curator', email: 'sokolov@enot.local' },
    groups: ['USERS_VIDEO_EDITORS', 'USERS_TIMECODE_CHANGERS', 'USERS_CHANGERS_Q_P1'],
  },
  {
    login: 'student',
    type: 'Ученик',
    surname: 'Смирнова',
    name: 'Алиса',
    patronymic: 'Игоревна',
    curatedBy: 'curator',
    extra: {
      region_number: 77,
      birth_date: '2008-03-14',
      class_number: 11,
      phone: '79161234567',
      email: 'alisa.smirnova@example.ru',
      tariff_num: 2,
      tariff_cost_kopecks: 350000,
      oral_credit: 1,
      with_mistake_work: 1,
      payday: 5,
      pay_due_date: '2026-12-05',
      course_start_date: '2026-09-01',
      goal_ball: 90,
      goal_vuz: 'НИУ ВШЭ, факультет права',
      goal_budzhet: 2,
      osobennosti: 'Лучше всего запоминаю через схемы, сложнее всего даётся экономика.',
    },
    ledger: [
      { rubles: 5000, kind: 'topup', basis: 'Пополнение баланса', comment: 'Оплата картой', daysAgo: 40 },
      { rubles: -3500, kind: 'purchase', basis: 'Оплата тарифа', comment: 'Тариф «Авторитарный», октябрь', daysAgo: 38 },
      { rubles: 3500, kind: 'topup', basis: 'Пополнение баланса', comment: 'Оплата картой', daysAgo: 9 },
      { rubles: -3500, kind: 'purchase', basis: 'Оплата тарифа', comment: 'Тариф «Авторитарный», ноябрь', daysAgo: 8 },
    ],
  },
  {
    login: 'intensive',
    type: 'Интенсив',
    surname: 'Кузнецова',
    name: 'Мария',
    patronymic: 'Павловна',
    curatedBy: 'curator',
    extra: { ...profile('intensive', '2008-01-22', '79219876543', 78), tariff_num: 3, tariff_cost_kopecks: 590000, oral_credit: 1, with_mistake_work: 1 },
    ledger: [{ rubles: 12000, kind: 'topup', basis: 'Пополнение баланса', comment: 'Оплата картой', daysAgo: 12 }],
  },
  { login: 'demo', type: 'Демо', surname: 'Попов', name: 'Илья', patronymic: 'Олегович', extra: { class_number: 10 } },
  {
    // A former student: her profile is complete, so the demo shows what an inactive account may reach.
    login: 'inactive',
    type: 'Неактивный',
    surname: 'Волкова',
    name: 'Екатерина',
    patronymic: 'Денисовна',
    extra: profile('inactive', '2007-12-01', '79261239090', 47),
  },
  {
    login: 'partial',
    type: 'Частичный',
    surname: 'Лебедев',
    name: 'Артём',
    patronymic: 'Викторович',
    curatedBy: 'curator',
    extra: { ...profile('partial', '2007-11-03', '79031112233', 52), tariff_num: 1, tariff_cost_kopecks: 190000 },
  },
  {
    login: 'subscription',
    type: 'Подписка',
    surname: 'Морозова',
    name: 'Полина',
    patronymic: 'Алексеевна',
    curatedBy: 'curator',
    extra: { ...profile('subscription', '2008-09-09', '79101234567', 63), tariff_num: 4, tariff_cost_kopecks: 290000, payday: 15, pay_due_date: '2026-12-15' },
  },
  {
    login: 'package',
    type: 'Пакетник',
    surname: 'Новиков',
    name: 'Никита',
    patronymic: 'Сергеевич',
    curatedBy: 'curator',
    extra: profile('package', '2008-04-30', '79051239876', 36),
  },
  student('egor', 'Васильев', 'Егор', 'Максимович', { region_number: 50 }),
  student('sofia', 'Павлова', 'София', 'Андреевна', { region_number: 16, tg_id: '700000002', tg_nickname: 'sofia_pavlova' }),
  student('maxim', 'Фёдоров', 'Максим', 'Ильич', { region_number: 66 }),
  student('varvara', 'Николаева', 'Варвара', 'Дмитриевна', { region_number: 23, tariff_num: 3, tariff_cost_kopecks: 590000 }),
  student('timofey', 'Орлов', 'Тимофей', 'Романович', { region_number: 54, tariff_num: 1, tariff_cost_kopecks: 190000 }),
  student('ksenia', 'Зайцева', 'Ксения', 'Олеговна', { region_number: 61 }),
];

export interface SeededAccount {
  login: string;
  type: UserType;
  fullName: string;
}

/**
 * Demo users for the embedded default. Never runs on a database that already has users;
 * returns the accounts it created (empty when it skipped).
 */
export async function seedDemoUsers(db: Db, now: number, domainSteps: readonly DomainSeedStep[] = []): Promise<SeededAccount[]> {
  const existing = await db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
  if (Number(existing.count) > 0) return [];

  // One hash for all demo accounts: they share a published password, so separate salts buy nothing
  // and would cost a noticeable scrypt run per account at every test server start.
  const passwordHash = await hashPassword(DEMO_PASSWORD);

  return db.transaction().execute(async (trx) => {
    const ids = new Map<string, number>();
    for (const user of DEMO_USERS) {
      const row = await trx
        .insertInto('users')
        .values({
          login: user.login,
          password_hash: passwordHash,
          user_type: user.type,
          surname: user.surname,
          name: user.name,
          patronymic: user.patronymic,
          demo_until: user.type === 'Демо' ? now + DEMO_DAYS * DAY : null,
          curator_id: user.curatedBy ? ids.get(user.curatedBy) ?? null : null,
          curator_dz_id: user.curatedBy ? ids.get(user.curatedBy) ?? null : null,
          curator_zach_id: user.curatedBy ? ids.get(user.curatedBy) ?? null : null,
          created_at: now,
          updated_at: now,
          ...user.extra,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.set(user.login, row.id);
      for (const group of user.groups ?? []) {
        await trx.insertInto('permission_group_members').values({ group_name: group, user_id: row.id }).execute();
      }
      for (const [index, entry] of (user.ledger ?? []).entries()) {
        await trx
          .insertInto('ledger_entries')
          .values({
            user_id: row.id,
            amount_kopecks: entry.rubles * 100,
            kind: entry.kind,
            basis: entry.basis,
            comment: entry.comment,
            order_number: `demo-${user.login}-${index + 1}`,
            created_at: now - entry.daysAgo * DAY,
          })
          .execute();
      }
    }
    await seedAccountDemo(trx, now);
    await seedCalendar(trx, now);
    await seedPreferencesDemo(trx, now, ids);
    await seedRatingHistory(trx, now);
    await seedFinancesDemo(trx, now);
    // The course itself (chapters … terms) is the demo package; the rest is the school's own demo data.
    await seedDemoCourse(trx, now);
    await seedCourseProgress(trx, now, ids);
    await seedSchoolHistory(trx, now);
    await seedVerbalCreditSlots(trx, now, ids.get('curator'));
    await seedStandards(trx, now, ids);
    await seedKnowledge(trx, now);
    await seedDocuments(trx, now);
    // Domains that carry their own demo step (their module.ts), in the server's domain order.
    for (const step of domainSteps) await step(trx, { now, userIds: ids });
    return DEMO_USERS.map((user) => ({
      login: user.login,
      type: user.type,
      fullName: `${user.surname} ${user.name}`,
    }));
  });
}

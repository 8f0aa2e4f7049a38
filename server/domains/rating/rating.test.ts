import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rating } from '../../../src/shared/contract';
import type { CallContract, InputOf, OutputOf } from '../../../src/shared/contract/core';
import type { RawReply, TestClient } from '../../../tests/helpers/client';
import { linkAccounts } from '../../../tests/helpers/factories';
import { startTestServer, testDialects, type TestServer } from '../../../tests/helpers/server';
import { awardRating, awardRatings, ratingTenths } from './ledger';
import { publicUserKey } from '../../users/user-key';

/** 'YYYY-MM-DDTHH:MM' Moscow wall-clock → epoch ms. */
const msk = (local: string) => Date.parse(`${local}:00+03:00`);

// Wednesday 18 November 2026, midday in Moscow.
const NOW = msk('2026-11-18T12:00');

// The server's clock stands still at NOW, so calls are signed at NOW (+1 ms each: no replays).
let tick = 0;
async function callRaw(client: TestClient, contract: CallContract, input: Record<string, unknown>): Promise<RawReply> {
  return client.post(contract.path, await client.sign(contract.path, input, NOW + ++tick));
}
async function call<C extends CallContract>(client: TestClient, contract: C, input: InputOf<C>): Promise<OutputOf<C>> {
  const reply = await callRaw(client, contract, input as Record<string, unknown>);
  if (reply.body.success !== '1') throw new Error(`${contract.path} answered ${JSON.stringify(reply.body)}`);
  return contract.output.parse(reply.body) as OutputOf<C>;
}

describe.each(testDialects)('rating ledger and calls on %s', (dialect) => {
  let server: TestServer;
  const clock = { now: () => NOW };
  const ids = new Map<string, number>();
  const clients = new Map<string, TestClient>();
  const as = async (login: string) => {
    if (!clients.has(login)) clients.set(login, await server.signIn(login));
    return clients.get(login)!;
  };
  const db = () => server.server.services.db;
  const key = (login: string) => `id${ids.get(login)!}`;
  let seq = 0;
  const award = (login: string, tenths: number, at: number, comment = 'Тренировка 1 части: верный ответ') =>
    awardRating(db(), { userId: ids.get(login)!, tenths, comment, source: { kind: 'test', id: `t${++seq}` }, at });

  beforeAll(async () => {
    server = await startTestServer({ dialect, clock });
    for (const row of await db().selectFrom('users').select(['id', 'login']).execute()) ids.set(row.login!, row.id);
  });
  afterAll(() => server.close());

  it('seeds months of daily history for the demo students through the ledger', async () => {
    const rows = await db()
      .selectFrom('rating_changes')
      .select((eb) => [eb.fn.min('created_at').as('first'), eb.fn.max('created_at').as('last'), eb.fn.countAll<number>().as('count')])
      .where('user_id', '=', ids.get('student')!)
      .executeTakeFirstOrThrow();
    expect(Number(rows.count)).toBeGreaterThan(60);
    expect(NOW - Number(rows.first)).toBeGreaterThan(60 * 86_400_000);
    expect(Number(rows.last)).toBeLessThanOrEqual(NOW);
    const story = await call(await as('student'), rating.getRatingStory, {});
    expect(story.ratingStory).toHaveLength(20);
    expect(story.ratingStory[0]!.comment).not.toBe('');
    // Nobody seeds the staff.
    const staff = await db().selectFrom('rating_changes').select('id').where('user_id', 'in', [ids.get('admin')!, ids.get('curator')!]).execute();
    expect(staff).toEqual([]);
  });

  describe('with a ledger the test writes', () => {
    beforeAll(async () => {
      await db().deleteFrom('rating_changes').execute();
    });

    it('awards once per (source kind, source id, user); the rating is the sum', async () => {
      const student = ids.get('student')!;
      const source = { kind: 'homework', id: 'dz-7' };
      expect(await awardRating(db(), { userId: student, tenths: 50, comment: 'ДЗ №7 сдано', source, at: NOW - 1000 })).toBe(true);
      expect(await awardRating(db(), { userId: student, tenths: 50, comment: 'ДЗ №7 сдано', source, at: NOW - 500 })).toBe(false);
      // The same activity may reward another student, and a batch skips its own duplicates.
      expect(await awardRating(db(), { userId: ids.get('egor')!, tenths: 50, comment: 'ДЗ №7 сдано', source, at: NOW - 1000 })).toBe(true);
      const batch = [-15, -15].map((tenths) => ({ userId: student, tenths, comment: 'Реши первым: поражение', source: { kind: 'decide_first', id: 'g1' }, at: NOW - 100 }));
      expect(await awardRatings(db(), batch)).toBe(1);
      expect(await ratingTenths(db(), student)).toBe(35);
      await expect(awardRating(db(), { userId: student, tenths: 1.5, comment: '', source })).rejects.toThrow(/tenths/);

      const story = await call(await as('student'), rating.getRatingStory, {});
      expect(story.rating).toBe('3.5');
      expect(story.ratingMonth).toBe('3.5');
      expect(story.ratingStory).toEqual([
        { value: '-1.5', datetime: '2026-11-18T11:59:59+03:00', comment: 'Реши первым: поражение' },
        { value: '5.0', datetime: '2026-11-18T11:59:59+03:00', comment: 'ДЗ №7 сдано' },
      ]);
      await db().deleteFrom('rating_changes').execute();
    });

    it('charts the cumulative rating per Moscow day, split at Moscow midnight, up to today', async () => {
      await award('student', 50, msk('2026-11-01T10:00'));
      await award('student', 10, msk('2026-11-16T23:59')); // 20:59 UTC: still the 16th in Moscow
      await award('student', 20, msk('2026-11-17T00:00')); // 21:00 UTC on the 16th: the 17th in Moscow
      await award('student', -5, msk('2026-11-18T09:00'));
      const client = await as('student');
      const { ratingStatistic } = await call(client, rating.getRatingStatistic, { userVkId: '', startDate: '2026-11-15', endDate: '2026-11-25', groupBy: 'day' });
      expect(ratingStatistic).toEqual([
        { date: '2026-11-15', value: '5.0' },
        { date: '2026-11-16', value: '6.0' },
        { date: '2026-11-17', value: '8.0' },
        { date: '2026-11-18', value: '7.5' },
      ]);
      const future = await call(client, rating.getRatingStatistic, { userVkId: '', startDate: '2026-12-01', endDate: '2026-12-31', groupBy: 'day' });
      expect(future.ratingStatistic).toEqual([]);
      // A student with no changes at all has nothing to chart.
      const empty = await call(await as('timofey'), rating.getRatingStatistic, { userVkId: '', startDate: '2026-11-01', endDate: '2026-11-18', groupBy: 'week' });
      expect(empty.ratingStatistic).toEqual([]);
      // 'The whole period' (a year back) starts at the first change, not with eleven months of zeros.
      const whole = await call(client, rating.getRatingStatistic, { userVkId: '', startDate: '2025-11-19', endDate: '2026-11-18', groupBy: 'day' });
      expect(whole.ratingStatistic[0]).toEqual({ date: '2026-11-01', value: '5.0' });
      expect(whole.ratingStatistic).toHaveLength(18);
    });

    it('charts weeks from Monday, split at the Moscow midnight that starts Monday', async () => {
      await award('student', 30, msk('2026-11-15T23:30')); // Sunday in Moscow (20:30 UTC)
      await award('student', 40, msk('2026-11-16T00:10')); // Monday in Moscow, still Sunday in UTC
      const { ratingStatistic } = await call(await as('student'), rating.getRatingStatistic, {
        userVkId: key('student'),
        startDate: '2026-11-04',
        endDate: '2026-11-18',
        groupBy: 'week',
      });
      // The week of 2 November is cut by the range at its start; its point still carries its Monday.
      expect(ratingStatistic).toEqual([
        { date: '2026-11-02', value: '5.0' },
        { date: '2026-11-09', value: '8.0' },
        { date: '2026-11-16', value: '14.5' },
      ]);
    });

    it('lists the top 10 students by the sum of the Moscow period, ties in a stable order', async () => {
      await db().deleteFrom('rating_changes').execute();
      await award('maxim', 50, msk('2026-11-12T10:00'));
      await award('sofia', 30, msk('2026-11-05T10:00'));
      await award('egor', 30, msk('2026-11-10T10:00'));
      await award('ksenia', 30, msk('2026-11-10T10:00')); // same sum and instant as egor: lower id first
      await award('egor', 100, msk('2026-10-15T10:00'));
      await award('student', 70, msk('2026-10-31T23:30')); // October in Moscow
      await award('student', 10, msk('2026-11-01T00:30')); // November in Moscow, October in UTC
      await award('timofey', 20, msk('2026-01-01T00:30')); // this year in Moscow, last year in UTC
      await award('timofey', 40, msk('2025-12-31T23:30'));
      await award('curator', 1000, msk('2026-11-11T10:00')); // staff are never listed
      for (const login of ['intensive', 'demo', 'partial', 'subscription', 'package', 'varvara', 'inactive']) await award(login, 1, msk('2026-02-01T10:00'));

      const client = await as('student');
      const names = (top: Array<{ user: string }>) => top.map((row) => row.user);
      const month = (await call(client, rating.getRatingTop, { period: 'month' })).ratingTop;
      expect(month.map((row) => [row.position, row.user, row.value])).toEqual([
        ['1', 'Фёдоров Максим', '5.0'],
        ['2', 'Павлова София', '3.0'],
        ['3', 'Васильев Егор', '3.0'],
        ['4', 'Зайцева Ксения', '3.0'],
        ['5', 'Смирнова Алиса', '1.0'],
      ]);
      expect(month[0]).toEqual({ position: '1', user: 'Фёдоров Максим', userVkId: key('maxim'), value: '5.0', userCurator: 'Соколов Дмитрий' });

      const previous = (await call(client, rating.getRatingTop, { period: 'previous_month' })).ratingTop;
      expect(previous.map((row) => [row.user, row.value])).toEqual([
        ['Васильев Егор', '10.0'],
        ['Смирнова Алиса', '7.0'],
      ]);

      const year = (await call(client, rating.getRatingTop, { period: 'year' })).ratingTop;
      expect(year).toHaveLength(10);
      expect(names(year).slice(0, 7)).toEqual([
        'Васильев Егор',
        'Смирнова Алиса',
        'Фёдоров Максим',
        'Павлова София',
        'Зайцева Ксения',
        'Орлов Тимофей',
        'Кузнецова Мария',
      ]);
      expect(year.find((row) => row.user === 'Орлов Тимофей')?.value).toBe('2.0');
      expect(names(year)).not.toContain('Соколов Дмитрий');
      // Asking again gives the same order.
      expect((await call(client, rating.getRatingTop, { period: 'year' })).ratingTop).toEqual(year);
    });
  });

  describe('who may read whose rating', () => {
    it('a student reads only their own story and statistic', async () => {
      const student = await as('student');
      expect((await call(student, rating.getRatingStory, { userVkId: key('student') })).rating).toBeDefined();
      for (const [contract, input] of [
        [rating.getRatingStory, { userVkId: key('egor') }],
        [rating.getRatingStatistic, { userVkId: key('egor'), startDate: '2026-11-01', endDate: '2026-11-18', groupBy: 'day' }],
      ] as const) {
        const reply = await callRaw(student, contract, input);
        expect(reply.body).toEqual({ success: '0', message: 'Недостаточно прав для этого действия.' });
      }
    });

    it('a curator reads their own students (by VK id too), not others; an admin reads anyone', async () => {
      await linkAccounts(server, 'egor', { vkId: '70012345' });
      const curator = await as('curator');
      expect((await call(curator, rating.getRatingStory, { userVkId: key('student') })).ratingStory.length).toBeGreaterThan(0);
      expect((await call(curator, rating.getRatingStory, { userVkId: '70012345' })).rating).toBe('13.0');
      expect((await call(curator, rating.getRatingStory, { userVkId: 70012345 })).rating).toBe('13.0');
      const egorRow = await db().selectFrom('users').select(['id', 'vk_id']).where('login', '=', 'egor').executeTakeFirstOrThrow();
      expect(publicUserKey(egorRow)).toBe('70012345');
      expect((await call(curator, rating.getRatingTop, { period: 'previous_month' })).ratingTop[0]!.userVkId).toBe('70012345');

      // The admin's card signs with the real clock and this server's stands still: the row itself.
      await db().updateTable('users').set({ curator_id: null, curator_dz_id: null, curator_zach_id: null }).where('login', '=', 'maxim').execute();
      const refused = await callRaw(curator, rating.getRatingStatistic, { userVkId: key('maxim'), startDate: '2026-11-01', endDate: '2026-11-18', groupBy: 'week' });
      expect(refused.body.success).toBe('0');
      const admin = await as('admin');
      expect((await call(admin, rating.getRatingStory, { userVkId: key('maxim') })).rating).toBe('5.0');
      expect(await callRaw(admin, rating.getRatingStory, { userVkId: 'id999999' })).toMatchObject({ body: { success: '0', message: 'Пользователь не найден.' } });
      expect(await callRaw(admin, rating.getRatingStory, { userVkId: 'id99999999999' })).toMatchObject({ body: { success: '0', message: 'Пользователь не найден.' } });
    });

    it('is closed to inactive users, as their hidden button is', async () => {
      const reply = await callRaw(await as('inactive'), rating.getRatingTop, { period: 'month' });
      expect(reply.body).toEqual({ success: '0', message: 'Недостаточно прав для этого действия.' });
    });
  });

  it('validates periods, groupings and keys with messages that name the field', async () => {
    const student = await as('student');
    const statistic = (input: Record<string, unknown>) =>
      callRaw(student, rating.getRatingStatistic, { userVkId: '', startDate: '2026-11-01', endDate: '2026-11-18', groupBy: 'day', ...input });
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ startDate: '2026-11-19' }, 'Поле "endDate": дата окончания раньше даты начала'],
      [{ startDate: '2025-11-01' }, 'Поле "endDate": период не может быть длиннее года'],
      [{ endDate: '2026-02-30' }, 'Поле "endDate": такой даты нет в календаре'],
      [{ startDate: '01.11.2026' }, 'Поле "startDate": ожидалась дата в формате ГГГГ-ММ-ДД'],
      [{ userVkId: 'alice' }, 'Поле "userVkId": ожидался VK id или id<номер> пользователя'],
    ];
    for (const [input, message] of cases) {
      const reply = await statistic(input);
      expect(reply.status, message).toBe(400);
      expect(reply.body).toEqual({ success: '0', message });
    }
    expect((await statistic({ groupBy: 'month' })).body.message).toMatch(/^Поле "groupBy"/);
    // Exactly a year is allowed.
    expect((await statistic({ startDate: '2025-11-18' })).body.success).toBe('1');
    expect((await callRaw(student, rating.getRatingTop, { period: 'week' })).body.message).toMatch(/^Поле "period"/);
  });
});

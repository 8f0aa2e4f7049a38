import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buyIntensivRazdelLesson, getIntensivRazdelsLessonsInfo } from '../../../src/shared/contract/finances';
import { accessAllowed, loadCurrentUser } from '../../auth/current-user';
import { CallFailure } from '../../contract/errors';
import { makeStudent } from '../../../tests/helpers/factories';
import { startTestServer, testDialects, type TestServer } from '../../../tests/helpers/server';
import { buyExtraLessonSection, EXTRA_LESSON_MESSAGES, listExtraLessonSections } from './extra-lessons';
import { addLedgerEntry, balanceKopecks } from './ledger';

describe.each(testDialects)('extra recorded lessons on %s', (dialect) => {
  let server: TestServer;
  let seq = 0;
  const db = () => server.server.services.db;
  const now = () => server.server.services.clock.now();
  const buy = (userId: number, section: number) => buyExtraLessonSection(db(), dialect, userId, section, now());
  const idOf = async (login: string) => (await db().selectFrom('users').select('id').where('login', '=', login).executeTakeFirstOrThrow()).id;
  const failureOf = async (promise: Promise<unknown>) => {
    const error = await promise.then(() => null, (caught: unknown) => caught);
    expect(error).toBeInstanceOf(CallFailure);
    return (error as CallFailure).message;
  };

  /** A new intensive student with `rubles` on the balance. */
  async function buyer(rubles: number): Promise<number> {
    seq += 1;
    const { id } = await makeStudent(server, { login: `buyer-${dialect}-${seq}`, type: 'Интенсив', surname: `Покупатель${seq}`, createdAt: now() });
    if (rubles > 0) {
      await addLedgerEntry(db(), { userId: id, amountKopecks: rubles * 100, kind: 'topup', basis: 'Пополнение баланса', comment: '', orderNumber: `topup-${dialect}-${seq}`, createdAt: now() });
    }
    return id;
  }

  beforeAll(async () => {
    server = await startTestServer({ dialect });
    // Ten sections of 1000 ₽ for the races below, after the six demo ones.
    await db()
      .insertInto('extra_lesson_sections')
      .values(Array.from({ length: 10 }, (_, index) => ({ number: 101 + index, name: `Тестовый раздел ${index + 1}`, count_lessons: 3, price_kopecks: 100_000, created_at: now() })))
      .execute();
  });
  afterAll(() => server.close());

  it('lists the demo sections with prices in roubles and the intensive student owning the first', async () => {
    const sections = await listExtraLessonSections(db(), await idOf('intensive'));
    expect(sections.slice(0, 6)).toEqual([
      { number: '1', name: 'Человек и общество', countLessons: '6', price: '1490', isAccess: '1' },
      { number: '2', name: 'Экономика', countLessons: '9', price: '2290', isAccess: '0' },
      { number: '3', name: 'Социальные отношения', countLessons: '7', price: '1790', isAccess: '0' },
      { number: '4', name: 'Политика', countLessons: '8', price: '1990', isAccess: '0' },
      { number: '5', name: 'Право', countLessons: '12', price: '2990', isAccess: '0' },
      { number: '6', name: 'Вторая часть: план и задание 25', countLessons: '5', price: '1290', isAccess: '0' },
    ]);
    // 12 000 ₽ topped up, 1 490 ₽ spent on the first section.
    expect(await balanceKopecks(db(), await idOf('intensive'))).toBe(1_051_000);
    expect((await listExtraLessonSections(db(), await idOf('curator'))).every((section) => section.isAccess === '0')).toBe(true);
  });

  it('buys a section from the balance with a ledger entry naming it, and refuses to sell it twice', async () => {
    const userId = await buyer(3000);
    await buy(userId, 2);
    expect(await balanceKopecks(db(), userId)).toBe(71_000);
    const entry = await db().selectFrom('ledger_entries').selectAll().where('user_id', '=', userId).where('kind', '=', 'purchase').executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ amount_kopecks: -229_000, basis: 'Покупка раздела «Экономика»', comment: 'Дополнительные уроки в записи: 9', order_number: `razdel-${userId}-2` });
    expect((await listExtraLessonSections(db(), userId)).find((section) => section.number === '2')?.isAccess).toBe('1');

    expect(await failureOf(buy(userId, 2))).toBe('Раздел уже куплен');
    expect(await balanceKopecks(db(), userId)).toBe(71_000);
  });

  it("refuses with 'Недостаточно средств на балансе' and changes nothing when the balance is short", async () => {
    const userId = await buyer(2000);
    expect(await failureOf(buy(userId, 5))).toBe('Недостаточно средств на балансе');
    expect(EXTRA_LESSON_MESSAGES.notEnoughMoney).toBe('Недостаточно средств на балансе');
    expect(await db().selectFrom('extra_lesson_purchases').select('section_number').where('user_id', '=', userId).execute()).toEqual([]);
    expect(await balanceKopecks(db(), userId)).toBe(200_000);
    // Exactly enough is enough.
    const exact = await buyer(1290);
    await buy(exact, 6);
    expect(await balanceKopecks(db(), exact)).toBe(0);
  });

  it('answers an unknown section plainly', async () => {
    const userId = await buyer(5000);
    for (const number of [999, 0, -1, 9_999_999_999]) expect(await failureOf(buy(userId, number))).toBe('Раздел не найден');
  });

  it('ten parallel purchases never spend more than the balance', async () => {
    const userId = await buyer(3500);
    const results = await Promise.allSettled(Array.from({ length: 10 }, (_, index) => buy(userId, 101 + index)));
    const refused = results.filter((result) => result.status === 'rejected');
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(3);
    expect(refused.map((result) => (result as PromiseRejectedResult).reason.message)).toEqual(Array(7).fill('Недостаточно средств на балансе'));
    expect(await balanceKopecks(db(), userId)).toBe(50_000);
    const purchases = await db().selectFrom('extra_lesson_purchases').select('section_number').where('user_id', '=', userId).execute();
    expect(purchases).toHaveLength(3);
  });

  it('ten parallel purchases of one section sell it once', async () => {
    const userId = await buyer(50_000);
    const results = await Promise.allSettled(Array.from({ length: 10 }, () => buy(userId, 103)));
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    const messages = results.flatMap((result) => (result.status === 'rejected' ? [(result.reason as Error).message] : []));
    expect(messages).toEqual(Array(9).fill('Раздел уже куплен'));
    expect(await balanceKopecks(db(), userId)).toBe(4_900_000);
  });

  it('is open to curators, intensive students and admins only (shell §6)', async () => {
    const icons = await server.server.services.iconRules.get();
    for (const [login, allowed] of [['curator', true], ['intensive', true], ['admin', true], ['student', false], ['subscription', false], ['demo', false]] as const) {
      const user = (await loadCurrentUser(db(), await idOf(login), now()))!;
      for (const contract of [getIntensivRazdelsLessonsInfo, buyIntensivRazdelLesson]) {
        expect(await accessAllowed(contract.access, user, icons), `${login} ${contract.path}`).toBe(allowed);
      }
    }
  });
});

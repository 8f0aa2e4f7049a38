import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calendar } from '../../../src/shared/contract';
import { moscowDateKey } from '../../../src/shared/domain/moscow-time';
import type { TestClient } from '../../../tests/helpers/client';
import { editUser, linkAccounts } from '../../../tests/helpers/factories';
import { startTestServer, testDialects, type TestServer } from '../../../tests/helpers/server';
import { addDaysIso, mondayOf, weekdayIso } from './iso-days';

const DENIED = { success: '0', message: 'Недостаточно прав для этого действия.' };

describe.each(testDialects)('calendar calls on %s', (dialect) => {
  let server: TestServer;
  const today = () => moscowDateKey(server.server.services.clock.now());
  const db = () => server.server.services.db;
  const addEvent = async (event: { date_start: string; date_end?: string; audience?: string; description: string; type?: string; time_start?: string | null }) => {
    const now = server.server.services.clock.now();
    await db()
      .insertInto('schedule_events')
      .values({
        type: event.type ?? 'Lesson',
        date_start: event.date_start,
        date_end: event.date_end ?? event.date_start,
        time_start: event.time_start === undefined ? '19:30' : event.time_start,
        description: event.description,
        audience: event.audience ?? 'all',
        created_at: now,
        updated_at: now,
      })
      .execute();
  };

  beforeAll(async () => {
    server = await startTestServer({ dialect });
  });
  afterAll(() => server.close());

  describe('get_raspis.php', () => {
    it("gives a student the seeded term: Tuesday and Thursday lessons at 18:00 and three Monday–Sunday test weeks, one of them this week", async () => {
      const student = await server.signIn('student');
      const { dataArrayArray: events } = await student.call(calendar.getRaspis, {});
      const lessons = events.filter((event) => event.type === 'Lesson');
      const tests = events.filter((event) => event.type === 'Zach_week');

      expect(lessons).toHaveLength(28);
      for (const lesson of lessons) {
        expect(lesson.date_end).toBe(lesson.date_start);
        expect(lesson.time_start).toBe('18:00');
        expect([1, 3]).toContain(weekdayIso(lesson.date_start));
      }
      expect(lessons[0]!.description).toBe('Природное и общественное в человеке. Мировоззрение');
      expect(lessons.map((lesson) => lesson.description)).toContain('Рынок и рыночный механизм. Спрос и предложение');
      expect(lessons.at(-1)!.description).toBe('Уголовное право: преступление и наказание');

      expect(tests).toHaveLength(3);
      for (const week of tests) {
        expect(weekdayIso(week.date_start)).toBe(0);
        expect(week.date_end).toBe(addDaysIso(week.date_start, 6));
        expect(week.time_start).toBe('');
        expect(week.description).toMatch(/^Зачётная неделя: «/);
        // No lessons during a test week.
        expect(lessons.filter((lesson) => lesson.date_start >= week.date_start && lesson.date_start <= week.date_end)).toEqual([]);
      }
      const thisWeek = tests.find((week) => week.date_start === mondayOf(today()));
      expect(thisWeek?.description).toContain('«Экономика»');

      // Start order, ids as strings, exactly the wire fields of shell §3.11.
      expect(events.map((event) => event.date_start)).toEqual([...events.map((event) => event.date_start)].sort());
      expect(Object.keys(events[0]!).sort()).toEqual(['date_end', 'date_start', 'description', 'id', 'time_start', 'type']);
      expect(events[0]!.id).toMatch(/^\d+$/);
    });

    it('shows events addressed to one user type only to that type and to staff', async () => {
      const student = await server.signIn('student');
      const intensive = await server.signIn('intensive');
      const subscription = await server.signIn('subscription');
      const curator = await server.signIn('curator');
      const admin = await server.signIn('admin');
      const day = addDaysIso(today(), 3);
      await addEvent({ date_start: day, audience: 'Подписка', description: 'Встреча подписчиков с куратором' });
      const descriptions = async (client: TestClient) => (await client.call(calendar.getRaspis, {})).dataArrayArray.map((event) => event.description);

      const forStudent = await descriptions(student);
      expect(forStudent.some((text) => text.startsWith('Интенсив:'))).toBe(false);
      expect(forStudent).not.toContain('Встреча подписчиков с куратором');

      const forIntensive = await descriptions(intensive);
      expect(forIntensive.filter((text) => text.startsWith('Интенсив:'))).toHaveLength(6);
      expect(forIntensive).toContain('Природное и общественное в человеке. Мировоззрение');
      expect(forIntensive).not.toContain('Встреча подписчиков с куратором');

      expect(await descriptions(subscription)).toContain('Встреча подписчиков с куратором');
      for (const staff of [curator, admin]) {
        const all = await descriptions(staff);
        expect(all).toContain('Встреча подписчиков с куратором');
        expect(all.filter((text) => text.startsWith('Интенсив:'))).toHaveLength(6);
      }
    });

    it('orders a day by time with untimed events first and leaves out events that ended over a year ago', async () => {
      const day = addDaysIso(today(), -200);
      await addEvent({ date_start: day, time_start: '19:00', description: 'Вечерняя консультация' });
      await addEvent({ date_start: day, time_start: '09:15', description: 'Утренняя консультация' });
      await addEvent({ date_start: day, date_end: addDaysIso(day, 6), type: 'Zach_week', time_start: null, description: 'Зачётная неделя: пробник' });
      await addEvent({ date_start: addDaysIso(today(), -400), description: 'Урок позапрошлого года' });
      const student = await server.signIn('student');
      const { dataArrayArray: events } = await student.call(calendar.getRaspis, {});
      expect(events.filter((event) => event.date_start === day).map((event) => [event.time_start, event.description])).toEqual([
        ['', 'Зачётная неделя: пробник'],
        ['09:15', 'Утренняя консультация'],
        ['19:00', 'Вечерняя консультация'],
      ]);
      expect(events.map((event) => event.description)).not.toContain('Урок позапрошлого года');
    });

    it('refuses an inactive user by the calendar icon rule, and answers -1 without a session', async () => {
      const inactive = await server.signIn('inactive');
      expect((await inactive.callRaw(calendar.getRaspis, {})).body).toEqual(DENIED);
      const unsigned = await server.anonymous.post(calendar.getRaspis.path, {});
      expect(unsigned.body.success).toBe('-1');
    });
  });

  describe('get_birthdays.php', () => {
    it('lists the seeded classmates whose birthday is today, never their birth dates', async () => {
      const student = await server.signIn('student');
      const { usersInfo } = await student.call(calendar.getBirthdays, {});
      expect(usersInfo).toContainEqual({ userName: 'Максим', userSurname: 'Фёдоров', userType: 'Ученик', userTgNickname: '', userVkId: '' });
      expect(usersInfo).toContainEqual({ userName: 'София', userSurname: 'Павлова', userType: 'Ученик', userTgNickname: 'sofia_pavlova', userVkId: '' });
      for (const person of usersInfo) expect(Object.keys(person).sort()).toEqual(['userName', 'userSurname', 'userTgNickname', 'userType', 'userVkId']);
      // The seed moved only month and day: the year of birth stays.
      const sofia = await db().selectFrom('users').select('birth_date').where('login', '=', 'sofia').executeTakeFirstOrThrow();
      expect(sofia.birth_date).toBe(`2008-${today().slice(5)}`);
    });

    it('lists current students and staff by surname, not inactive, demo or blocked users', async () => {
      const notToday = `2008-${addDaysIso(today(), 1).slice(5)}`;
      await db().updateTable('users').set({ birth_date: notToday }).execute();
      const birthday = `2007-${today().slice(5)}`;
      await db().updateTable('users').set({ birth_date: birthday }).where('login', 'in', ['curator', 'partial', 'inactive', 'demo', 'egor']).execute();
      await linkAccounts(server, 'partial', { vkId: '123456789' });
      await editUser(server, 'egor', { userBlocked: '1' });

      const student = await server.signIn('student');
      const { usersInfo } = await student.call(calendar.getBirthdays, {});
      expect(usersInfo).toEqual([
        { userName: 'Артём', userSurname: 'Лебедев', userType: 'Частичный', userTgNickname: '', userVkId: '123456789' },
        { userName: 'Дмитрий', userSurname: 'Соколов', userType: 'Куратор', userTgNickname: 'sokolov_curator', userVkId: '' },
      ]);
      await editUser(server, 'egor', { userBlocked: '0' });
    });

    it('answers an empty list when nobody has a birthday today', async () => {
      await db().updateTable('users').set({ birth_date: `2008-${addDaysIso(today(), -1).slice(5)}` }).execute();
      const curator = await server.signIn('curator');
      expect(await curator.call(calendar.getBirthdays, {})).toEqual({ usersInfo: [] });
    });

    it('refuses an inactive user by the calendar icon rule', async () => {
      const inactive = await server.signIn('inactive');
      expect((await inactive.callRaw(calendar.getBirthdays, {})).body).toEqual(DENIED);
    });
  });
});

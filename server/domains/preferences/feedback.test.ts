import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preferences } from '../../../src/shared/contract';
import { startTestServer, testDialects, type TestServer } from '../../../tests/helpers/server';
import { FEEDBACK_PER_WINDOW, TOO_MANY_FEEDBACK } from './feedback';

describe.each(testDialects)('feedback on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ dialect });
  });
  afterAll(() => server.close());

  const db = () => server.server.services.db;
  const userId = async (login: string) => (await db().selectFrom('users').select('id').where('login', '=', login).executeTakeFirstOrThrow()).id;
  const messagesOf = (text: string) => db().selectFrom('feedback_messages').selectAll().where('message', '=', text).execute();

  it('stores a signed message with its author, trimmed', async () => {
    const socket = await (await server.signIn('student')).openLive();
    await socket.request(preferences.sendFeedback, { message: '  Добавьте, пожалуйста, тёмную тему в тренировках.\n', anonym: '0' });
    const rows = await messagesOf('Добавьте, пожалуйста, тёмную тему в тренировках.');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ user_id: await userId('student'), is_anonymous: 0 });
    expect(Math.abs(rows[0]!.created_at - Date.now())).toBeLessThan(60_000);
    socket.close();
  });

  it('stores an anonymous message with no trace of the author', async () => {
    const socket = await (await server.signIn('sofia')).openLive();
    await socket.request(preferences.sendFeedback, { message: 'Куратор долго проверяет вторую часть.', anonym: '1' });
    const rows = await messagesOf('Куратор долго проверяет вторую часть.');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ user_id: null, is_anonymous: 1 });
    // Nothing else in the row could name the sender either.
    expect(Object.keys(rows[0]!).sort()).toEqual(['created_at', 'id', 'is_anonymous', 'message', 'user_id']);
    socket.close();
  });

  it("refuses an empty message with 'Введите сообщение' and bad fields with their name, storing nothing", async () => {
    const socket = await (await server.signIn('egor')).openLive();
    const count = async () => (await db().selectFrom('feedback_messages').select('id').execute()).length;
    const before = await count();
    expect(await socket.requestRaw(preferences.sendFeedback.path, { message: ' \n\t ', anonym: '0' })).toEqual({ success: '0', message: 'Введите сообщение' });
    expect(await socket.requestRaw(preferences.sendFeedback.path, { message: '', anonym: '1' })).toEqual({ success: '0', message: 'Введите сообщение' });
    const noFlag = await socket.requestRaw(preferences.sendFeedback.path, { message: 'Привет' });
    expect(noFlag.success).toBe('0');
    expect(noFlag.message).toMatch(/^Поле "anonym"/);
    const badFlag = await socket.requestRaw(preferences.sendFeedback.path, { message: 'Привет', anonym: 'да' });
    expect(badFlag.message).toMatch(/^Поле "anonym"/);
    const tooLong = await socket.requestRaw(preferences.sendFeedback.path, { message: 'а'.repeat(5001), anonym: '0' });
    expect(tooLong).toEqual({ success: '0', message: 'Поле "message": не длиннее 5000 символов' });
    expect(await count()).toBe(before);
    socket.close();
  });

  it(`allows ${FEEDBACK_PER_WINDOW} messages an hour per user, anonymous ones included`, async () => {
    const maxim = await (await server.signIn('maxim')).openLive();
    for (let index = 1; index <= FEEDBACK_PER_WINDOW; index += 1) {
      await maxim.request(preferences.sendFeedback, { message: `Сообщение №${index}`, anonym: index % 2 === 0 ? '1' : '0' });
    }
    expect(await maxim.requestRaw(preferences.sendFeedback.path, { message: 'Одиннадцатое', anonym: '1' })).toEqual({
      success: '0',
      message: TOO_MANY_FEEDBACK,
    });
    expect(TOO_MANY_FEEDBACK).toBe('Слишком много сообщений: можно отправить не больше 10 в час. Попробуйте позже.');
    expect(await messagesOf('Одиннадцатое')).toEqual([]);
    const signed = await db().selectFrom('feedback_messages').select('id').where('user_id', '=', await userId('maxim')).execute();
    expect(signed).toHaveLength(FEEDBACK_PER_WINDOW / 2);
    // An empty message is refused before it counts, and other users are not limited by maxim.
    expect((await maxim.requestRaw(preferences.sendFeedback.path, { message: ' ', anonym: '0' })).message).toBe('Введите сообщение');
    const varvara = await (await server.signIn('varvara')).openLive();
    await varvara.request(preferences.sendFeedback, { message: 'А у меня всё хорошо', anonym: '0' });
    maxim.close();
    varvara.close();
  });

  it('lets every user type with the feedback button send, including an inactive one', async () => {
    const socket = await (await server.signIn('inactive')).openLive();
    await socket.request(preferences.sendFeedback, { message: 'Как продлить доступ?', anonym: '0' });
    expect(await messagesOf('Как продлить доступ?')).toHaveLength(1);
    socket.close();
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { account } from '../../../src/shared/contract';
import { GOALS_MESSAGES } from '../../../src/shared/contract/account';
import { linkAccounts } from '../../../tests/helpers/factories';
import { startTestServer, testDialects, type TestServer } from '../../../tests/helpers/server';
import { newPromoCode, promoNamePart } from './referral';
import { startTelegramApiStandIn, type TelegramApiStandIn } from '../../../tests/stand-ins/telegram-api';
import { telegramLoginHash } from './telegram-login';

const TOKEN = '7012345678:AAFakeButWellFormedToken_123456';
const OTHER_TOKEN = '7099999999:AAAnotherBotsTokenEntirely_987';

/** The widget's user object for this Telegram account, signed as Telegram signs it. */
function widgetPayload(fields: { id: number; username?: string; first_name?: string; auth_date?: number }, token = TOKEN) {
  const data = { first_name: 'Алиса', auth_date: Math.floor(Date.now() / 1000) - 5, ...fields };
  return { ...data, hash: telegramLoginHash(data, token) };
}

describe.each(testDialects)('account calls on %s', (dialect) => {
  let server: TestServer;
  let telegram: TelegramApiStandIn;

  beforeAll(async () => {
    telegram = await startTelegramApiStandIn(TOKEN);
    server = await startTestServer({
      dialect,
      env: { TELEGRAM_BOT_NAME: 'enot_ege_bot', TELEGRAM_BOT_TOKEN: TOKEN, TELEGRAM_API_URL: telegram.url },
    });
  });
  afterAll(async () => {
    await server.close();
    await telegram.close();
  });

  const db = () => server.server.services.db;
  const userRow = (login: string) => db().selectFrom('users').selectAll().where('login', '=', login).executeTakeFirstOrThrow();

  describe('set_goals.php', () => {
    it('refuses an empty field with the spec text and changes nothing', async () => {
      const student = await server.signIn('student');
      const before = await userRow('student');
      const full = { ballov: '95', goalBudzhet: '2', goalVuz: 'МГУ, юридический факультет', studentOsob: 'Хорошо пишу эссе' };
      const cases: Array<[Record<string, unknown>, string]> = [
        [{ ...full, ballov: '' }, GOALS_MESSAGES.ballov],
        [{ ...full, ballov: '  ' }, GOALS_MESSAGES.ballov],
        [{ ...full, goalVuz: ' ' }, GOALS_MESSAGES.goalVuz],
        [{ ...full, studentOsob: '' }, GOALS_MESSAGES.studentOsob],
        [{ ...full, ballov: '101' }, GOALS_MESSAGES.ballovRange],
        [{ ...full, ballov: '-5' }, GOALS_MESSAGES.ballovRange],
        [{ ...full, ballov: '9.5' }, GOALS_MESSAGES.ballovRange],
      ];
      for (const [input, message] of cases) {
        expect((await student.callRaw(account.setGoals, input)).body).toEqual({ success: '0', message });
      }
      expect(GOALS_MESSAGES.ballov).toBe('Не заполнено поле "Хочу баллов на ЕГЭ"');
      expect(GOALS_MESSAGES.goalVuz).toBe('Не заполнено поле "Хочу в ВУЗ"');
      expect(GOALS_MESSAGES.studentOsob).toBe('Не заполнено поле "Обо мне"');
      const badForm = await student.callRaw(account.setGoals, { ...full, goalBudzhet: '3' });
      expect(badForm.status).toBe(400);
      expect(badForm.body.message).toMatch(/^Поле "goalBudzhet"/);
      expect(await userRow('student')).toEqual(before);
    });

    it('stores the goals, trimmed, and get_user_info shows them', async () => {
      const student = await server.signIn('student');
      await student.call(account.setGoals, { ballov: ' 85 ', goalBudzhet: '1', goalVuz: ' МГИМО ', studentOsob: 'Люблю право' });
      const { userInfo } = await student.call(account.getUserInfo, {});
      expect(userInfo).toMatchObject({ user_goal_ball: '85', goal_budzhet: '1', user_goal_vuz: 'МГИМО', user_osobennosti: 'Люблю право' });
    });

    it('takes 0 for the study form when it is not sent, and points as a number', async () => {
      const egor = await server.signIn('egor');
      await egor.call(account.setGoals, { ballov: 0, goalVuz: 'СПбГУ', studentOsob: 'Готовлюсь с нуля' });
      const { userInfo } = await egor.call(account.getUserInfo, {});
      expect(userInfo).toMatchObject({ user_goal_ball: '0', goal_budzhet: '0', user_goal_vuz: 'СПбГУ' });
      // Nobody else's goals moved.
      expect((await userRow('student')).goal_ball).toBe(85);
    });
  });

  describe('referal_info.php', () => {
    it('gives the seeded code, the same every time, with the programme text', async () => {
      const student = await server.signIn('student');
      const first = await student.call(account.referalInfo, {});
      expect(first.promoCode).toMatch(/^ENOT-ALISA-[2-9A-HJKMNP-Z]{4}$/);
      expect(first.textNoBr).toContain(first.promoCode);
      expect(first.textNoBr).not.toMatch(/<br|\n/);
      expect(await student.call(account.referalInfo, {})).toEqual(first);
      const row = await db().selectFrom('referral_codes').select('code').where('user_id', '=', (await userRow('student')).id).executeTakeFirstOrThrow();
      expect(row.code).toBe(first.promoCode);
    });

    it('generates a code once for a user who has none, and codes differ between users', async () => {
      const ksenia = await userRow('ksenia');
      await db().deleteFrom('referral_codes').where('user_id', '=', ksenia.id).execute();
      const client = await server.signIn('ksenia');
      const [a, b] = await Promise.all([client.call(account.referalInfo, {}), client.call(account.referalInfo, {})]);
      expect(a.promoCode).toBe(b.promoCode);
      expect(a.promoCode).toMatch(/^ENOT-KSENIIA-/);
      expect((await client.call(account.referalInfo, {})).promoCode).toBe(a.promoCode);
      const codes = await db().selectFrom('referral_codes').select('code').execute();
      expect(new Set(codes.map((code) => code.code)).size).toBe(codes.length);
      expect(codes.filter((code) => code.code === a.promoCode)).toHaveLength(1);
    });
  });

  describe('messenger linking', () => {
    const ALISA_TG = 512345678;

    it('names the platform site where the widget works', async () => {
      const student = await server.signIn('student');
      expect(await student.call(account.getTgLinkSite, {})).toEqual({ platformUrl: server.server.services.config.PUBLIC_URL });
    });

    it('refuses a tampered payload, another bot, a stale or future one, and another site', async () => {
      const student = await server.signIn('student');
      const good = widgetPayload({ id: ALISA_TG, username: 'alisa_smirnova' });
      const refused = async (domain: string, telegramData: Record<string, unknown>) => (await student.callRaw(account.setTgAccount, { domain, telegramData })).body;
      expect(await refused('127.0.0.1', { ...good, username: 'alisa_fake' })).toEqual({ success: '0', message: 'Данные Telegram не прошли проверку подписи. Войдите через Telegram ещё раз.' });
      expect((await refused('127.0.0.1', widgetPayload({ id: ALISA_TG, username: 'alisa_smirnova' }, OTHER_TOKEN))).message).toMatch(/проверку подписи/);
      const dayAgo = Math.floor(Date.now() / 1000) - 86_400 - 60;
      expect((await refused('127.0.0.1', widgetPayload({ id: ALISA_TG, username: 'alisa_smirnova', auth_date: dayAgo }))).message).toMatch(/устарели/);
      const later = Math.floor(Date.now() / 1000) + 3_600;
      expect((await refused('127.0.0.1', widgetPayload({ id: ALISA_TG, username: 'alisa_smirnova', auth_date: later }))).message).toMatch(/не наступило/);
      expect((await refused('enot-rus.ru', good)).message).toBe(`Привязать Telegram можно только на сайте ${server.server.services.config.PUBLIC_URL}`);
      expect((await refused('127.0.0.1', widgetPayload({ id: ALISA_TG }))).message).toMatch(/нет имени пользователя/);
      const malformed = await student.callRaw(account.setTgAccount, { domain: '127.0.0.1', telegramData: { ...good, hash: 'abc' } });
      expect(malformed.status).toBe(400);
      expect(malformed.body.message).toMatch(/^Поле "telegramData.hash"/);
      expect(await userRow('student')).toMatchObject({ tg_id: null, tg_nickname: '' });
    });

    it('links a checked payload and stores the Telegram id and nickname', async () => {
      const student = await server.signIn('student');
      await student.call(account.setTgAccount, { domain: 'localhost:5173', telegramData: widgetPayload({ id: ALISA_TG, username: 'alisa_smirnova' }) });
      expect(await userRow('student')).toMatchObject({ tg_id: String(ALISA_TG), tg_nickname: 'alisa_smirnova' });
      expect((await student.call(account.getUserInfo, {})).userInfo.tg_nickname).toBe('alisa_smirnova');
    });

    it("refuses someone else's Telegram id, even with a valid fresh payload", async () => {
      const egor = await server.signIn('egor');
      const reply = await egor.callRaw(account.setTgAccount, { domain: '127.0.0.1', telegramData: widgetPayload({ id: ALISA_TG, username: 'alisa_smirnova' }) });
      expect(reply.body).toEqual({ success: '0', message: 'Этот Telegram-аккаунт уже привязан к другому пользователю.' });
      expect(await userRow('egor')).toMatchObject({ tg_id: null, tg_nickname: '' });
    });

    it('refreshes the nickname from the Bot API, only for the caller', async () => {
      await linkAccounts(server, 'student', { vkId: '100200300' });
      await linkAccounts(server, 'egor', { vkId: '100200301', tgId: '600700800', tgNickname: 'egor_v' });
      const student = await server.signIn('student');

      // Someone else's id: refused before Telegram is asked.
      const asked = telegram.asked.length;
      expect((await student.callRaw(account.refreshTgNickname, { userVkId: '100200301' })).body).toEqual({ success: '0', message: 'Недостаточно прав для этого действия.' });
      expect(telegram.asked.length).toBe(asked);
      expect((await userRow('egor')).tg_nickname).toBe('egor_v');

      // The bot cannot see a chat it never talked to.
      expect((await student.callRaw(account.refreshTgNickname, { userVkId: '100200300' })).body.message).toMatch(/Бот @enot_ege_bot не видит/);

      telegram.chats.set(String(ALISA_TG), 'alisa_ege2027');
      expect(await student.call(account.refreshTgNickname, { userVkId: '100200300' })).toEqual({ tgNickname: 'alisa_ege2027' });
      expect(telegram.asked.at(-1)).toBe(String(ALISA_TG));
      expect((await userRow('student')).tg_nickname).toBe('alisa_ege2027');

      telegram.chats.set(String(ALISA_TG), '');
      expect((await student.callRaw(account.refreshTgNickname, { userVkId: '100200300' })).body.message).toMatch(/нет имени пользователя/);
      expect((await userRow('student')).tg_nickname).toBe('alisa_ege2027');
    });

    it('unlinks, after which the id is free and refreshing says nothing is linked', async () => {
      const student = await server.signIn('student');
      const socket = await student.openLive();
      await socket.request(account.unlinkTg, {});
      expect(await userRow('student')).toMatchObject({ tg_id: null, tg_nickname: '' });
      expect(await socket.requestRaw(account.unlinkTg.path, {})).toEqual({ success: '0', message: 'Telegram-аккаунт не привязан.' });
      socket.close();
      expect((await student.callRaw(account.refreshTgNickname, { userVkId: '100200300' })).body).toEqual({ success: '0', message: 'Telegram-аккаунт не привязан.' });

      const sofia = await server.signIn('sofia');
      await sofia.call(account.setTgAccount, { domain: '127.0.0.1', telegramData: widgetPayload({ id: ALISA_TG, username: 'alisa_ege2027' }) });
      expect(await userRow('sofia')).toMatchObject({ tg_id: String(ALISA_TG), tg_nickname: 'alisa_ege2027' });
    });

    it('lets only one of two users linking the same account at once win', async () => {
      const [maxim, varvara] = await Promise.all([server.signIn('maxim'), server.signIn('varvara')]);
      const telegramData = widgetPayload({ id: 777000111, username: 'shared_phone' });
      const replies = await Promise.all([maxim, varvara].map((client) => client.callRaw(account.setTgAccount, { domain: '127.0.0.1', telegramData })));
      expect(replies.map((reply) => reply.body.success).sort()).toEqual(['0', '1']);
      expect(replies.find((reply) => reply.body.success === '0')!.body.message).toBe('Этот Telegram-аккаунт уже привязан к другому пользователю.');
      const linked = await db().selectFrom('users').select('login').where('tg_id', '=', '777000111').execute();
      expect(linked).toHaveLength(1);
    });
  });
});

describe.each(testDialects)('account calls without a Telegram bot on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ dialect });
  });
  afterAll(() => server.close());

  it('says the bot is not configured instead of linking or refreshing', async () => {
    const student = await server.signIn('student');
    const telegramData = widgetPayload({ id: 512345678, username: 'alisa_smirnova' });
    expect((await student.callRaw(account.setTgAccount, { domain: '127.0.0.1', telegramData })).body).toEqual({ success: '0', message: 'Telegram-бот не настроен на этом сервере.' });
    expect((await student.callRaw(account.refreshTgNickname, { userVkId: '' })).body).toEqual({ success: '0', message: 'Telegram-бот не настроен на этом сервере.' });
    const row = await server.server.services.db.selectFrom('users').select(['tg_id']).where('login', '=', 'student').executeTakeFirstOrThrow();
    expect(row.tg_id).toBeNull();
  });
});

describe('promo code shape', () => {
  it('transliterates the name and uses only unambiguous characters', () => {
    expect(promoNamePart('Алиса')).toBe('ALISA');
    expect(promoNamePart('Артём')).toBe('ARTEM');
    expect(promoNamePart('Щукарь-Константин')).toBe('SHCHUKARKO');
    expect(promoNamePart('  ')).toBe('');
    let i = 0;
    expect(newPromoCode('Алиса', () => [5, 0, 30, 3][i++]!)).toBe('ENOT-ALISA-72Z5');
    expect(newPromoCode('', () => 0)).toBe('ENOT-2222');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shell } from '../../../src/shared/contract';
import { linkAccounts } from '../../../tests/helpers/factories';
import { startTestServer, testDialects, type TestServer } from '../../../tests/helpers/server';
import { startTelegramApiStandIn, type TelegramApiStandIn } from '../../../tests/stand-ins/telegram-api';

describe.each(testDialects)('shell calls on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ dialect });
  });
  afterAll(() => server.close());

  it('lists the icons a student may hide, in settings order, with group heads', async () => {
    const socket = await (await server.signIn('student')).openLive();
    const { icons } = await socket.request(shell.getIconsForHide, {});
    const keys = icons.map((icon) => icon.key);
    expect(keys).toContain('calendar');
    expect(keys).not.toContain('lk');
    expect(keys).not.toContain('curator');
    expect(icons.find((icon) => icon.key === 'trains')).toMatchObject({ group: 'trains', chapter: '1', status: '1' });
    const groupsInOrder = [...new Set(icons.map((icon) => icon.group))];
    expect(groupsInOrder).toEqual(['main', 'roadmap', 'trains', 'search', 'none']);
    socket.close();
  });

  it('hides and shows an icon group, pushing new flags to every socket of the user', async () => {
    const student = await server.signIn('student');
    const a = await student.openLive();
    const b = await student.openLive();
    await b.waitFor((message) => message.method === shell.updateIcons.path);
    const pushed = b.nextPush(shell.updateIcons);
    await a.request(shell.setIcons, { icons: { search: '0', searchVideo: '0', searchTermin: '0' } });
    const { icons } = shell.updateIcons.body.parse((await pushed).body);
    expect(icons).toMatchObject({ search: '0', searchVideo: '0', searchTermin: '0', calendar: '1' });
    const listed = await a.request(shell.getIconsForHide, {});
    expect(listed.icons.find((icon) => icon.key === 'searchVideo')?.status).toBe('0');

    const shown = b.nextPush(shell.updateIcons);
    await a.request(shell.setIcons, { icons: { search: '1', searchVideo: '1', searchTermin: '1' } });
    expect(shell.updateIcons.body.parse((await shown).body).icons.searchVideo).toBe('1');
    a.close();
    b.close();
  });

  it('refuses to toggle an icon the user may not have', async () => {
    const socket = await (await server.signIn('student')).openLive();
    const reply = await socket.requestRaw(shell.setIcons.path, { icons: { curator: '1' } });
    expect(reply.success).toBe('0');
    expect(reply.message).toContain('curator');
    const empty = await socket.requestRaw(shell.setIcons.path, { icons: {} });
    expect(empty.success).toBe('0');
    socket.close();
  });

  it('without a bot token the subscription is unknown, not a "no" (and never a "yes" for a linked account)', async () => {
    const socket = await (await server.signIn('partial')).openLive();
    expect(await socket.request(shell.checkSubBotTg, {})).toEqual({ isSubscribed: '0', subscriptionKnown: '1' });
    await linkAccounts(server, 'partial', { tgId: '777001', tgNickname: 'artem_l' });
    expect(await socket.request(shell.checkSubBotTg, {})).toEqual({ isSubscribed: '0', subscriptionKnown: '0' });
    socket.close();
  });

  it('reads public admin variables and refuses private names', async () => {
    const student = await server.signIn('student');
    const { variablesStr } = await student.call(shell.getVariablesStr, { variableNames: ['AVATAR_INFO', 'APP_LINK_IOS'] });
    expect(variablesStr.AVATAR_INFO).toContain('Енот');
    expect(variablesStr.APP_LINK_IOS).toBe('');
    const secret = await student.callRaw(shell.getVariablesStr, { variableNames: ['ZOOM_CLIENT_SECRET'] });
    expect(secret.status).toBe(400);
    expect(secret.body.message).toMatch(/^Поле "variableNames/);
  });

  it('lists the empty required fields with regions, validates and stores them', async () => {
    const demo = await server.signIn('demo');
    const before = await demo.call(shell.getRequiredNotFilledFields, {});
    expect(before.fields.map((field) => field.field)).toEqual(['user_bdate', 'user_tel', 'user_email', 'user_region']);
    expect(before.fields.find((field) => field.field === 'user_tel')).toEqual({ field: 'user_tel', name: 'Телефон', type: 'number', length: '15' });
    expect(before.fieldsAdditional.fieldsRegions.find((region) => region.regNumber === '77')?.regName).toBe('Москва');

    const empty = await demo.callRaw(shell.setRequiredNotFilledFields, { fields: [{ field: 'user_tel', value: ' ' }] });
    expect(empty.body).toEqual({ success: '0', message: 'Вы не заполнили поле "Телефон"' });
    const badRegion = await demo.callRaw(shell.setRequiredNotFilledFields, { fields: [{ field: 'user_region', value: '0' }] });
    expect(badRegion.body.message).toBe('Поле "Регион": регион не выбран');
    const badDate = await demo.callRaw(shell.setRequiredNotFilledFields, { fields: [{ field: 'user_bdate', value: '2008-02-30' }] });
    expect(badDate.body.success).toBe('0');

    await demo.call(shell.setRequiredNotFilledFields, {
      fields: [
        { field: 'user_bdate', value: '2009-05-20' },
        { field: 'user_tel', value: '79990001122' },
        { field: 'user_email', value: 'Ilya.Popov@Example.ru' },
        { field: 'user_region', value: 54 },
      ],
    });
    expect((await demo.call(shell.getRequiredNotFilledFields, {})).fields).toEqual([]);
    const row = await server.server.services.db.selectFrom('users').selectAll().where('login', '=', 'demo').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ birth_date: '2009-05-20', phone: '79990001122', email: 'ilya.popov@example.ru', region_number: 54 });
  });

  it('gives the webinar link only when the school configured one, and only to those with the button', async () => {
    const student = await server.signIn('student');
    const none = await student.callRaw(shell.getWebinarLink, {});
    expect(none.body).toEqual({ success: '0', message: 'Данные вебинара отсутствуют' });
    await server.server.services.db
      .insertInto('admin_variables')
      .values({ name: 'ZOOM_CONF_DATA', value: JSON.stringify({ number: '812 3456 7890', password: 'ege2027' }), is_public: 0, updated_at: 0 })
      .onConflict((oc) => oc.column('name').doUpdateSet({ value: JSON.stringify({ number: '81234567890', password: 'ege2027' }) }))
      .execute();
    expect((await student.call(shell.getWebinarLink, {})).link).toBe('https://app.zoom.us/wc/81234567890/join?pwd=ege2027');
    const demo = await server.signIn('demo');
    expect((await demo.callRaw(shell.getWebinarLink, {})).body.message).toBe('Недостаточно прав для этого действия.');
  });

  it('says plainly that the Telegram bot is not configured', async () => {
    const socket = await (await server.signIn('student')).openLive();
    expect(await socket.requestRaw(shell.getCurrentBotTg.path, {})).toEqual({ success: '0', message: 'Telegram-бот не настроен на этом сервере.' });
    socket.close();
  });
});

describe('Telegram bot configured', () => {
  it('names the bot and its id', async () => {
    const server = await startTestServer({ env: { TELEGRAM_BOT_NAME: 'enot_ege_bot', TELEGRAM_BOT_TOKEN: '7012345678:AAFakeButWellFormedToken_123456' } });
    const socket = await (await server.signIn('student')).openLive();
    expect(await socket.request(shell.getCurrentBotTg, {})).toEqual({ currentBotTg: 'enot_ege_bot', currentBotTgId: '7012345678' });
    socket.close();
    await server.close();
  });
});

describe.each(testDialects)('the bot subscription asks Telegram on %s', (dialect) => {
  const TOKEN = '123456:test-token-for-the-bot-subscription';
  let server: TestServer;
  let telegram: TelegramApiStandIn;
  beforeAll(async () => {
    telegram = await startTelegramApiStandIn(TOKEN);
    server = await startTestServer({ dialect, env: { TELEGRAM_BOT_NAME: 'enot_ege_bot', TELEGRAM_BOT_TOKEN: TOKEN, TELEGRAM_API_URL: telegram.url } });
  });
  afterAll(async () => {
    await server.close();
    await telegram.close();
  });

  it('a follower is subscribed, one who blocked the bot or never started it is not; answers are cached', async () => {
    await linkAccounts(server, 'partial', { tgId: '880001', tgNickname: 'follower' });
    await linkAccounts(server, 'student', { tgId: '880002', tgNickname: 'blocked' });
    telegram.members.set('880001', 'member');
    telegram.members.set('880002', 'kicked');
    const follower = await (await server.signIn('partial')).openLive();
    const blocked = await (await server.signIn('student')).openLive();
    expect(await follower.request(shell.checkSubBotTg, {})).toEqual({ isSubscribed: '1', subscriptionKnown: '1' });
    expect(await blocked.request(shell.checkSubBotTg, {})).toEqual({ isSubscribed: '0', subscriptionKnown: '1' });
    // Asked once each: the second look comes from the cache.
    expect(await follower.request(shell.checkSubBotTg, {})).toEqual({ isSubscribed: '1', subscriptionKnown: '1' });
    expect(telegram.askedMembers.filter((id) => id === '880001')).toHaveLength(1);
    follower.close();
    blocked.close();
  });

  it('a user Telegram has no chat with (never started the bot) is not subscribed', async () => {
    await linkAccounts(server, 'intensive', { tgId: '880003', tgNickname: 'stranger' });
    const socket = await (await server.signIn('intensive')).openLive();
    expect(await socket.request(shell.checkSubBotTg, {})).toEqual({ isSubscribed: '0', subscriptionKnown: '1' });
    expect(telegram.askedMembers).toContain('880003');
    socket.close();
  });

  it('Telegram not answering makes it unknown (no popup), not a "no"', async () => {
    const down = await startTestServer({ dialect, env: { TELEGRAM_BOT_NAME: 'enot_ege_bot', TELEGRAM_BOT_TOKEN: TOKEN, TELEGRAM_API_URL: 'http://127.0.0.1:9' } });
    try {
      await linkAccounts(down, 'partial', { tgId: '880004', tgNickname: 'offline' });
      const socket = await (await down.signIn('partial')).openLive();
      expect(await socket.request(shell.checkSubBotTg, {})).toEqual({ isSubscribed: '0', subscriptionKnown: '0' });
      socket.close();
    } finally {
      await down.close();
    }
  });
});

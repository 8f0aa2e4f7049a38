import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  changeAvatarName,
  createAvatar,
  feedAvatar,
  getGeneralImages,
  PET_TEXTS,
  triggerUpdateAvatar,
  triggerUpdateCookies,
  updateAvatar,
  updateCookies,
  updateInfo,
} from '../../../src/shared/contract/pet';
import { PET_BIRTH_DELAY_MS, PET_FEED, PET_REWARDS, PET_START, PET_TICK, PET_TICK_MS } from '../../../src/shared/domain/pet';
import type { LiveTestSocket } from '../../../tests/helpers/client';
import { setHomeworkProgress } from '../../../tests/helpers/factories';
import { startTestServer, testDialects, type TestServer } from '../../../tests/helpers/server';
import { cookieBalance, earnedRewards, grantEarnedRewards } from './cookies';
import { advanceAllPets } from './life';

type Pushed = Record<string, unknown>;

describe.each(testDialects)('pet on %s', (dialect) => {
  let server: TestServer;
  const sockets: LiveTestSocket[] = [];
  beforeAll(async () => {
    server = await startTestServer({ dialect });
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await server.close();
  });

  const db = () => server.server.services.db;
  const userId = async (login: string) => (await db().selectFrom('users').select('id').where('login', '=', login).executeTakeFirstOrThrow()).id;
  const live = async (login: string) => {
    const socket = await (await server.signIn(login)).openLive();
    sockets.push(socket);
    return socket;
  };
  const petOf = async (login: string) =>
    db().selectFrom('pets').selectAll().where('user_id', '=', await userId(login)).orderBy('id', 'desc').executeTakeFirstOrThrow();
  /** A part 1 finished right now, as the homework domain records it. */
  const finishPartOne = async (login: string, htNum: number) => {
    const now = Date.now();
    await setHomeworkProgress(server, login, htNum, { p1: { status: 'Готово', points: 5, startedAt: now - 60_000, finishedAt: now } });
  };

  it('without a pet: avatarExists 0 and an update_avatar push with no avatar', async () => {
    const socket = await live('demo');
    const pushed = socket.nextPush(updateAvatar);
    expect(await socket.request(triggerUpdateAvatar, {})).toEqual({ avatarExists: '0' });
    expect((await pushed).body).toEqual({ avatar: null, currentImage: null, images: [] });
  });

  it('creates one pet, pushed to every device of the owner; a second create is refused, parallel creates make one', async () => {
    const phone = await live('intensive');
    const laptop = await live('intensive');
    const onPhone = phone.nextPush(updateAvatar);
    const onLaptop = laptop.nextPush(updateAvatar);
    await laptop.request(createAvatar, {});
    for (const message of [await onPhone, await onLaptop]) {
      const body = message.body as Pushed & { avatar: Pushed; currentImage: Pushed; images: unknown[] };
      expect(body.avatar).toMatchObject({ name: 'Енот', age: 0, dead: '0', ...PET_START });
      expect(body.currentImage).toMatchObject({ imagePath: '/cub/', imageName: 'unborn.svg' });
      expect(body.images).toHaveLength(7);
    }
    expect(await laptop.requestRaw(createAvatar.path, {})).toMatchObject({ success: '0', message: PET_TEXTS.alreadyAlive });

    const demo = await live('partial');
    const replies = await Promise.all(Array.from({ length: 8 }, () => demo.requestRaw(createAvatar.path, {})));
    expect(replies.filter((reply) => reply.success === '1')).toHaveLength(1);
    expect(replies.filter((reply) => reply.success === '0').every((reply) => reply.message === PET_TEXTS.alreadyAlive)).toBe(true);
    expect(await db().selectFrom('pets').select('id').where('user_id', '=', await userId('partial')).execute()).toHaveLength(1);
  });

  it('grants each learning reward once, even for 10 parallel requests, and pushes the cookies', async () => {
    const socket = await live('student');
    const id = await userId('student');
    // The demo student's finished work (seeded) is paid once on the first ask.
    const earned = await earnedRewards(db(), id);
    expect(earned.length).toBeGreaterThan(0);
    const firstTotal = earned.reduce((sum, reward) => sum + reward.amount, 0);
    await Promise.all(Array.from({ length: 10 }, () => socket.request(triggerUpdateCookies, {})));
    expect(await cookieBalance(db(), id)).toBe(firstTotal);

    await finishPartOne('student', 4);
    const pushedCookies = socket.nextPush(updateCookies);
    const pushedInfo = socket.nextPush(updateInfo);
    // Ten at once through the socket.
    await Promise.all(Array.from({ length: 10 }, () => socket.request(triggerUpdateCookies, {})));
    expect(await cookieBalance(db(), id)).toBe(firstTotal + PET_REWARDS.homeworkP1);
    const rows = await db().selectFrom('pet_cookies').selectAll().where('user_id', '=', id).where('reward_key', '=', 'hw-p1:4:0').execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ amount: PET_REWARDS.homeworkP1, reason: 'Часть 1 ДЗ №4 выполнена' });
    // And ten straight into the service.
    await finishPartOne('student', 5);
    const granted = await Promise.all(Array.from({ length: 10 }, () => grantEarnedRewards(db(), id, Date.now())));
    expect(granted.flat().map((reward) => reward.key)).toEqual(['hw-p1:5:0']);
    expect(await cookieBalance(db(), id)).toBe(firstTotal + 2 * PET_REWARDS.homeworkP1);
    expect((await pushedCookies).body).toEqual({ userCookies: expect.any(Number) });
    expect((await pushedInfo).body).toEqual({ text: '+3 печеньки: Часть 1 ДЗ №4 выполнена' });
  });

  it('feeds: one cookie less, satiety and mood up, pushed; refuses without cookies, when full, and for someone else’s pet', async () => {
    const socket = await live('student');
    await socket.request(createAvatar, {});
    const pet = await petOf('student');
    const id = await userId('student');
    const before = await cookieBalance(db(), id);
    const avatarPush = socket.nextPush(updateAvatar);
    const cookiesPush = socket.nextPush(updateCookies);
    const { userCookies } = await socket.request(feedAvatar, { avatarId: pet.id });
    expect(userCookies).toBe(before - PET_FEED.cost);
    expect((await cookiesPush).body).toEqual({ userCookies: before - PET_FEED.cost });
    expect(((await avatarPush).body as { avatar: Pushed }).avatar).toMatchObject({ satiety: PET_START.satiety + PET_FEED.satiety, mood: PET_START.mood + PET_FEED.mood });
    const ledger = await db().selectFrom('pet_cookies').select(['amount', 'reason']).where('user_id', '=', id).where('amount', '<', 0).execute();
    expect(ledger).toEqual([{ amount: -1, reason: 'Покормлен енот Енот' }]);

    // Full: 850 + 150 = 1000, then no more.
    await socket.request(feedAvatar, { avatarId: String(pet.id) });
    expect(await socket.requestRaw(feedAvatar.path, { avatarId: pet.id })).toMatchObject({ success: '0', message: PET_TEXTS.full });

    const other = await live('intensive');
    expect(await other.requestRaw(feedAvatar.path, { avatarId: pet.id })).toMatchObject({ success: '0', message: PET_TEXTS.notFound });
    expect(await other.requestRaw(changeAvatarName.path, { avatarId: pet.id, newName: 'Чужой' })).toMatchObject({ success: '0', message: PET_TEXTS.notFound });
    const intensivePet = await petOf('intensive');
    expect(await other.requestRaw(feedAvatar.path, { avatarId: intensivePet.id })).toMatchObject({ success: '0', message: PET_TEXTS.noCookies });
    expect((await petOf('student')).name).toBe('Енот');
  });

  it('parallel feedings never spend a cookie twice or go below zero', async () => {
    const id = await userId('partial');
    const pet = await petOf('partial');
    await db().updateTable('pets').set({ satiety: 0 }).where('id', '=', pet.id).execute();
    await db().insertInto('pet_cookies').values({ user_id: id, amount: 3, reason: 'тест', reward_key: 'test:3', created_at: Date.now() }).execute();
    const socket = await live('partial');
    const replies = await Promise.all(Array.from({ length: 8 }, () => socket.requestRaw(feedAvatar.path, { avatarId: pet.id })));
    expect(replies.filter((reply) => reply.success === '1')).toHaveLength(3);
    expect(await cookieBalance(db(), id)).toBe(0);
    expect((await petOf('partial')).satiety).toBe(3 * PET_FEED.satiety);
  });

  it('renames with the check of the name, pushed', async () => {
    const socket = await live('student');
    const pet = await petOf('student');
    const pushed = socket.nextPush(updateAvatar);
    await socket.request(changeAvatarName, { avatarId: pet.id, newName: '  Полоскун  ' });
    expect(((await pushed).body as { avatar: Pushed }).avatar).toMatchObject({ name: 'Полоскун' });
    expect(await socket.requestRaw(changeAvatarName.path, { avatarId: pet.id, newName: '   ' })).toMatchObject({ success: '0' });
    expect(await socket.requestRaw(changeAvatarName.path, { avatarId: pet.id, newName: 'x'.repeat(31) })).toMatchObject({ success: '0' });
    expect(await socket.requestRaw(changeAvatarName.path, { avatarId: pet.id, newName: '<b>' })).toMatchObject({ success: '0' });
    expect(await socket.requestRaw(changeAvatarName.path, { avatarId: pet.id, newName: 'Полоскун' })).toMatchObject({ success: '0', message: PET_TEXTS.sameName });
  });

  it('lives by ticks: hungry after enough time, catches up downtime like live ticks, dies at zero health and says so', async () => {
    const socket = await live('student');
    const pet = await petOf('student');
    const born = pet.born_at;
    await db().updateTable('pets').set({ satiety: 300, mood: 0, health: 10_000, ticked_until: born }).where('id', '=', pet.id).execute();
    const services = server.server.services;
    // Only this pet lives through the test: the others' time is not due.
    await db().updateTable('pets').set({ ticked_until: born + 10_000 * PET_TICK_MS }).where('id', '!=', pet.id).execute();
    // Not yet a whole tick after birth: nothing happens.
    expect(await advanceAllPets(services, born + PET_TICK_MS - 1)).toBe(0);
    // 10 ticks one at a time, then 10 in one catch-up, give the same as the rule.
    const bornPush = socket.nextPush(updateInfo, 10_000);
    for (let tick = 1; tick <= 10; tick += 1) await advanceAllPets(services, born + tick * PET_TICK_MS);
    // Its first tick is its birth.
    expect((await bornPush).body).toEqual({ text: PET_TEXTS.born });
    const hungryPush = socket.nextPush(updateInfo, 10_000);
    await advanceAllPets(services, born + 20 * PET_TICK_MS + 5);
    let now = await petOf('student');
    expect(now.ticked_until).toBe(born + 20 * PET_TICK_MS);
    expect(now.satiety).toBe(300 + 20 * PET_TICK.satiety);
    expect((await hungryPush).body).toEqual({ text: PET_TEXTS.hungry });
    // Running the same moment again changes nothing.
    expect(await advanceAllPets(services, born + 20 * PET_TICK_MS + 5)).toBe(0);

    const deathPush = socket.waitFor((message) => message.method === updateInfo.path && message.body?.text === PET_TEXTS.died, 10_000, false);
    const deadAvatar = socket.waitFor((message) => message.method === updateAvatar.path && (message.body?.avatar as Pushed | null)?.dead === '1', 10_000, false);
    await advanceAllPets(services, born + 2000 * PET_TICK_MS);
    now = await petOf('student');
    expect(now).toMatchObject({ dead: 1, health: 0 });
    expect(now.died_at).toBeGreaterThan(born);
    expect(now.died_at).toBeLessThan(born + 2000 * PET_TICK_MS);
    await deathPush;
    expect(((await deadAvatar).body as { currentImage: Pushed }).currentImage).toMatchObject({ imageName: 'dead.svg' });

    // Dead: no feeding, no renaming; 'Создать нового' makes a fresh one.
    expect(await socket.requestRaw(feedAvatar.path, { avatarId: pet.id })).toMatchObject({ success: '0', message: PET_TEXTS.dead });
    expect(await socket.requestRaw(changeAvatarName.path, { avatarId: pet.id, newName: 'Новый' })).toMatchObject({ success: '0', message: PET_TEXTS.dead });
    await socket.request(createAvatar, {});
    const fresh = await petOf('student');
    expect(fresh.id).not.toBe(pet.id);
    expect(fresh).toMatchObject({ dead: 0, ...PET_START });
    expect(fresh.born_at).toBeGreaterThanOrEqual(Date.now() - 60_000 + PET_BIRTH_DELAY_MS);
  });

  it('serves the general images and the raccoon pictures under /avatars_images/, and nothing else', async () => {
    const socket = await live('student');
    const { generalImages } = await socket.request(getGeneralImages, {});
    expect(generalImages.map((image) => image.imageName)).toEqual(['background.svg', 'cloud.svg', 'cookie.svg']);
    for (const image of [...generalImages, { imagePath: '/adult/', imageName: 'happy.svg' }, { imagePath: '/cub/', imageName: 'unborn.svg' }]) {
      const response = await fetch(`${server.url}/avatars_images${image.imagePath}${image.imageName}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/svg+xml');
      expect(await response.text()).toMatch(/^<svg /);
    }
    for (const bad of ['/avatars_images/adult/nope.svg', '/avatars_images/../package.json', '/avatars_images/adult/%2e%2e%2fhappy.svg', '/avatars_images/secret/happy.svg']) {
      expect((await fetch(`${server.url}${bad}`)).status).toBe(404);
    }
  });
});

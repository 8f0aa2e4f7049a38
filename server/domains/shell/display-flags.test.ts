import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { iconSubject, loadCurrentUser } from '../../auth/current-user';
import { displayFlags } from '../../auth/icon-rules';
import type { Services } from '../../services';
import { editUser, expireDemo, grantGroup } from '../../../tests/helpers/factories';
import { startTestServer, testDialects, type TestServer } from '../../../tests/helpers/server';
import { flagsForUsers } from './display-flags';

/** The flags of one user evaluated the long way: their own user, groups and hidden icons. */
async function flagsOneByOne(services: Services, userId: number) {
  const user = await loadCurrentUser(services.db, userId, services.clock.now());
  if (!user) return undefined;
  const hidden = await services.db.selectFrom('user_hidden_icons').select('icon_key').where('user_id', '=', userId).execute();
  return displayFlags(await services.iconRules.get(), await iconSubject(user), new Set(hidden.map((row) => row.icon_key)));
}

describe.each(testDialects)('display flags for many users at once on %s', (dialect) => {
  let server: TestServer;
  let services: Services;
  const idOf = async (login: string) => (await services.db.selectFrom('users').select('id').where('login', '=', login).executeTakeFirstOrThrow()).id;

  beforeAll(async () => {
    server = await startTestServer({ dialect });
    services = server.server.services;
    const now = services.clock.now();
    // Every kind of difference the flags depend on: a hidden icon, a group, an expired demo, a block.
    await services.db.insertInto('user_hidden_icons').values({ user_id: await idOf('sofia'), icon_key: 'calendar' }).execute();
    await grantGroup(server, 'intensive', 'USERS_VIDEO_EDITORS');
    await expireDemo(server, 'demo', now - 1);
    await editUser(server, 'timofey', { userBlocked: '1' });
  });
  afterAll(() => server.close());

  it('gives every user the flags their own evaluation gives, and leaves out who cannot sign in', async () => {
    const users = await services.db.selectFrom('users').select(['id', 'login']).execute();
    const audiences = await flagsForUsers(services, [...users.map((user) => user.id), 999_999]);
    const byUser = new Map(audiences.flatMap((audience) => audience.userIds.map((id) => [id, audience.icons] as const)));
    for (const user of users) expect(byUser.get(user.id), String(user.login)).toEqual(await flagsOneByOne(services, user.id));
    expect(byUser.has(await idOf('timofey'))).toBe(false);
    expect(byUser.has(999_999)).toBe(false);
    // The cases above really differ from a plain student.
    const student = byUser.get(await idOf('student'))!;
    expect(student.calendar).toBe('1');
    expect(byUser.get(await idOf('sofia'))!.calendar).toBe('0');
    expect(byUser.get(await idOf('demo'))!.calendar).toBe('0');
    expect(byUser.get(await idOf('intensive'))!.curatorVideoLessons).toBe('1');
    expect(student.curatorVideoLessons).toBe('0');
  });

  it('evaluates once per distinct type, groups and hidden icons: users alike share one audience', async () => {
    const ids = await Promise.all(['student', 'egor', 'maxim', 'varvara', 'sofia', 'curator', 'admin'].map(idOf));
    const audiences = await flagsForUsers(services, [...ids, ids[0]!]);
    const plainStudents = audiences.find((audience) => audience.userIds.includes(ids[0]!))!;
    expect(plainStudents.userIds.sort()).toEqual(ids.slice(0, 4).sort());
    // sofia (a student hiding the calendar), the curator and the admin each get their own.
    expect(audiences).toHaveLength(4);
    expect(audiences.flatMap((audience) => audience.userIds)).toHaveLength(ids.length);
  });
});

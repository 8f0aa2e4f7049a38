import { admin as adminContract, crm } from '../../../src/shared/contract';
import type { UserSet } from '../../../src/shared/contract/crm';
import type { PermissionGroup } from '../../../src/shared/domain/icons';
import type { UserType } from '../../../src/shared/domain/user-types';
import { hashPassword } from '../../../server/auth/passwords';
import { DEMO_PASSWORD } from '../../../server/db/seed/policy';
import { findUserByKey, publicUserKey } from '../../../server/users/user-key';
import type { TestClient } from '../client';
import type { TestServer } from '../server';
import { adminOf } from './staff';

/** A user by demo login, by id, or as a made user / anything with its public key. */
export type Someone = string | number | { key: string } | { id: number };

export interface MadeUser {
  id: number;
  login: string;
  /** The public key the wire uses (`id<n>` or the VK id). */
  key: string;
  /** Signs in with the demo password. */
  signIn(): Promise<TestClient>;
}

export interface UserOptions {
  /** Unique per server; generated when left out. */
  login?: string;
  surname?: string;
  name?: string;
  /** VK id of an account that signed up through VK; such an account has no password. */
  vkId?: string;
  /** When the account was created (the school statistics count by it). */
  createdAt?: number;
  /** Curator of every kind (course, homework, credits), by login or id. */
  curator?: Someone;
  /** Any other card field, set the way the admin sets it on the student card. */
  profile?: UserSet;
  /** A linked Telegram account (see `linkAccounts`). */
  telegram?: { id: string; nickname: string };
}

export interface StudentOptions extends UserOptions {
  /** 'Ученик' unless told: any student type. */
  type?: Exclude<UserType, 'Админ' | 'Куратор'>;
}

let counter = 0;
let demoHash: Promise<string> | undefined;
const passwordHash = () => (demoHash ??= hashPassword(DEMO_PASSWORD));

function whereSomeone(server: TestServer, who: Someone) {
  const query = server.server.services.db.selectFrom('users').select(['id', 'vk_id']);
  if (typeof who === 'number') return query.where('id', '=', who);
  if (typeof who === 'string') return query.where('login', '=', who);
  return 'id' in who ? query.where('id', '=', who.id) : query;
}

export async function userIdOf(server: TestServer, who: Someone): Promise<number> {
  if (typeof who === 'number') return who;
  if (typeof who === 'object' && 'id' in who) return who.id;
  if (typeof who === 'object') {
    const found = await findUserByKey(server.server.services.db, who.key);
    if (!found) throw new Error(`no user with key ${who.key}`);
    return found.id;
  }
  return (await whereSomeone(server, who).executeTakeFirstOrThrow()).id;
}

export async function userKeyOf(server: TestServer, who: Someone): Promise<string> {
  if (typeof who === 'object' && 'key' in who) return who.key;
  return publicUserKey(await whereSomeone(server, who).executeTakeFirstOrThrow());
}

/**
 * Changes a user the way the admin does on the student card (crm update_user): type, block,
 * curators, mistake work, profile fields. Curators are given by login or id.
 */
export async function editUser(server: TestServer, who: Someone, change: UserSet & { curator?: Someone }): Promise<void> {
  const { curator, ...userSet } = change;
  if (curator !== undefined) {
    const curatorKey = await userKeyOf(server, curator);
    Object.assign(userSet, { userCurator: curatorKey, userCuratorDz: curatorKey, userCuratorZach: curatorKey });
  }
  await (await adminOf(server)).call(crm.updateUser, { userVkId: await userKeyOf(server, who), userSet });
}

/**
 * A new account. No call of the product creates an account with a password (people sign up
 * through VK, staff through `npm run admin`), so this is the one place a test writes a user row;
 * everything else about the account goes through the admin's student card.
 */
async function makeUser(server: TestServer, type: UserType, options: UserOptions): Promise<MadeUser> {
  const { db, clock } = server.server.services;
  const login = options.login ?? `made-${process.pid}-${++counter}`;
  const createdAt = options.createdAt ?? clock.now();
  const row = await db
    .insertInto('users')
    .values({
      login,
      password_hash: options.vkId === undefined ? await passwordHash() : null,
      vk_id: options.vkId ?? null,
      user_type: type,
      surname: options.surname ?? 'Тестов',
      name: options.name ?? 'Тест',
      demo_until: type === 'Демо' ? createdAt + 7 * 86_400_000 : null,
      created_at: createdAt,
      updated_at: createdAt,
    })
    .returning(['id', 'vk_id'])
    .executeTakeFirstOrThrow();
  const made: MadeUser = { id: row.id, login, key: publicUserKey(row), signIn: () => server.signIn(login) };
  if (options.curator !== undefined || options.profile) await editUser(server, made.id, { ...options.profile, curator: options.curator });
  if (options.telegram) await linkAccounts(server, made.id, { tgId: options.telegram.id, tgNickname: options.telegram.nickname });
  return made;
}

/**
 * A new student whose card is a copy of another's (type, curators, tariff, region, goals), with
 * their own login, e-mail and surname and no linked VK or Telegram: "one more like egor".
 */
export async function makeStudentLike(server: TestServer, model: Someone, options: { login?: string; surname?: string } = {}): Promise<MadeUser> {
  const { db } = server.server.services;
  const { id: _id, ...card } = await db.selectFrom('users').selectAll().where('id', '=', await userIdOf(server, model)).executeTakeFirstOrThrow();
  const login = options.login ?? `made-${process.pid}-${++counter}`;
  const row = await db
    .insertInto('users')
    .values({ ...card, login, email: `${login}@example.ru`, vk_id: null, tg_id: null, tg_nickname: '', surname: options.surname ?? card.surname })
    .returning(['id', 'vk_id'])
    .executeTakeFirstOrThrow();
  return { id: row.id, login, key: publicUserKey(row), signIn: () => server.signIn(login) };
}

/** A student (type 'Ученик' unless told) who signs in with the demo password. */
export function makeStudent(server: TestServer, options: StudentOptions = {}): Promise<MadeUser> {
  return makeUser(server, options.type ?? 'Ученик', options);
}

/** A curator who signs in with the demo password. */
export function makeCurator(server: TestServer, options: UserOptions = {}): Promise<MadeUser> {
  return makeUser(server, 'Куратор', options);
}

async function changeGroup(server: TestServer, group: PermissionGroup, change: (members: number[]) => number[]): Promise<void> {
  const socket = await (await adminOf(server)).openLive();
  try {
    const { usersForGroups } = await socket.request(adminContract.getUsersForGroups, {});
    const members = (usersForGroups[group] ?? []).map((member) => Number(member.userId));
    await socket.request(adminContract.updateGroupAccess, { group, usersForGroup: change(members) });
  } finally {
    socket.close();
  }
}

/** Puts a user into a permission group, as the admin does on the Группы tab. */
export async function grantGroup(server: TestServer, who: Someone, group: PermissionGroup): Promise<void> {
  const id = await userIdOf(server, who);
  await changeGroup(server, group, (members) => [...members.filter((member) => member !== id), id]);
}

/** Takes a user out of a permission group, as the admin does on the Группы tab. */
export async function revokeGroup(server: TestServer, who: Someone, group: PermissionGroup): Promise<void> {
  const id = await userIdOf(server, who);
  await changeGroup(server, group, (members) => members.filter((member) => member !== id));
}

/**
 * Links a user's VK and Telegram accounts. The product links them through VK ID and the Telegram
 * widget, both signed by the outside service, so this is the one place a test writes the ids.
 */
export async function linkAccounts(server: TestServer, who: Someone, links: { vkId?: string | null; tgId?: string | null; tgNickname?: string }): Promise<void> {
  const set = {
    ...(links.vkId !== undefined && { vk_id: links.vkId }),
    ...(links.tgId !== undefined && { tg_id: links.tgId }),
    ...(links.tgNickname !== undefined && { tg_nickname: links.tgNickname }),
  };
  await server.server.services.db.updateTable('users').set(set).where('id', '=', await userIdOf(server, who)).execute();
}

/**
 * Ends a demo account's free period (a second before now unless told): the days pass in real
 * time only, so this is the one place a test moves them.
 */
export async function expireDemo(server: TestServer, who: Someone, at = server.server.services.clock.now() - 1000): Promise<void> {
  await server.server.services.db.updateTable('users').set({ demo_until: at }).where('id', '=', await userIdOf(server, who)).execute();
}

import { auth } from '../../../src/shared/contract';
import { DEMO_DAYS, effectiveUserType, isUserType, landingPathFor } from '../../../src/shared/domain/user-types';
import { currentUserFromRow } from '../../auth/current-user';
import { landingOf } from '../../auth/landing';
import { DUMMY_HASH, hashPassword, verifyPassword } from '../../auth/passwords';
import { createSession, revokeSession } from '../../auth/sessions';
import { fail } from '../../contract/errors';
import { implement, implementPublic, type CallContext } from '../../contract/implement';
import type { UserRow } from '../../db/schema';
import { VkIdError, type VkProfile } from '../../providers/vk-id';
import { assertNotDemoPassword, assertPasswordOpensSession, NO_CHANGE_NEEDED, SAME_PASSWORD } from './password-rules';
import { assertSignInAllowed, beginSignInAttempt, countSignInFailure } from './rate-limit';

const DAY = 24 * 60 * 60 * 1000;
const VK_NOT_CONFIGURED = 'Вход через VK не настроен на этом сервере. Войдите по логину и паролю.';
const BLOCKED = 'Аккаунт заблокирован. Обратитесь в поддержку школы.';

/** Issues a session for a user and answers like get_enot_token.php. */
async function issueSession(ctx: CallContext, user: UserRow) {
  if (user.blocked === 1) fail(BLOCKED);
  const { services } = ctx;
  const now = services.clock.now();
  const session = await createSession(services.db, user.id, {
    now,
    ttlDays: services.config.SESSION_TTL_DAYS,
    userAgent: ctx.request.userAgent,
    ip: ctx.request.ip,
  });
  const stored = isUserType(user.user_type) ? user.user_type : 'Неактивный';
  const current = await currentUserFromRow(services.db, user, now);
  const landing = current ? await landingOf(current, await services.iconRules.get()) : landingPathFor(effectiveUserType(stored, user.demo_until, now));
  return { ...session, userType: effectiveUserType(stored, user.demo_until, now), landing };
}

/**
 * Runs a VK ID exchange; its refusals (bad code, verifier or token) count as failed sign-in
 * attempts of the address. An outage of VK ID does not: it would lock a whole school's address
 * out of password sign-in too.
 */
async function withVk<T>(ctx: CallContext, work: () => Promise<T>): Promise<T> {
  await assertSignInAllowed(ctx.services.kv, ctx.request.ip);
  try {
    return await work();
  } catch (error) {
    if (error instanceof VkIdError) {
      if (error.refused) await countSignInFailure(ctx.services.kv, ctx.request.ip);
      fail(error.message);
    }
    throw error;
  }
}

/** The VK profile behind a token, checked to belong to the claimed VK user. */
async function verifiedProfile(ctx: CallContext, vkToken: string, vkUserId: string): Promise<VkProfile> {
  const { vkId } = ctx.services;
  if (!vkId.configured) fail(VK_NOT_CONFIGURED);
  const profile = await withVk(ctx, () => vkId.fetchProfile(vkToken));
  if (profile.vkUserId !== vkUserId) {
    await countSignInFailure(ctx.services.kv, ctx.request.ip);
    fail('Токен VK выдан другому пользователю. Войдите ещё раз.');
  }
  return profile;
}

/** The account behind a login and password, each wrong guess counted against the address and the login. */
async function checkedPassword(ctx: CallContext, login: string, password: string): Promise<UserRow> {
  const normalized = login.toLowerCase();
  const { kv, clock } = ctx.services;
  const attempt = await beginSignInAttempt(kv, ctx.request.ip, normalized, () => clock.now());
  let user: UserRow | undefined;
  let valid = false;
  let checked = false;
  try {
    user = await ctx.services.db.selectFrom('users').selectAll().where('login', '=', normalized).executeTakeFirst();
    // Verify against a dummy hash for unknown logins too, so the answer time does not reveal them.
    valid = await verifyPassword(password, user?.password_hash ?? DUMMY_HASH);
    checked = true;
  } finally {
    // An internal error (database down) is not the caller's failed guess.
    await attempt.finish(checked && (!user || !valid));
  }
  if (!user || !valid) fail('Неверный логин или пароль.');
  return user;
}

export const authHandlers = [
  implementPublic(auth.localSignIn, async (ctx, { login, password }) => {
    const user = await checkedPassword(ctx, login, password);
    assertPasswordOpensSession(ctx.services.config, user, password);
    return issueSession(ctx, user);
  }),

  implementPublic(auth.changeOneTimePassword, async (ctx, { login, password, newPassword }) => {
    const user = await checkedPassword(ctx, login, password);
    assertNotDemoPassword(ctx.services.config, password);
    if (user.password_must_change !== 1) fail(NO_CHANGE_NEEDED);
    if (newPassword === password) fail(SAME_PASSWORD);
    assertNotDemoPassword(ctx.services.config, newPassword);
    const updated = await ctx.services.db
      .updateTable('users')
      .set({ password_hash: await hashPassword(newPassword), password_must_change: 0, updated_at: ctx.services.clock.now() })
      .where('id', '=', user.id)
      .where('password_must_change', '=', 1)
      .returningAll()
      .executeTakeFirst();
    // A parallel change won: this one's password is no longer the account's.
    if (!updated) fail(NO_CHANGE_NEEDED);
    return issueSession(ctx, updated);
  }),

  implementPublic(auth.getVkIdConfig, async (ctx) => {
    const { vkId } = ctx.services;
    return {
      configured: vkId.configured ? '1' : '0',
      clientId: vkId.clientId,
      redirectUri: vkId.redirectUri,
      authorizeUrl: vkId.authorizeUrl,
      scope: vkId.scope,
    } as const;
  }),

  implementPublic(auth.getVkAccessTokenFromCode, async (ctx, input) => {
    const { vkId } = ctx.services;
    if (!vkId.configured) fail(VK_NOT_CONFIGURED);
    const { accessToken, userId } = await withVk(ctx, () => vkId.exchangeCode(input));
    return { vkToken: accessToken, vkUserId: userId };
  }),

  implementPublic(auth.getEnotToken, async (ctx, { vkToken, vkUserId }) => {
    const profile = await verifiedProfile(ctx, vkToken, vkUserId);
    const user = await ctx.services.db.selectFrom('users').selectAll().where('vk_id', '=', profile.vkUserId).executeTakeFirst();
    // The wire keeps the old English marker; the sign-in page shows 'Вы не зарегистрированы' for it.
    if (!user) fail('no users found');
    return issueSession(ctx, user);
  }),

  implementPublic(auth.signupVkid, async (ctx, { vkToken, vkUserId }) => {
    const profile = await verifiedProfile(ctx, vkToken, vkUserId);
    const { db, clock } = ctx.services;
    const existing = await db.selectFrom('users').selectAll().where('vk_id', '=', profile.vkUserId).executeTakeFirst();
    // Signing up twice just signs in: the account and its progress are already there.
    if (existing) return issueSession(ctx, existing);
    const now = clock.now();
    const created = await db
      .insertInto('users')
      .values({
        vk_id: profile.vkUserId,
        user_type: 'Демо',
        demo_until: now + DEMO_DAYS * DAY,
        name: profile.firstName,
        surname: profile.lastName,
        email: profile.email,
        phone: profile.phone.replace(/\D/g, ''),
        birth_date: profile.birthDate,
        ava_link: profile.avatar,
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) => oc.column('vk_id').doNothing())
      .returningAll()
      .executeTakeFirst();
    // A parallel sign-up of the same person may have won the insert; sign in that row.
    const user = created ?? (await db.selectFrom('users').selectAll().where('vk_id', '=', profile.vkUserId).executeTakeFirstOrThrow());
    return issueSession(ctx, user);
  }),

  implement(auth.logout, async (ctx) => {
    await revokeSession(ctx.services.db, ctx.session.device, ctx.services.clock.now());
    await ctx.services.live.endSession(ctx.session.device);
    return {};
  }),
];

import type { Config } from '../../config';
import { fail } from '../../contract/errors';
import type { UserRow } from '../../db/schema';
import { DEMO_PASSWORD } from '../../db/seed/policy';

export const MUST_CHANGE_PASSWORD = 'Этот пароль выдан на один вход. Придумайте свой пароль, чтобы войти.';
export const DEMO_PASSWORD_LOCKED =
  'Вход с демо-паролем на этом сервере запрещён: он опубликован. Попросите администратора школы выдать вам новый пароль.';
export const NO_CHANGE_NEEDED = 'Пароль этого аккаунта уже постоянный: войдите с ним.';
export const SAME_PASSWORD = 'Новый пароль должен отличаться от выданного.';

/**
 * Rules a correct password must still pass before it opens a session: the published demo
 * password on a public server (until DEMO_SEED=on), then a one-time password that must be
 * replaced first (the renderer shows the change form on `mustChangePassword: '1'`).
 */
export function assertPasswordOpensSession(config: Config, user: UserRow, password: string): void {
  assertNotDemoPassword(config, password);
  if (user.password_must_change === 1) fail(MUST_CHANGE_PASSWORD, { mustChangePassword: '1' });
}

export function assertNotDemoPassword(config: Config, password: string): void {
  if (config.DEMO_PASSWORD_LOCKED && password === DEMO_PASSWORD) fail(DEMO_PASSWORD_LOCKED);
}

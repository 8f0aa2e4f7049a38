import { randomBytes } from 'node:crypto';
import { hashPassword } from '../auth/passwords';
import type { Db } from '../db';

/** Why a command did nothing, in words for the operator. */
export class AdminCommandError extends Error {}

export const MIN_PASSWORD_LENGTH = 8;
const LOGIN = /^[a-z0-9][a-z0-9._-]{1,63}$/;

/** A password for one sign-in: 16 URL-safe characters (96 random bits). */
export function oneTimePassword(): string {
  return randomBytes(12).toString('base64url');
}

function checkedLogin(login: string): string {
  const normalized = login.trim().toLowerCase();
  if (!LOGIN.test(normalized)) throw new AdminCommandError('Логин: 2–64 символа, латиница, цифры, точка, дефис или подчёркивание.');
  return normalized;
}

function checkedPassword(password: string): string {
  if (password.length < MIN_PASSWORD_LENGTH) throw new AdminCommandError(`Пароль должен быть не короче ${MIN_PASSWORD_LENGTH} символов.`);
  if (password.length > 200) throw new AdminCommandError('Пароль должен быть не длиннее 200 символов.');
  return password;
}

/** A new admin account whose password works for one sign-in, where it must be replaced. */
export async function createAdmin(db: Db, login: string, password: string, now: number): Promise<void> {
  const name = checkedLogin(login);
  const hash = await hashPassword(checkedPassword(password));
  const existing = await db.selectFrom('users').select('id').where('login', '=', name).executeTakeFirst();
  if (existing) throw new AdminCommandError(`Логин ${name} уже занят. Новый пароль ему задаёт: npm run admin -- reset ${name}`);
  await db
    .insertInto('users')
    .values({ login: name, user_type: 'Админ', password_hash: hash, password_must_change: 1, surname: 'Администратор', created_at: now, updated_at: now })
    .execute();
}

/**
 * Gives an existing account (any type) a one-time password, unblocks nothing and ends its open
 * sessions: whoever knew the old password is signed out.
 */
export async function resetPassword(db: Db, login: string, password: string, now: number): Promise<void> {
  const name = checkedLogin(login);
  const hash = await hashPassword(checkedPassword(password));
  await db.transaction().execute(async (trx) => {
    const user = await trx
      .updateTable('users')
      .set({ password_hash: hash, password_must_change: 1, updated_at: now })
      .where('login', '=', name)
      .returning('id')
      .executeTakeFirst();
    if (!user) throw new AdminCommandError(`Аккаунта с логином ${name} нет. Создать администратора: npm run admin -- create ${name}`);
    await trx.updateTable('sessions').set({ revoked_at: now }).where('user_id', '=', user.id).where('revoked_at', 'is', null).execute();
  });
}

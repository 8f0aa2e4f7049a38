import { verifyPassword } from '../../auth/passwords';
import type { Logger } from '../../log';
import type { Db } from '../index';
import { DEMO_USERS } from './demo';
import { DEMO_PASSWORD } from './policy';

/**
 * On a public address without DEMO_SEED=on: names, in one log line, the demo accounts that still
 * have the published password (sign-in refuses them). Seeded accounts share one hash, so each
 * distinct hash is checked once.
 */
export async function warnAboutDemoAccounts(db: Db, log: Logger): Promise<string[]> {
  const rows = await db
    .selectFrom('users')
    .select(['login', 'password_hash'])
    .where('login', 'in', DEMO_USERS.map((user) => user.login))
    .where('password_hash', 'is not', null)
    .execute();
  const verdicts = new Map<string, boolean>();
  const found: string[] = [];
  for (const row of rows) {
    const hash = row.password_hash!;
    if (!verdicts.has(hash)) verdicts.set(hash, await verifyPassword(DEMO_PASSWORD, hash));
    if (verdicts.get(hash)) found.push(row.login!);
  }
  if (found.length > 0) {
    log.warn(
      `Демо-аккаунты с опубликованным паролем на публичном адресе: ${found.sort().join(', ')}. Вход в них запрещён; смените им пароль (npm run admin -- reset <логин>) или включите DEMO_SEED=on.`,
    );
  }
  return found;
}

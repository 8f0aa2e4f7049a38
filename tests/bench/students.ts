import { randomBytes } from 'node:crypto';
import type { OpenedDb } from '../../server/db';

/** A seeded bench account: the demo student's copy with a live session of its own. */
export interface BenchAccount {
  id: number;
  login: string;
  session: { token: string; device: string };
}

const SESSION_TTL_MS = 90 * 86_400_000;
const CHUNK = 100;

/**
 * `count` copies of the demo user `templateLogin` (same type, tariff, curator), each with a session,
 * written straight into the database in one transaction: signing in thousands of times would meet
 * the sign-in limiter, and the benches add no route for it.
 */
export async function seedBenchAccounts(opened: OpenedDb, count: number, now: number, templateLogin = 'student'): Promise<BenchAccount[]> {
  const { db } = opened;
  const template = await db.selectFrom('users').selectAll().where('login', '=', templateLogin).executeTakeFirstOrThrow();
  const { id: _id, ...row } = template;
  const accounts: BenchAccount[] = [];
  await db.transaction().execute(async (trx) => {
    for (let from = 0; from < count; from += CHUNK) {
      const values = Array.from({ length: Math.min(CHUNK, count - from) }, (_, offset) => {
        const n = from + offset + 1;
        const login = `bench${n}`;
        return { ...row, login, vk_id: null, tg_id: null, tg_nickname: '', password_hash: null, email: `${login}@example.ru`, surname: 'Нагрузочный', name: `Ученик ${n}`, created_at: now, updated_at: now };
      });
      const ids = await trx.insertInto('users').values(values).returning(['id', 'login']).execute();
      const sessions = ids.map(({ id }) => ({
        device: 'd' + randomBytes(18).toString('base64url'),
        token: randomBytes(32).toString('hex'),
        user_id: id,
        created_at: now,
        expires_at: now + SESSION_TTL_MS,
        user_agent: 'enot-bench',
        ip: '127.0.0.1',
      }));
      await trx.insertInto('sessions').values(sessions).execute();
      sessions.forEach((session, index) => accounts.push({ id: session.user_id, login: ids[index]!.login ?? '', session: { token: session.token, device: session.device } }));
    }
  });
  return accounts;
}

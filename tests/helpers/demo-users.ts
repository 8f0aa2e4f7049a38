import { loadCurrentUser, type CurrentUser } from '../../server/auth/current-user';
import type { TestServer } from './server';

/** One demo login per user type (password 'demo'). */
export const DEMO_LOGINS = ['admin', 'curator', 'intensive', 'demo', 'inactive', 'partial', 'subscription', 'package', 'student'] as const;

/** The demo users as the server sees them (type, groups), to evaluate access rules in tests. */
export async function loadDemoUsers(server: TestServer): Promise<Map<string, CurrentUser>> {
  const { db, clock } = server.server.services;
  const rows = await db.selectFrom('users').select(['id', 'login']).where('login', 'in', [...DEMO_LOGINS]).execute();
  const users = new Map<string, CurrentUser>();
  for (const row of rows) {
    const user = await loadCurrentUser(db, row.id, clock.now());
    if (user) users.set(row.login!, user);
  }
  return users;
}

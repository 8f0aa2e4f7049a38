import type { TestClient } from '../client';
import type { TestServer } from '../server';

/** One signed-in admin per test server: the factories act as the school's admin would. */
const admins = new WeakMap<TestServer, Promise<TestClient>>();

export function adminOf(server: TestServer): Promise<TestClient> {
  let admin = admins.get(server);
  if (!admin) {
    admin = server.signIn('admin');
    // A failed sign-in is not remembered: the next factory call tries again.
    admin.catch(() => admins.delete(server));
    admins.set(server, admin);
  }
  return admin;
}

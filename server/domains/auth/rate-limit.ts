import type { KeyValueStore } from '../../kv';
import { fail } from '../../contract/errors';

const WINDOW_MS = 15 * 60 * 1000;
/** Attempts per login in the window: enough for typos, too few for guessing. */
const PER_LOGIN = 10;
/** Attempts per address in the window: a school behind one NAT still fits. */
const PER_ADDRESS = 60;

export const TOO_MANY_ATTEMPTS = 'Слишком много попыток входа. Попробуйте снова через 15 минут.';

/** Counts a sign-in attempt; refuses once the login or the address used up its window. */
export async function countSignInAttempt(kv: KeyValueStore, ip: string, login?: string): Promise<void> {
  const byAddress = await kv.increment(`signin-ip:${ip}`, WINDOW_MS);
  if (byAddress > PER_ADDRESS) fail(TOO_MANY_ATTEMPTS);
  if (login !== undefined) {
    const byLogin = await kv.increment(`signin-login:${login}`, WINDOW_MS);
    if (byLogin > PER_LOGIN) fail(TOO_MANY_ATTEMPTS);
  }
}

/** A successful sign-in forgives the login's earlier typos. */
export async function forgetLoginAttempts(kv: KeyValueStore, login: string): Promise<void> {
  await kv.delete(`signin-login:${login}`);
}

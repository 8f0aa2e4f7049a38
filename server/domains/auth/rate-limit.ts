import type { KeyValueStore } from '../../kv';
import { fail } from '../../contract/errors';

const WINDOW_MS = 15 * 60 * 1000;
/** Failed attempts per login in the window: enough for typos, too few for guessing. */
const FAILURES_PER_LOGIN = 10;
/** Failed attempts per address in the window: a school behind one NAT still fits. */
const FAILURES_PER_ADDRESS = 50;

export const TOO_MANY_ATTEMPTS = 'Слишком много неудачных попыток входа. Попробуйте снова через 15 минут.';

const addressKey = (ip: string) => `signin-fail-ip:${ip}`;
const loginKey = (login: string) => `signin-fail-login:${login}`;

/** Refuses before any work once the address or the login used up its failures. */
export async function assertSignInAllowed(kv: KeyValueStore, ip: string, login?: string): Promise<void> {
  if ((await kv.get(addressKey(ip))) >= FAILURES_PER_ADDRESS) fail(TOO_MANY_ATTEMPTS);
  if (login !== undefined && (await kv.get(loginKey(login))) >= FAILURES_PER_LOGIN) fail(TOO_MANY_ATTEMPTS);
}

/** Counts a failed attempt; successful sign-ins never count, so busy shared addresses are fine. */
export async function countSignInFailure(kv: KeyValueStore, ip: string, login?: string): Promise<void> {
  await kv.increment(addressKey(ip), WINDOW_MS);
  if (login !== undefined) await kv.increment(loginKey(login), WINDOW_MS);
}

/** A password check under way; `finish` must be called exactly once, whatever happens. */
export interface SignInAttempt {
  /** Keeps the reserved failure when `failed`, gives it back otherwise. */
  finish(failed: boolean): Promise<void>;
}

/**
 * Starts a password check for `login` from `ip` by reserving one failure on both counters first
 * (atomic in memory and in Redis), so parallel guesses, even spread over several instances, never
 * get more checks than the limit. A successful or aborted check gives its reservation back.
 */
export async function beginSignInAttempt(kv: KeyValueStore, ip: string, login: string): Promise<SignInAttempt> {
  const keys: Array<[string, number]> = [
    [addressKey(ip), FAILURES_PER_ADDRESS],
    [loginKey(login), FAILURES_PER_LOGIN],
  ];
  const counts: number[] = [];
  for (const [key] of keys) counts.push(await kv.increment(key, WINDOW_MS));
  const refund = async () => {
    for (const [key] of keys) await kv.increment(key, WINDOW_MS, -1);
  };
  if (keys.some(([, limit], index) => counts[index]! > limit)) {
    await refund();
    fail(TOO_MANY_ATTEMPTS);
  }
  let finished = false;
  return {
    async finish(failed) {
      if (finished) return;
      finished = true;
      if (!failed) await refund();
    },
  };
}

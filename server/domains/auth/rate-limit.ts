import type { KeyValueStore } from '../../kv';
import { fail } from '../../contract/errors';
import { countText } from '../../../src/shared/domain/russian-plural';
import { throttleAddressKey } from '../../auth/address-key';

/**
 * Sign-in throttling after OWASP's authentication guidance: failures are counted per (login,
 * address) and per address, never per login alone, so a stranger guessing a student's password
 * slows down only themselves; the student signing in from her own address is never held back.
 * A few typos are free, then every further failure of that login from that address doubles the
 * wait before the next try (2 s, 4 s, … up to 15 minutes) instead of walling the account off.
 */

/** Failures of one login from one address that cost nothing: typos. */
export const FREE_FAILURES = 5;
/** The wait after the last free failure; it doubles with every further one. */
const FIRST_DELAY_MS = 2_000;
/** The wait never grows past this. */
const MAX_DELAY_MS = 15 * 60 * 1000;
/** How long the failures of one login from one address are remembered, from the first of them. */
const PAIR_WINDOW_MS = 60 * 60 * 1000;
/** Failed attempts per address (any logins) in its window: a school behind one NAT still fits. */
const FAILURES_PER_ADDRESS = 50;
const ADDRESS_WINDOW_MS = 15 * 60 * 1000;

/** What an address that used up its failures reads (every login from it waits 15 minutes). */
export const TOO_MANY_ATTEMPTS = 'Слишком много неудачных попыток входа. Попробуйте снова через 15 минут.';

const SECONDS = ['секунду', 'секунды', 'секунд'] as const;
const MINUTES = ['минуту', 'минуты', 'минут'] as const;

/** What a login throttled at one address reads: the same sentence, with the time still to wait. */
export function waitMessage(waitMs: number): string {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  const time = seconds < 60 ? countText(seconds, SECONDS) : countText(Math.ceil(seconds / 60), MINUTES);
  return `Слишком много неудачных попыток входа. Попробуйте снова через ${time}.`;
}

/** The wait after the `failures`-th failure of one login from one address (0 while still free). */
export function delayAfter(failures: number): number {
  if (failures < FREE_FAILURES) return 0;
  return Math.min(FIRST_DELAY_MS * 2 ** Math.min(failures - FREE_FAILURES, 30), MAX_DELAY_MS);
}

// An IPv6 caller counts as its /64 (throttleAddressKey): rotating through one's own /64 is free.
const addressKey = (ip: string) => `signin-fail-ip:${throttleAddressKey(ip)}`;
// Both parts encoded: an IPv6 address holds ':' and a login may hold anything.
const pairKey = (login: string, ip: string) => `signin-fail:${encodeURIComponent(throttleAddressKey(ip))}/${encodeURIComponent(login)}`;
/** When the `failure`-th failure of a pair allows the next try (epoch ms); one key per failure number. */
const untilKey = (pair: string, failure: number) => `signin-until:${pair}#${failure}`;

/** Refuses before any work once the address used up its failures (VK sign-in: no login to pair with). */
export async function assertSignInAllowed(kv: KeyValueStore, ip: string): Promise<void> {
  if ((await kv.get(addressKey(ip))) >= FAILURES_PER_ADDRESS) fail(TOO_MANY_ATTEMPTS);
}

/** Counts a failed attempt of the address; successful sign-ins never count, so busy shared addresses are fine. */
export async function countSignInFailure(kv: KeyValueStore, ip: string): Promise<void> {
  await kv.increment(addressKey(ip), ADDRESS_WINDOW_MS);
}

/** A password check under way; `finish` must be called exactly once, whatever happens. */
export interface SignInAttempt {
  /** Keeps the reserved failure (and starts the wait it earns) when `failed`, gives it back otherwise. */
  finish(failed: boolean): Promise<void>;
}

/**
 * Starts a password check for `login` from `ip`. One failure is reserved on the address and on the
 * pair first (atomic in the database and in Redis), so parallel guesses, even spread over several
 * instances, never get more checks than allowed: the reservation's number says which failure this
 * would be, and past the free ones it runs only once the wait of the previous failure is over (a
 * previous check still in flight counts as not over). A successful or aborted check gives its
 * reservation back.
 */
export async function beginSignInAttempt(kv: KeyValueStore, ip: string, login: string, now: () => number): Promise<SignInAttempt> {
  const address = addressKey(ip);
  const pair = pairKey(login, ip);
  if ((await kv.increment(address, ADDRESS_WINDOW_MS)) > FAILURES_PER_ADDRESS) {
    await kv.increment(address, ADDRESS_WINDOW_MS, -1);
    fail(TOO_MANY_ATTEMPTS);
  }
  const failure = await kv.increment(pair, PAIR_WINDOW_MS);
  const refund = async () => {
    await kv.increment(address, ADDRESS_WINDOW_MS, -1);
    await kv.increment(pair, PAIR_WINDOW_MS, -1);
  };
  if (failure > FREE_FAILURES) {
    const until = await kv.get(untilKey(pair, failure - 1));
    // No time recorded yet: the previous check is still running (a burst of parallel guesses), so
    // the wait is not known; the shortest one is named, and a later try reads the real one.
    const waitMs = until === 0 ? delayAfter(FREE_FAILURES) : Math.min(until - now(), delayAfter(failure - 1));
    if (waitMs > 0) {
      await refund();
      fail(waitMessage(waitMs));
    }
  }
  let finished = false;
  return {
    async finish(failed) {
      if (finished) return;
      finished = true;
      // A success only gives its reservation back: deleting the pair's count here would let the
      // refunds of checks still in flight push it below zero.
      if (!failed) return refund();
      if (failure >= FREE_FAILURES) await recordWait(kv, untilKey(pair, failure), now() + delayAfter(failure));
    },
  };
}

/**
 * Stores when the next try is allowed. Only the check holding this failure number writes its key,
 * but a key of an earlier, forgotten run of failures may still be there: then it is replaced.
 */
async function recordWait(kv: KeyValueStore, key: string, until: number): Promise<void> {
  if ((await kv.increment(key, PAIR_WINDOW_MS, until)) === until) return;
  await kv.delete(key);
  await kv.increment(key, PAIR_WINDOW_MS, until);
}

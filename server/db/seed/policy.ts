/**
 * When the demo content and its accounts (password `demo`, printed in README) may exist.
 *
 * A laptop's `npm start` (embedded SQLite, a loopback HOST, no PUBLIC_URL) gets them, so the
 * quick start shows every screen. Anything else (a public address, PostgreSQL, HOST=0.0.0.0)
 * starts empty unless DEMO_SEED=on says otherwise: a published password must not open a school.
 */

/** Password of every demo account (printed by `npm start` on a laptop). */
export const DEMO_PASSWORD = 'demo';

export interface DemoPolicyInput {
  /** DEMO_SEED as set; undefined when unset. */
  demoSeed: boolean | undefined;
  databaseUrl: string;
  host: string;
  /** PUBLIC_URL as set; undefined when unset. */
  publicUrl: string | undefined;
}

export interface DemoPolicy {
  /** Create the demo content and accounts at start. */
  seed: boolean;
  /** Accounts with the demo password are refused at sign-in (a public address without DEMO_SEED=on). */
  lockDemoPassword: boolean;
}

export function decideDemoPolicy(input: DemoPolicyInput): DemoPolicy {
  const laptop = input.databaseUrl.startsWith('sqlite:') && isLoopbackHost(input.host) && input.publicUrl === undefined;
  return {
    seed: input.demoSeed ?? laptop,
    lockDemoPassword: input.demoSeed !== true && isPublicAddress(input.publicUrl),
  };
}

/** A host name or address of this machine only. */
export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase();
  return bare === 'localhost' || bare.endsWith('.localhost') || bare === '::1' || /^127\./.test(bare);
}

/** A PUBLIC_URL that names a host other than this machine. */
export function isPublicAddress(url: string | undefined): boolean {
  if (!url) return false;
  return !isLoopbackHost(new URL(url).hostname);
}

/** The start banner's line about the demo content when none was created by this start. */
export function demoOffLine(policy: DemoPolicy): string {
  return policy.lockDemoPassword
    ? 'Демо-наполнение выключено (публичный адрес); вход с демо-паролем запрещён. Включить: DEMO_SEED=on. Первый администратор: npm run admin -- create <логин>'
    : 'Демо-наполнение выключено. Включить: DEMO_SEED=on. Первый администратор: npm run admin -- create <логин>';
}
